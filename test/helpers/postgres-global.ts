import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One PostgreSQL server for the whole run; each test file makes its own database on it. */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-pg-'));
  const server = await startEmbeddedPostgres(dir);
  project.provide('postgresAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
