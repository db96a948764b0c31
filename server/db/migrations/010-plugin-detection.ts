import type { Migration } from '../migrate.js';

/**
 * Setup detects the plugin over RCON: `flavour` becomes the admin's override (`auto` = detect), and
 * the server remembers what setup found. The old default `plugin` matched no real plugin, so
 * servers that kept it detect from now on.
 */
export const pluginDetection: Migration = {
  version: 10,
  name: 'plugin-detection',
  up(db) {
    db.exec(`
      UPDATE servers SET flavour = 'auto' WHERE flavour = 'plugin';
      -- plugin, matchzy or at: the generation that answered setup's probe; NULL before or when none did.
      ALTER TABLE servers ADD COLUMN detected_flavour TEXT;
      -- The version setup read over RCON (plugin_version stays what the plugin itself reported).
      ALTER TABLE servers ADD COLUMN detected_version TEXT;
    `);
  },
};
