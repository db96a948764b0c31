import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE, type Db } from './open.js';

/** Pages copied per step of the online backup: large steps, few hand-overs to the event loop. */
const PAGES_PER_STEP = 4096;
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * A consistent copy of the live database in one file (SQLite's online backup API: writes made on this
 * connection meanwhile are carried into the copy, so requests keep being served while it runs).
 */
export async function writeBackup(db: Db, file: string): Promise<void> {
  fs.rmSync(file, { force: true });
  try {
    await db.backup(file, { progress: () => PAGES_PER_STEP });
    // A copy is one self-contained file: no WAL to lose when it is moved or mailed.
    const copy = new Database(file);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
  } catch (err) {
    removeDatabaseFiles(file);
    throw err;
  }
}

export function removeDatabaseFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    fs.rmSync(file + suffix, { force: true });
  }
}

/** Why a file cannot be restored, worded for the organiser. */
export class BackupRejected extends Error {
  override name = 'BackupRejected';
}

export interface BackupFacts {
  schemaVersion: number;
  sizeBytes: number;
}

function readHeader(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const header = Buffer.alloc(100);
    const read = fs.readSync(fd, header, 0, header.length, 0);
    return header.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/** The database size the header promises: page size times page count (SQLite file format, offsets 16 and 28). */
function declaredSize(header: Buffer): number {
  const raw = header.readUInt16BE(16);
  const pageSize = raw === 1 ? 65536 : raw;
  return pageSize * header.readUInt32BE(28);
}

/**
 * Checks a file before it may replace the data: a SQLite database of the whole length its header
 * declares, passing SQLite's integrity check, of a schema version this Matchday knows, holding Matchday's
 * tables. Throws BackupRejected saying what is wrong; never changes the file's content.
 */
export function inspectBackup(
  file: string,
  latestSchemaVersion: number,
  requiredTables: readonly string[],
): BackupFacts {
  const sizeBytes = fs.statSync(file).size;
  const header = readHeader(file);
  if (header.length < 100 || !header.subarray(0, 16).equals(SQLITE_HEADER)) {
    throw new BackupRejected('The file is not a Matchday backup (not a SQLite database).');
  }
  if (sizeBytes < declaredSize(header)) {
    throw new BackupRejected(
      `The backup is truncated: ${sizeBytes} bytes of the ${declaredSize(header)} it should have. Copy it again.`,
    );
  }
  let db: Db | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const problems = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    if (problems.length !== 1 || problems[0]!.integrity_check !== 'ok') {
      throw new BackupRejected(
        `The backup is damaged (SQLite integrity check: ${problems
          .slice(0, 3)
          .map((p) => p.integrity_check)
          .join('; ')}).`,
      );
    }
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    if (schemaVersion > latestSchemaVersion) {
      throw new BackupRejected(
        `The backup has schema version ${schemaVersion}, newer than this Matchday (${latestSchemaVersion}). Update Matchday first.`,
      );
    }
    const tables = new Set(
      db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table'")
        .all()
        .map((t) => t.name),
    );
    const missing = requiredTables.filter((t) => !tables.has(t));
    if (schemaVersion < 1 || missing.length > 0) {
      throw new BackupRejected('The file is a SQLite database but not a Matchday backup.');
    }
    return { schemaVersion, sizeBytes };
  } catch (err) {
    if (err instanceof BackupRejected) {
      throw err;
    }
    throw new BackupRejected(`The backup is damaged: ${(err as Error).message}.`);
  } finally {
    db?.close();
  }
}

/**
 * Puts `incoming` in place of the data folder's database (closed by the caller), moving the current one
 * to `safetyCopy`. Returns the undo, which puts the previous database back.
 */
export function swapDatabaseFile(dataDir: string, incoming: string, safetyCopy: string): () => void {
  const live = path.join(dataDir, DATABASE_FILE);
  fs.mkdirSync(path.dirname(safetyCopy), { recursive: true });
  moveDatabase(live, safetyCopy);
  moveDatabase(incoming, live);
  return () => {
    removeDatabaseFiles(live);
    moveDatabase(safetyCopy, live);
  };
}

/** Moves a closed database with its WAL (whatever a checkpoint may have left in it stays with it). */
function moveDatabase(from: string, to: string): void {
  removeDatabaseFiles(to);
  fs.renameSync(from, to);
  if (fs.existsSync(from + '-wal')) {
    fs.renameSync(from + '-wal', to + '-wal');
  }
  fs.rmSync(from + '-shm', { force: true });
}

/**
 * Copies the sign-ins of the previous database into the restored one: they belong to this machine's
 * browsers, not to the event, and the organiser who restored should stay signed in.
 */
export function carryOverSessions(db: Db, previousFile: string): void {
  db.prepare('ATTACH DATABASE ? AS previous').run(previousFile);
  try {
    db.transaction(() => {
      db.exec('DELETE FROM main.sessions; INSERT INTO main.sessions SELECT * FROM previous.sessions;');
    })();
  } finally {
    db.exec('DETACH DATABASE previous');
  }
}

/**
 * Refuses a restored database whose rows refer to rows it lacks (SQLite checks foreign keys on writes
 * only; PostgreSQL refuses such a file while inserting it, so both engines refuse it).
 */
export function checkReferences(db: Db): void {
  const broken = db.pragma('foreign_key_check') as { table: string; parent: string }[];
  if (broken.length > 0) {
    const { table, parent } = broken[0]!;
    throw new Error(`${broken.length} row(s) of ${table} refer to ${parent} rows the backup lacks`);
  }
}
