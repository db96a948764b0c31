import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { utilityProcess, type UtilityProcess } from 'electron';
import type { ServerControlMessage, ServerHostMessage, ServerStatus } from '../shared/ipc.js';
import { parseHostMessage } from './host-message.js';
import { onCrash } from './restart-policy.js';
import { openServerLog, type ServerLog } from './server-log.js';

export type StartedServer = Extract<ServerHostMessage, { type: 'server-started' }>;

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 8_000;
/** After a kill, how long to wait for the exit event before treating the process as gone. */
const KILL_GRACE_MS = 2_000;
const ADMIN_LINK_TIMEOUT_MS = 5_000;
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
  /** The server's output is appended here: a packaged app has no console to print it to. */
  logFile: string;
  /** Extra environment for the server (mDNS name). */
  env?: Record<string, string>;
  /** The event's state, each time it changes. */
  onStatus?(status: ServerStatus): void;
  /** The LAN addresses players open, each time the network changes. */
  onAddresses?(lanUrls: string[]): void;
  /** An item appeared in the attention queue. */
  onAttention?(item: { kind: string; message: string }): void;
  /** Called after every (re)start with the server's handshake. */
  onStarted(server: StartedServer): void;
  /** Called when a server that ran crashed too often, or could not be restarted. */
  onFatal(message: string): void;
}

/** One forked server process and what is known of it. */
interface Child {
  process: UtilityProcess;
  /** It completed the handshake: only such a server is restarted when it dies. */
  started: boolean;
  /** Electron emits `exit` once; afterwards kill() returns false and emits nothing, postMessage does nothing. */
  exited: boolean;
  exit: Promise<void>;
}

/** Runs the Matchday server as an Electron utility process and keeps it running. */
export class ServerHost {
  private child: Child | undefined;
  private crashes: number[] = [];
  private stopping: Promise<void> | undefined;
  private port: number;
  private readonly log: ServerLog;

  constructor(private readonly options: ServerHostOptions) {
    this.port = options.port;
    this.log = openServerLog(options.logFile, { echo: !options.packaged });
  }

  /** Where the server's output goes, for "see the log". */
  get logFile(): string {
    return this.options.logFile;
  }

  /** The port the next start listens on: the free one the organiser accepted after the first was taken. */
  usePort(port: number): void {
    this.port = port;
  }

  start(): Promise<StartedServer> {
    const forked = utilityProcess.fork(ENTRY, [], {
      serviceName: 'Matchday server',
      // Piped, not inherited: a packaged app's own stdout goes nowhere.
      stdio: 'pipe',
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
    this.log.attach(forked.stdout, forked.stderr);
    // The exit promise's listener comes first, so it settles even when stop() runs inside the exit event.
    let markExited!: () => void;
    const child: Child = {
      process: forked,
      started: false,
      exited: false,
      exit: new Promise<void>((resolve) => (markExited = resolve)),
    };
    this.child = child;
    return new Promise<StartedServer>((resolve, reject) => {
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      const timer = setTimeout(() => {
        // A server that hangs before its handshake is ended, not left holding the port.
        forked.kill();
        fail(new Error('The Matchday server did not start in time.'));
      }, START_TIMEOUT_MS);
      forked.on('exit', (code: number) => {
        child.exited = true;
        markExited();
        fail(new Error(`The Matchday server stopped while starting (exit code ${code}); see the log.`));
        this.exited(child, code);
      });
      forked.on('message', (data: unknown) => {
        const message = parseHostMessage(data);
        if (message?.type === 'server-started') {
          clearTimeout(timer);
          child.started = true;
          this.port = message.port;
          this.options.onStarted(message);
          resolve(message);
        } else if (message?.type === 'server-failed') {
          fail(new ServerStartError(message.message, message.nextFreePort));
        } else if (message?.type === 'server-status') {
          this.options.onStatus?.({
            tournamentInProgress: message.tournamentInProgress,
            liveMatches: message.liveMatches,
          });
        } else if (message?.type === 'server-addresses') {
          this.options.onAddresses?.(message.lanUrls);
        } else if (message?.type === 'attention') {
          this.options.onAttention?.({ kind: message.kind, message: message.message });
        }
      });
    });
  }

  /**
   * A server that never started is not restarted: its start() already rejected and the caller decides
   * (offer another port, or say why). Restarting it on the same taken port would only fail again.
   */
  private exited(child: Child, code: number): void {
    if (this.stopping || child !== this.child || !child.started) {
      return;
    }
    const decision = onCrash(this.crashes, Date.now());
    this.crashes = decision.crashes;
    if (!decision.restart) {
      this.options.onFatal(
        `The Matchday server stopped (exit code ${code}) and keeps failing; see the log: ${this.logFile}`,
      );
      return;
    }
    this.start().catch((err: Error) => this.options.onFatal(err.message));
  }

  /** A fresh one-time admin link from the running server (a spent one cannot sign a new window in). */
  newAdminLinkToken(): Promise<string> {
    const child = this.child;
    if (!child?.started || child.exited || this.stopping) {
      return Promise.reject(new Error('The Matchday server is not running.'));
    }
    return new Promise<string>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.process.off('message', onMessage);
      };
      const onMessage = (data: unknown) => {
        const message = parseHostMessage(data);
        if (message?.type === 'admin-link') {
          done();
          resolve(message.adminLinkToken);
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error('The Matchday server did not answer with an admin link.'));
      }, ADMIN_LINK_TIMEOUT_MS);
      child.process.on('message', onMessage);
      child.process.postMessage({ type: 'admin-link' } satisfies ServerControlMessage);
    });
  }

  /**
   * Asks the server to drain and close its database; kills it only if it does not exit in time. Always
   * resolves, also when the server has already exited (then at once): Quit must never hang on it.
   */
  stop(): Promise<void> {
    this.stopping ??= this.drain();
    return this.stopping;
  }

  private async drain(): Promise<void> {
    const child = this.child;
    if (!child || child.exited) {
      this.log.close();
      return;
    }
    child.process.postMessage({ type: 'stop' } satisfies ServerControlMessage);
    const timers: NodeJS.Timeout[] = [];
    const given = new Promise<void>((resolve) => {
      timers.push(
        setTimeout(() => {
          child.process.kill();
          timers.push(setTimeout(resolve, KILL_GRACE_MS));
        }, STOP_TIMEOUT_MS),
      );
    });
    await Promise.race([child.exit, given]);
    timers.forEach(clearTimeout);
    this.log.close();
  }
}
