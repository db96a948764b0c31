import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';

export type Db = Database.Database;

export const DATABASE_FILE = 'matchday.sqlite';

/** Opens (creating if needed) the data folder's database and brings its schema up to date. */
export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, DATABASE_FILE));
  // WAL lets LAN readers (bracket pages) read while an event is being written.
  db.pragma('journal_mode = WAL');
  // SQLite leaves foreign keys off unless asked, per connection.
  db.pragma('foreign_keys = ON');
  // Wait instead of failing at once if a backup or a second connection holds a lock.
  db.pragma('busy_timeout = 5000');
  // With WAL, NORMAL is safe against corruption and loses at most the last commits on power loss.
  db.pragma('synchronous = NORMAL');
  // Checkpoints run on a worker thread (checkpointer.ts); this automatic one is only the backstop that
  // bounds the WAL (~64 MB) should that worker not run. Closing folds the WAL back anyway.
  db.pragma('wal_autocheckpoint = 16000');
  migrate(db, MIGRATIONS);
  return db;
}

/** Folds the WAL back into the main file so the data folder is one self-contained file, then closes. */
export function closeDatabase(db: Db): void {
  if (!db.open) {
    return;
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
