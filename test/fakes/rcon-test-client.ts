import net from 'node:net';
import { encodePacket, PacketReader, PacketType } from './rcon-packets.js';
import type { RconPacket } from './rcon-packets.js';

/**
 * A bare Source RCON client for tests of the fake: it exposes every packet the server sent, so the
 * auth quirk and multi-packet replies can be checked byte for byte.
 */
export class RconTestClient {
  /** Every packet received, in order. */
  readonly received: RconPacket[] = [];
  /** CS2 answers in one packet however long the output is. */
  private readonly reader = new PacketReader(64 * 1024 * 1024);
  private waiters: Array<() => void> = [];
  private nextId = 1;
  private closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.received.push(...this.reader.push(chunk));
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => socket.destroy());
  }

  static connect(port: number): Promise<RconTestClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RconTestClient(socket)));
      socket.once('error', reject);
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Sends the password; resolves with the AUTH_RESPONSE packet's id (-1 on a wrong password). */
  async auth(password: string): Promise<number> {
    const id = this.nextId++;
    this.socket.write(encodePacket(id, PacketType.auth, password));
    const answer = await this.until((packets) =>
      packets.find((packet) => packet.type === PacketType.execCommandOrAuthResponse),
    );
    return answer.id;
  }

  /**
   * Runs a command and collects its reply with the Source 1 trick: an empty RESPONSE_VALUE sent after
   * the command comes back once every packet of the reply is in.
   */
  async command(command: string): Promise<string> {
    const packets = await this.commandPackets(command);
    return Buffer.concat(packets.map((packet) => packet.body)).toString('utf8');
  }

  async commandPackets(command: string): Promise<RconPacket[]> {
    const id = this.nextId++;
    const marker = this.nextId++;
    const start = this.received.length;
    this.socket.write(
      Buffer.concat([
        encodePacket(id, PacketType.execCommandOrAuthResponse, command),
        encodePacket(marker, 0),
      ]),
    );
    // The server mirrors the empty packet and then sends its end marker: two packets with that id.
    await this.until((packets) =>
      packets.slice(start).filter((packet) => packet.id === marker).length >= 2 ? true : undefined,
    );
    return this.received.slice(start).filter((packet) => packet.id === id);
  }

  /** Writes raw bytes, to split or merge packets at will. */
  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** Resolves when a packet with this id has arrived. */
  waitForPacket(id: number): Promise<RconPacket> {
    return this.until((packets) => packets.find((packet) => packet.id === id));
  }

  close(): void {
    this.socket.destroy();
  }

  private async until<T>(find: (packets: RconPacket[]) => T | undefined): Promise<T> {
    for (;;) {
      const found = find(this.received);
      if (found !== undefined) {
        return found;
      }
      if (this.closed) {
        throw new Error('RCON connection closed');
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) {
      wake();
    }
  }
}
