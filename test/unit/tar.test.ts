import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import {
  readTarEntries,
  tarSize,
  tarStream,
  TarInvalid,
  type TarSource,
} from '../../server/features/backup/tar.js';
import { tempDir } from '../helpers/temp-dir.js';

const LONG_DEMO = `demos/${'1234_ub-r1-m1-very-long-team-names-go-here-and-on'.padEnd(80, 'x')}_map1_de_mirage.dem`;

function source(name: string, bytes: Buffer): TarSource {
  return { name, size: bytes.length, mtime: 1_790_000_000, open: () => Readable.from([bytes]) };
}

async function writeArchive(sources: TarSource[]): Promise<string> {
  const file = path.join(tempDir('md-tar-'), 'archive.tar');
  await pipeline(Readable.from(tarStream(sources)), fs.createWriteStream(file));
  return file;
}

function contentOf(file: string, entry: { offset: number; size: number }): Buffer {
  return fs.readFileSync(file).subarray(entry.offset, entry.offset + entry.size);
}

// Over 100 bytes with its folder: the folder goes in the ustar prefix field.
const files = {
  'matchday.sqlite': Buffer.from('SQLite format 3\0 and the rest'),
  [LONG_DEMO]: Buffer.alloc(1500, 7),
  'demos/empty.dem': Buffer.alloc(0),
};

describe('tar archives of a backup', () => {
  it('round-trips files of any size (long names in the prefix field), exactly as sized beforehand', async () => {
    const sources = Object.entries(files).map(([name, bytes]) => source(name, bytes));
    const file = await writeArchive(sources);
    expect(fs.statSync(file).size).toBe(tarSize(sources));
    const entries = readTarEntries(file);
    expect(entries.map((e) => e.name)).toEqual(Object.keys(files));
    for (const entry of entries) {
      expect(contentOf(file, entry)).toEqual(files[entry.name]);
    }
  });

  it('is read by the system tar as the same files', async () => {
    const file = await writeArchive(Object.entries(files).map(([name, bytes]) => source(name, bytes)));
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(Object.keys(files));
    expect(execFileSync('tar', ['-xOf', file, LONG_DEMO])).toEqual(files[LONG_DEMO]);
  });

  it('refuses a truncated, damaged or foreign file, saying which', async () => {
    const file = await writeArchive([source('matchday.sqlite', Buffer.alloc(2000, 1))]);
    const bytes = fs.readFileSync(file);
    const variant = (name: string, content: Buffer) => {
      const other = path.join(path.dirname(file), name);
      fs.writeFileSync(other, content);
      return other;
    };
    expect(() => readTarEntries(variant('cut.tar', bytes.subarray(0, 1200)))).toThrow(
      new TarInvalid('The archive ends early (in the middle of matchday.sqlite).'),
    );
    expect(() => readTarEntries(variant('no-end.tar', bytes.subarray(0, bytes.length - 1024)))).toThrow(
      /end-of-archive marker is missing/,
    );
    const damaged = Buffer.from(bytes);
    damaged[10] = 0x41;
    expect(() => readTarEntries(variant('damaged.tar', damaged))).toThrow(/header checksum fails at byte 0/);
    expect(() => readTarEntries(variant('notes.tar', Buffer.alloc(4096, 0x61)))).toThrow(/not a tar archive/);
  });

  it('refuses a name that would need pax headers, which the announced size does not count', async () => {
    const refused = [`demos/${'x'.repeat(101)}`, `${'f'.repeat(160)}/a.dem`, 'demos/überlänge.dem'];
    for (const name of refused) {
      await expect(writeArchive([source(name, Buffer.alloc(1))])).rejects.toThrow(
        `tar entry name not plain ustar: ${name}`,
      );
    }
  });

  it('fails the stream when a file changes size while it is archived', async () => {
    const grown = { ...source('demos/a.dem', Buffer.alloc(10)), size: 5 };
    await expect(writeArchive([grown])).rejects.toThrow('demos/a.dem grew while it was archived');
    const shrunk = { ...source('demos/b.dem', Buffer.alloc(10)), size: 20 };
    await expect(writeArchive([shrunk])).rejects.toThrow('demos/b.dem shrank while it was archived');
  });
});
