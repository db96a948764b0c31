// A backup's archive: regular files, written as a ustar stream by tar-stream (a demo folder is
// gigabytes), and read back here from the file on disk, synchronously and by byte range with every
// header checked (tar-stream only parses a stream front to back, with no offsets to extract from).
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import tar, { type Pack } from 'tar-stream';

const BLOCK = 512;
const END_OF_ARCHIVE = Buffer.alloc(BLOCK * 2);
/** An 11-digit octal size field holds up to 8 GiB - 1. */
const MAX_ENTRY_BYTES = 8 ** 11 - 1;

export interface TarSource {
  /** Relative path inside the archive: a file name of up to 100 bytes in folders of up to 155. */
  name: string;
  size: number;
  /** Unix seconds. */
  mtime: number;
  open(): Readable;
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the archive file. */
  offset: number;
}

/** The archive was cut short, damaged or is not a tar: the message says which. */
export class TarInvalid extends Error {}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Bytes the archive of these entries takes: known before a byte is sent (Content-Length). */
export function tarSize(sources: readonly Pick<TarSource, 'size'>[]): number {
  return sources.reduce((sum, s) => sum + BLOCK + s.size + padding(s.size), 0) + END_OF_ARCHIVE.length;
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) {
    // The checksum field itself counts as eight spaces.
    sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  }
  return sum;
}

/**
 * Refuses what tar-stream would write with extra pax header blocks (a name that is not ASCII or does
 * not fit ustar's 100 + 155 bytes) or a size field the reader below does not read (base-256 past
 * 8 GiB): either would make the archive longer than `tarSize` announced.
 */
function checkPlainUstar(source: Pick<TarSource, 'name' | 'size'>): void {
  const name = source.name;
  // tar-stream moves the fewest folders into the prefix that leave a name of up to 100 bytes.
  const cut = name.indexOf('/', name.length - 101);
  const fits = name.length <= 100 || (cut !== -1 && cut <= 155);
  if (!/^[\x20-\x7e]+$/.test(name) || !fits) {
    throw new Error(`tar entry name not plain ustar: ${name}`);
  }
  if (source.size > MAX_ENTRY_BYTES) {
    throw new Error(`tar entry larger than 8 GiB: ${name}`);
  }
}

/** Copies one source into its archive entry; a source that delivers another size than it declared fails. */
async function addEntry(pack: Pack, source: TarSource): Promise<void> {
  const header = { name: source.name, size: source.size, mtime: new Date(source.mtime * 1000) };
  let entry!: ReturnType<Pack['entry']>;
  const written = new Promise<void>((resolve, reject) => {
    entry = pack.entry({ ...header, mode: 0o644 }, (err) => (err ? reject(err) : resolve()));
  });
  // The copy's own failure is the one reported; the entry then fails with its archive, unheard.
  written.catch(() => undefined);
  entry.on('error', () => undefined);
  let sent = 0;
  for await (const chunk of source.open() as AsyncIterable<Buffer>) {
    sent += chunk.length;
    if (sent > source.size) {
      throw new Error(`${source.name} grew while it was archived`);
    }
    if (!entry.write(chunk)) {
      await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
    }
  }
  if (sent !== source.size) {
    throw new Error(`${source.name} shrank while it was archived`);
  }
  // streamx's typings want an argument; undefined writes nothing more.
  entry.end(undefined);
  await written;
}

/** The archive as a stream of chunks (tar-stream's ustar), exactly `tarSize(sources)` bytes long. */
export async function* tarStream(sources: readonly TarSource[]): AsyncGenerator<Buffer> {
  sources.forEach(checkPlainUstar);
  const pack = tar.pack();
  const filled = (async () => {
    for (const source of sources) {
      await addEntry(pack, source);
    }
    pack.finalize();
  })();
  filled.catch((err: Error) => pack.destroy(err));
  for await (const chunk of pack) {
    yield chunk as Buffer;
  }
  await filled;
}

function text(header: Buffer, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** Every entry of the tar file at `file`, each header checked; throws TarInvalid when it is not whole. */
export function readTarEntries(file: string): TarEntry[] {
  const fd = fs.openSync(file, 'r');
  try {
    const total = fs.fstatSync(fd).size;
    const entries: TarEntry[] = [];
    const header = Buffer.alloc(BLOCK);
    for (let offset = 0; ;) {
      if (offset + BLOCK > total) {
        throw new TarInvalid('The archive ends early (the end-of-archive marker is missing).');
      }
      fs.readSync(fd, header, 0, BLOCK, offset);
      if (header.every((b) => b === 0)) {
        return entries;
      }
      if (text(header, 257, 6) !== 'ustar') {
        throw new TarInvalid('The file is not a tar archive.');
      }
      const stored = parseInt(text(header, 148, 8).trim(), 8);
      if (stored !== checksum(header)) {
        throw new TarInvalid(`The archive is damaged (a header checksum fails at byte ${offset}).`);
      }
      const size = parseInt(text(header, 124, 12).trim() || '0', 8);
      const prefix = text(header, 345, 155);
      const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
      const type = text(header, 156, 1);
      const dataEnd = offset + BLOCK + size;
      if (!Number.isFinite(size) || dataEnd > total) {
        throw new TarInvalid(`The archive ends early (in the middle of ${name}).`);
      }
      if (type === '0' || type === '') {
        entries.push({ name, size, offset: offset + BLOCK });
      }
      offset = dataEnd + padding(size);
    }
  } finally {
    fs.closeSync(fd);
  }
}
