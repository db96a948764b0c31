/** Source RCON packets (PROTOCOL.md section 7): little-endian size, id, type, NUL-terminated body, NUL. */

export const SERVERDATA_AUTH = 3;
export const SERVERDATA_EXECCOMMAND = 2;
export const SERVERDATA_AUTH_RESPONSE = 2;
export const SERVERDATA_RESPONSE_VALUE = 0;

export interface Packet {
  id: number;
  type: number;
  body: Buffer;
}

/** A body past this is not a reply we would ever wait for (guards against a garbage length). */
const MAX_PACKET = 4 * 1024 * 1024;

export function encode(id: number, type: number, body = ''): Buffer {
  const text = Buffer.from(body, 'utf8');
  const packet = Buffer.alloc(14 + text.length);
  packet.writeInt32LE(10 + text.length, 0);
  packet.writeInt32LE(id, 4);
  packet.writeInt32LE(type, 8);
  text.copy(packet, 12);
  return packet;
}

/** The bytes on the port are not Source RCON packets (another service, e.g. HTTP, answers there). */
export class NotRconError extends Error {
  constructor(size: number) {
    super(`The server sent an RCON packet of impossible size ${size}.`);
    this.name = 'NotRconError';
  }
}

/** Splits a TCP stream into packets, whatever the chunking. */
export class PacketDecoder {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Packet[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const packets: Packet[] = [];
    while (this.pending.length >= 4) {
      const size = this.pending.readInt32LE(0);
      if (size < 10 || size > MAX_PACKET) {
        throw new NotRconError(size);
      }
      if (this.pending.length < size + 4) {
        break;
      }
      packets.push({
        id: this.pending.readInt32LE(4),
        type: this.pending.readInt32LE(8),
        // size counts id, type, the body and its two trailing NULs.
        body: this.pending.subarray(12, size + 2),
      });
      this.pending = this.pending.subarray(size + 4);
    }
    return packets;
  }
}
