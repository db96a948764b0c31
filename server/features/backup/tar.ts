// The few parts of POSIX ustar a backup needs: regular files, written as a stream (a demo folder is
// gigabytes) and read back from a file on disk with every header checked.
import fs from 'node:fs';
import type { Readable } from 'node:stream';

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

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) {
    // The checksum field itself counts as eight spaces.
    sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  }
  return sum;
}

export function tarHeader(entry: Pick<TarSource, 'name' | 'size' | 'mtime'>): Buffer {
  // ustar keeps up to 155 bytes of folders apart from a name of up to 100.
  const slash = entry.name.lastIndexOf('/');
  const name = Buffer.from(
    Buffer.byteLength(entry.name) > 100 ? entry.name.slice(slash + 1) : entry.name,
    'utf8',
  );
  const prefix = Buffer.from(
    name.length < Buffer.byteLength(entry.name) ? entry.name.slice(0, slash) : '',
    'utf8',
  );
  if (name.length > 100 || prefix.length > 155) {
    throw new Error(`tar entry name too long: ${entry.name}`);
  }
  if (entry.size > MAX_ENTRY_BYTES) {
    throw new Error(`tar entry larger than 8 GiB: ${entry.name}`);
  }
  const header = Buffer.alloc(BLOCK);
  name.copy(header, 0);
  prefix.copy(header, 345);
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(entry.size, 12), 124, 'ascii');
  header.write(octal(Math.floor(entry.mtime), 12), 136, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(`${checksum(header).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

/** The archive as a stream of chunks; a source that delivers another size than it declared fails it. */
export async function* tarStream(sources: readonly TarSource[]): AsyncGenerator<Buffer> {
  for (const source of sources) {
    yield tarHeader(source);
    let sent = 0;
    for await (const chunk of source.open() as AsyncIterable<Buffer>) {
      sent += chunk.length;
      if (sent > source.size) {
        throw new Error(`${source.name} grew while it was archived`);
      }
      yield chunk;
    }
    if (sent !== source.size) {
      throw new Error(`${source.name} shrank while it was archived`);
    }
    yield Buffer.alloc(padding(source.size));
  }
  yield END_OF_ARCHIVE;
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
