import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One PostgreSQL server for the whole run; each test file makes its own database on it. */
export default async function setup(project: TestProject) {
  const server = await startEmbeddedPostgres(['-c', 'max_connections=300']);
  project.provide('postgresAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
  };
}
