import { loadConfig } from './config.js';
import { startServer } from './index.js';
import type { ServerHostMessage } from '../shared/ipc.js';

/** Electron's utilityProcess channel to the main process; absent under plain Node. */
interface ParentPort {
  postMessage(message: ServerHostMessage): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;

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
      adminLinkToken: running.app.services.auth.createAdminLinkToken(),
    });
    parentPort?.on('message', ({ data }) => {
      if ((data as { type?: string }).type === 'stop') {
        void running.stop().then(() => process.exit(0));
      }
    });
  } catch (err) {
    parentPort?.postMessage({ type: 'server-failed', message: (err as Error).message });
    console.error((err as Error).message);
    process.exit(1);
  }
}

void main();
