import type { Migration } from '../migrate.js';

/**
 * The teams that left a running tournament (API.md decision 61): `[{ teamId, reason, by, at }]` as
 * JSON, NULL when none did. Kept on the tournament row so the run (and its reset) owns them.
 */
export const teamWithdrawals: Migration = {
  version: 29,
  name: 'team-withdrawals',
  up(db) {
    db.exec('ALTER TABLE tournaments ADD COLUMN withdrawn TEXT;');
  },
};
