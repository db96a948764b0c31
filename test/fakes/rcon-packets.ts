/** Source RCON packet types (PROTOCOL.md section 7). AUTH_RESPONSE and EXECCOMMAND share 2. */
export const PacketType = {
  responseValue: 0,
  execCommandOrAuthResponse: 2,
  auth: 3,
} as const;

export interface RconPacket {
  id: number;
  type: number;
  body: Buffer;
}

/** The size field counts id + type + body + its NUL + the empty-string NUL. */
const HEADER_AFTER_SIZE = 8;
const MIN_SIZE = 10;
/** What a server accepts from a client: SRCDS refuses bigger packets. */
export const MAX_CLIENT_PACKET_SIZE = 4096 + MIN_SIZE;

export function encodePacket(id: number, type: number, body: string | Buffer = ''): Buffer {
  const bodyBytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return encodeRawPacket(id, type, Buffer.concat([bodyBytes, Buffer.alloc(2)]));
}

/** A packet whose bytes after the type field are given as is (used for the `00 01 00 00` end marker). */
export function encodeRawPacket(id: number, type: number, tail: Buffer): Buffer {
  const packet = Buffer.alloc(4 + HEADER_AFTER_SIZE + tail.length);
  packet.writeInt32LE(HEADER_AFTER_SIZE + tail.length, 0);
  packet.writeInt32LE(id, 4);
  packet.writeInt32LE(type, 8);
  tail.copy(packet, 12);
  return packet;
}

export class MalformedPacketError extends Error {}

/** Reassembles packets from TCP chunks: a packet may span chunks and a chunk may hold several packets. */
export class PacketReader {
  private pending: Buffer = Buffer.alloc(0);

  constructor(private readonly maxSize: number) {}

  push(chunk: Buffer): RconPacket[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const packets: RconPacket[] = [];
    while (this.pending.length >= 4) {
      const size = this.pending.readInt32LE(0);
      if (size < MIN_SIZE || size > this.maxSize) {
        throw new MalformedPacketError(`Bad RCON packet size ${size}`);
      }
      if (this.pending.length < 4 + size) {
        break;
      }
      const id = this.pending.readInt32LE(4);
      const type = this.pending.readInt32LE(8);
      const tail = this.pending.subarray(12, 4 + size);
      const nul = tail.indexOf(0);
      packets.push({ id, type, body: Buffer.from(tail.subarray(0, nul === -1 ? tail.length : nul)) });
      this.pending = this.pending.subarray(4 + size);
    }
    return packets;
  }
}
