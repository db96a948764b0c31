import type { Migration } from '../migrate.js';

/**
 * What a server's watches need after a restart: how often setup re-sent the bootstrap URL (three,
 * then the setup fails), and the series-end kick delays a simulated match replaced on a 1.4.x plugin
 * (JSON, restored after its series; null when nothing is replaced).
 */
export const serverWatches: Migration = {
  version: 23,
  name: 'server-watches',
  up(db) {
    db.exec(`
      ALTER TABLE servers ADD COLUMN bootstrap_resends INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE servers ADD COLUMN kick_delays_saved TEXT;
    `);
  },
};
