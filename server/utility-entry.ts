import { loadConfig } from './config.js';
import { desktopStatus } from './desktop-status.js';
import { startServer, type RunningServer } from './index.js';
import { PortTakenError } from './net/free-port.js';
import type { ServerHostMessage } from '../shared/ipc.js';

/** Electron's utilityProcess channel to the main process; absent under plain Node. */
interface ParentPort {
  postMessage(message: ServerHostMessage): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
const STATUS_EVERY_MS = 3000;

/** Tells the desktop shell the event's state whenever it changes (it decides closing, sleep, updates). */
function reportStatus(running: RunningServer): void {
  let last = '';
  setInterval(() => {
    void reportOnce();
  }, STATUS_EVERY_MS).unref();
  async function reportOnce(): Promise<void> {
    try {
      const status = await desktopStatus(running.app.services);
      const text = JSON.stringify(status);
      if (text !== last) {
        last = text;
        parentPort?.postMessage({ type: 'server-status', ...status });
      }
    } catch (err) {
      // A restore swaps the database for a moment; the next round reports again.
      running.app.ctx.logger.debug({ module: 'desktop-status', err }, 'status skipped');
    }
  }
}

async function main(): Promise<void> {
  try {
    const config = loadConfig(process.env, process.argv.slice(2), {
      packaged: process.env.MATCHDAY_PACKAGED === 'true',
    });
    const running = await startServer({ config });
    parentPort?.postMessage({
      type: 'server-started',
      port: running.port,
      lanUrls: running.lanUrls,
      dataDir: config.dataDir,
      adminLinkToken: await running.app.services.auth.createAdminLinkToken(),
    });
    reportStatus(running);
    running.onAddressesChange((lanUrls) => parentPort?.postMessage({ type: 'server-addresses', lanUrls }));
    running.app.services.attention.onRaised(({ kind, message }) =>
      parentPort?.postMessage({ type: 'attention', kind, message }),
    );
    parentPort?.on('message', ({ data }) => {
      const type = (data as { type?: string }).type;
      if (type === 'stop') {
        void running.stop().then(() => process.exit(0));
      } else if (type === 'admin-link') {
        // A re-created window signs in with a link of its own: each one works once.
        void running.app.services.auth
          .createAdminLinkToken()
          .then((adminLinkToken) => parentPort?.postMessage({ type: 'admin-link', adminLinkToken }))
          .catch((err: unknown) => running.app.ctx.logger.error({ err }, 'no admin link for the window'));
      }
    });
  } catch (err) {
    parentPort?.postMessage({
      type: 'server-failed',
      message: (err as Error).message,
      nextFreePort: err instanceof PortTakenError ? err.nextFreePort : undefined,
    });
    console.error((err as Error).message);
    process.exit(1);
  }
}

void main();
