import { ConfigError, loadConfig } from './config.js';
import { startServer, type RunningServer } from './index.js';
import { PortTakenError } from './net/free-port.js';

function banner(running: RunningServer, adminLink: string): string {
  const { config } = running.app.ctx;
  const lan =
    running.lanUrls.length > 0
      ? running.lanUrls
      : [
          config.host === '0.0.0.0' || config.host === '::'
            ? '(no LAN address found: check the network)'
            : `(nobody: listening on ${config.host} only; set HOST=0.0.0.0 to let players in)`,
        ];
  return [
    `Matchday ${running.app.ctx.version} is running (headless).`,
    `  Players open:   ${lan.join('  ')}`,
    ...(running.mdnsUrl ? [`  or by name:     ${running.mdnsUrl}`] : []),
    `  This machine:   ${running.localUrl}`,
    `  API reference:  ${running.localUrl}/api-docs`,
    `  Data folder:    ${config.dataDir}`,
    `  Admin sign-in (one-time link, valid 24 h):`,
    `    ${running.localUrl}/api/auth/admin-link/${adminLink}`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Matchday cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  let running: RunningServer;
  try {
    running = await startServer({ config });
  } catch (err) {
    if (err instanceof PortTakenError) {
      const flag = err.nextFreePort === undefined ? '' : ` --port=${err.nextFreePort} or`;
      console.error(`Matchday cannot start: ${err.message} Start it with${flag} PORT=0 for any free port.`);
      process.exit(1);
    }
    throw err;
  }
  // The link is for the person at the console, so it goes to stdout, never into the log.
  process.stdout.write(banner(running, await running.app.services.auth.createAdminLinkToken()));
  const shutdown = (signal: string) => {
    running.app.ctx.logger.info({ module: 'cli', signal }, 'shutting down');
    void running.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
