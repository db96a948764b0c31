import net from 'node:net';
import {
  encodePacket,
  encodeRawPacket,
  MalformedPacketError,
  MAX_CLIENT_PACKET_SIZE,
  PacketReader,
  PacketType,
} from './rcon-packets.js';
import type { RconPacket } from './rcon-packets.js';

/**
 * `cs2`: only AUTH_RESPONSE on auth, one packet per reply whatever its length (what CS2 does).
 * `source1`: an empty RESPONSE_VALUE before AUTH_RESPONSE, replies split every 4096 bytes (SRCDS).
 */
export type RconDialect = 'cs2' | 'source1';

/** Misbehaviour switches, changeable while the server runs. */
export interface RconFaults {
  /** Real milliseconds to wait before each command reply. */
  replyDelayMs: number;
  /** Close the connection instead of answering a command. */
  closeOnCommand: boolean;
  /** Accept connections and then close them at once. */
  refuseConnections: boolean;
  /** Leave the empty end-of-reply packet unanswered, as CS2 may: a client then cannot rely on it. */
  ignoreEndPacket: boolean;
}

export interface RconServerOptions {
  password: string;
  dialect: RconDialect;
  /** Runs one console line and returns what it printed. */
  execute: (command: string) => Promise<string>;
  onAuthFailure?: () => void;
}

const SPLIT_AT = 4096;
const END_MARKER = Buffer.from([0x00, 0x01, 0x00, 0x00]);

/** A Source RCON listener on 127.0.0.1 (PROTOCOL.md section 7). */
export class RconServer {
  readonly faults: RconFaults = {
    replyDelayMs: 0,
    closeOnCommand: false,
    refuseConnections: false,
    ignoreEndPacket: false,
  };
  private readonly server: net.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(private readonly options: RconServerOptions) {
    this.server = net.createServer((socket) => this.accept(socket));
  }

  get port(): number {
    const address = this.server.address();
    return address && typeof address === 'object' ? address.port : 0;
  }

  get connectionCount(): number {
    return this.sockets.size;
  }

  listen(port = 0): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve(this.port);
      });
    });
  }

  /** Drops every client connection (like a network blip); the listener stays up. */
  dropConnections(): void {
    for (const socket of this.sockets) {
      socket.destroy();
    }
  }

  async close(): Promise<void> {
    this.dropConnections();
    if (!this.server.listening) {
      return;
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: net.Socket): void {
    if (this.faults.refuseConnections) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    // A reply's packets leave at once rather than waiting on the client's delayed ACK.
    socket.setNoDelay(true);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const reader = new PacketReader(MAX_CLIENT_PACKET_SIZE);
    let authenticated = false;
    // Replies leave in request order even when a command is slow (PROTOCOL.md section 7).
    let replies: Promise<void> = Promise.resolve();
    const inOrder = (reply: () => Promise<void> | void): void => {
      replies = replies.then(reply).catch(() => {
        socket.destroy();
      });
    };

    socket.on('data', (chunk: Buffer) => {
      let packets: RconPacket[];
      try {
        packets = reader.push(chunk);
      } catch (error) {
        if (error instanceof MalformedPacketError) {
          socket.destroy();
          return;
        }
        throw error;
      }
      for (const packet of packets) {
        if (packet.type === PacketType.auth) {
          authenticated = packet.body.toString('utf8') === this.options.password;
          const answerId = authenticated ? packet.id : -1;
          inOrder(() => this.answerAuth(socket, packet.id, answerId));
          if (!authenticated) {
            this.options.onAuthFailure?.();
          }
        } else if (!authenticated) {
          inOrder(() => {
            write(socket, encodePacket(-1, PacketType.execCommandOrAuthResponse));
            socket.end();
          });
        } else if (packet.type === PacketType.execCommandOrAuthResponse) {
          const command = packet.body.toString('utf8');
          inOrder(() => this.answerCommand(socket, packet.id, command));
        } else if (packet.type === PacketType.responseValue && !this.faults.ignoreEndPacket) {
          // The Source 1 end-of-reply trick: mirror the empty packet, then the end marker.
          inOrder(() => {
            write(socket, encodePacket(packet.id, PacketType.responseValue));
            write(socket, encodeRawPacket(packet.id, PacketType.responseValue, END_MARKER));
          });
        }
      }
    });
  }

  private answerAuth(socket: net.Socket, requestId: number, answerId: number): void {
    if (this.options.dialect === 'source1') {
      write(socket, encodePacket(requestId, PacketType.responseValue));
    }
    write(socket, encodePacket(answerId, PacketType.execCommandOrAuthResponse));
  }

  private async answerCommand(socket: net.Socket, id: number, command: string): Promise<void> {
    const output = await this.options.execute(command).catch((error: unknown) => `Error: ${String(error)}`);
    if (this.faults.replyDelayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, this.faults.replyDelayMs));
    }
    if (this.faults.closeOnCommand) {
      socket.destroy();
      return;
    }
    const body = Buffer.from(output, 'utf8');
    if (this.options.dialect === 'cs2' || body.length <= SPLIT_AT) {
      write(socket, encodePacket(id, PacketType.responseValue, body));
      return;
    }
    for (let offset = 0; offset < body.length; offset += SPLIT_AT) {
      write(socket, encodePacket(id, PacketType.responseValue, body.subarray(offset, offset + SPLIT_AT)));
    }
  }
}

/** One write per packet: some clients treat a chunk ending in two NULs as a whole reply. */
function write(socket: net.Socket, packet: Buffer): void {
  if (!socket.destroyed) {
    socket.write(packet);
  }
}
