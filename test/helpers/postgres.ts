import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

/** A fresh, empty database on the run's PostgreSQL server; dropped by the returned function. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `matchday_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The engine the API and integration tests run on: the `postgres` vitest project sets it. */
export const testEngine = (): 'sqlite' | 'postgres' =>
  process.env.MATCHDAY_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

const databases = new Map<string, Promise<{ url: string; drop(): Promise<void> }>>();

/**
 * On the PostgreSQL run, the database that stands for a data folder (a server restarted on the same
 * folder finds its data again); dropped after the test file. Nothing on the SQLite run.
 */
export async function databaseUrlFor(dataDir: string): Promise<{ DATABASE_URL?: string }> {
  if (testEngine() !== 'postgres') {
    return {};
  }
  if (!databases.has(dataDir)) {
    databases.set(dataDir, createTestDatabase());
  }
  return { DATABASE_URL: (await databases.get(dataDir)!).url };
}

afterAll(async () => {
  const made = [...databases.values()];
  databases.clear();
  for (const database of made) {
    await (await database).drop();
  }
});
