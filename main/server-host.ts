import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { utilityProcess, type UtilityProcess } from 'electron';
import type { ServerControlMessage, ServerHostMessage, ServerStatus } from '../shared/ipc.js';
import { parseHostMessage } from './host-message.js';
import { onCrash } from './restart-policy.js';

export type StartedServer = Extract<ServerHostMessage, { type: 'server-started' }>;

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 8_000;
const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server-bundle/utility-entry.js');

/** The server could not listen on its port; `nextFreePort` is the one to offer the organiser. */
export class ServerStartError extends Error {
  override name = 'ServerStartError';
  constructor(
    message: string,
    readonly nextFreePort: number | undefined,
  ) {
    super(message);
  }
}

export interface ServerHostOptions {
  dataDir: string;
  packaged: boolean;
  /** The port to listen on (0: any free port); restarts keep the one the server got. */
  port: number;
  /** Extra environment for the server (mDNS name). */
  env?: Record<string, string>;
  /** The event's state, each time it changes. */
  onStatus?(status: ServerStatus): void;
  /** Called after every (re)start with the server's handshake. */
  onStarted(server: StartedServer): void;
  /** Called when the server cannot be started or crashed too often. */
  onFatal(message: string): void;
}

/** Runs the Matchday server as an Electron utility process and keeps it running. */
export class ServerHost {
  private child: UtilityProcess | undefined;
  private crashes: number[] = [];
  private stopping = false;
  private port: number;

  constructor(private readonly options: ServerHostOptions) {
    this.port = options.port;
  }

  start(): Promise<StartedServer> {
    const child = utilityProcess.fork(ENTRY, [], {
      serviceName: 'Matchday server',
      env: {
        ...process.env,
        ...this.options.env,
        // Restarts keep the port the server got, so open pages and game servers reconnect.
        PORT: String(this.port),
        HOST: '0.0.0.0',
        MATCHDAY_DATA_DIR: this.options.dataDir,
        MATCHDAY_PACKAGED: String(this.options.packaged),
      },
    });
    this.child = child;
    const started = new Promise<StartedServer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('The Matchday server did not start in time.')),
        START_TIMEOUT_MS,
      );
      child.on('message', (data: unknown) => {
        const message = parseHostMessage(data);
        if (message?.type === 'server-started') {
          clearTimeout(timer);
          this.port = message.port;
          this.options.onStarted(message);
          resolve(message);
        } else if (message?.type === 'server-failed') {
          clearTimeout(timer);
          reject(new ServerStartError(message.message, message.nextFreePort));
        } else if (message?.type === 'server-status') {
          this.options.onStatus?.({
            tournamentInProgress: message.tournamentInProgress,
            liveMatches: message.liveMatches,
          });
        }
      });
    });
    child.on('exit', (code) => this.exited(child, code));
    return started;
  }

  private exited(child: UtilityProcess, code: number): void {
    if (this.stopping || child !== this.child) {
      return;
    }
    const decision = onCrash(this.crashes, Date.now());
    this.crashes = decision.crashes;
    if (!decision.restart) {
      this.options.onFatal(`The Matchday server stopped (exit code ${code}) and keeps failing; see the log.`);
      return;
    }
    this.start().catch((err: Error) => this.options.onFatal(err.message));
  }

  /** Asks the server to drain and close its database; kills it only if it does not exit in time. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || this.stopping) {
      return;
    }
    this.stopping = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.postMessage({ type: 'stop' } satisfies ServerControlMessage);
    const timer = setTimeout(() => child.kill(), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}
