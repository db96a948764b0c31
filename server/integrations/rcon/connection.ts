import net from 'node:net';
import {
  encode,
  NotRconError,
  PacketDecoder,
  SERVERDATA_AUTH,
  SERVERDATA_AUTH_RESPONSE,
  SERVERDATA_EXECCOMMAND,
  SERVERDATA_RESPONSE_VALUE,
  type Packet,
} from './packets.js';

export class RconError extends Error {
  constructor(
    message: string,
    /**
     * `auth`: the password is wrong (retrying would only get the address banned).
     * `not_rcon`: something other than a CS2 RCON endpoint answers on the port.
     */
    readonly kind: 'auth' | 'network' | 'timeout' | 'not_rcon',
  ) {
    super(message);
    this.name = 'RconError';
  }
}

export interface RconTarget {
  host: string;
  port: number;
  password: string;
}

/** CS2 may not mirror the end-of-reply packet: a reply then ends after this long without more data. */
const QUIET_MS = 150;

interface InFlight {
  commandId: number;
  endId: number;
  parts: Buffer[];
  resolve(reply: string): void;
  reject(err: Error): void;
  quiet?: NodeJS.Timeout;
  timeout: NodeJS.Timeout;
}

/**
 * One authenticated Source RCON connection. Commands run one at a time; a reply is complete when the
 * server mirrors the empty packet sent after the command (Source 1 servers, split replies), or, for a
 * server that does not, once it has been quiet for a moment after the reply.
 */
export class RconConnection {
  private readonly decoder = new PacketDecoder();
  private nextId = 1;
  private current: InFlight | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private closedReason: Error | undefined;

  private constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('close', () =>
      this.fail(new RconError('The game server closed the RCON connection.', 'network')),
    );
    socket.on('error', (err) =>
      this.fail(new RconError(`RCON connection failed: ${err.message}`, 'network')),
    );
  }

  get closed(): boolean {
    return this.closedReason !== undefined;
  }

  static async open(target: RconTarget, timeoutMs: number): Promise<RconConnection> {
    const socket = net.createConnection({ host: target.host, port: target.port });
    socket.setNoDelay(true);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new RconError(`No RCON answer from ${target.host}:${target.port} in time.`, 'timeout'));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('error', (err) => {
        clearTimeout(timer);
        reject(
          new RconError(`Cannot reach ${target.host}:${target.port} over RCON: ${err.message}`, 'network'),
        );
      });
    });
    const connection = new RconConnection(socket);
    await connection.authenticate(target.password, timeoutMs);
    return connection;
  }

  private authenticate(password: string, timeoutMs: number): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const settle = (err?: RconError) => {
        clearTimeout(timer);
        this.login = undefined;
        if (err) {
          this.close();
          reject(err);
        } else {
          resolve();
        }
      };
      const timer = setTimeout(
        () => settle(new RconError('The game server did not answer the RCON login.', 'timeout')),
        timeoutMs,
      );
      this.login = {
        answered: (packet) =>
          settle(packet.id === -1 ? new RconError('The RCON password is wrong.', 'auth') : undefined),
        // A server that drops the connection during the login (full, or banning the address) fails it now.
        dropped: settle,
      };
      this.socket.write(encode(id, SERVERDATA_AUTH, password));
    });
  }

  private login: { answered(packet: Packet): void; dropped(err: RconError): void } | undefined;

  /** Runs one console command and answers what it printed. */
  command(line: string, timeoutMs: number): Promise<string> {
    const run = () => this.send(line, timeoutMs);
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private send(line: string, timeoutMs: number): Promise<string> {
    if (this.closedReason) {
      return Promise.reject(this.closedReason);
    }
    return new Promise((resolve, reject) => {
      const commandId = this.nextId++;
      const endId = this.nextId++;
      this.current = {
        commandId,
        endId,
        parts: [],
        resolve,
        reject,
        timeout: setTimeout(() => {
          this.finish(
            new RconError(`The game server did not answer "${line.split(' ')[0]}" in time.`, 'timeout'),
          );
          // A reply may still come: the connection is no longer in step, so it is dropped.
          this.close();
        }, timeoutMs),
      };
      this.socket.write(
        Buffer.concat([
          encode(commandId, SERVERDATA_EXECCOMMAND, line),
          encode(endId, SERVERDATA_RESPONSE_VALUE),
        ]),
      );
    });
  }

  private receive(chunk: Buffer): void {
    let packets: Packet[];
    try {
      packets = this.decoder.push(chunk);
    } catch (err) {
      this.fail(new RconError((err as Error).message, err instanceof NotRconError ? 'not_rcon' : 'network'));
      this.close();
      return;
    }
    for (const packet of packets) {
      if (this.login) {
        // Source 1 sends an empty RESPONSE_VALUE before the AUTH_RESPONSE; CS2 does not.
        if (packet.type === SERVERDATA_AUTH_RESPONSE) {
          this.login.answered(packet);
        }
        continue;
      }
      const inFlight = this.current;
      if (!inFlight) {
        continue;
      }
      if (packet.id === inFlight.commandId && packet.type === SERVERDATA_RESPONSE_VALUE) {
        inFlight.parts.push(packet.body);
        clearTimeout(inFlight.quiet);
        inFlight.quiet = setTimeout(() => this.finish(), QUIET_MS);
      } else if (packet.id === inFlight.endId) {
        this.finish();
      }
    }
  }

  private finish(err?: Error): void {
    const inFlight = this.current;
    if (!inFlight) {
      return;
    }
    this.current = undefined;
    clearTimeout(inFlight.timeout);
    clearTimeout(inFlight.quiet);
    if (err) {
      inFlight.reject(err);
    } else {
      inFlight.resolve(Buffer.concat(inFlight.parts).toString('utf8'));
    }
  }

  private fail(err: RconError): void {
    this.closedReason ??= err;
    this.login?.dropped(err);
    this.finish(err);
  }

  close(): void {
    this.closedReason ??= new RconError('The RCON connection was closed.', 'network');
    this.socket.destroy();
  }
}
