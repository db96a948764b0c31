import type Database from 'better-sqlite3';

export interface Migration {
  /** 1, 2, 3 ... in order; the database's `user_version` is the last one applied. */
  version: number;
  name: string;
  up: (db: Database.Database) => void;
}

/**
 * Applies the migrations above the database's `user_version`, each in its own transaction together
 * with the version bump, so a failing migration leaves the file exactly as it was.
 */
export function migrate(db: Database.Database, migrations: readonly Migration[]): number {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) {
      throw new Error(`Migration "${m.name}" has version ${m.version}; expected ${i + 1}.`);
    }
  });
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new Error(
      `The database has schema version ${current}, newer than this Matchday (${migrations.length}). Update Matchday.`,
    );
  }
  for (const migration of migrations.slice(current)) {
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}
