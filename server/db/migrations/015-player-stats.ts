import type { Migration } from '../migrate.js';

/**
 * Per-player statistics (API.md decision 44): each player's last applied round_end snapshot per map,
 * written by the plugin events' apply step (a replayed round overwrites, a restore rewinds).
 */
export const playerStats: Migration = {
  version: 15,
  name: 'player-stats',
  up(db) {
    db.exec(`
      CREATE TABLE player_map_stats (
        match_slug TEXT NOT NULL REFERENCES matches (slug) ON DELETE CASCADE,
        map_number INTEGER NOT NULL,
        platform_id TEXT NOT NULL,
        -- The round_end the snapshot came from (cumulative for the map up to that round).
        round INTEGER NOT NULL,
        name TEXT NOT NULL,
        side TEXT NOT NULL CHECK (side IN ('team1', 'team2')),
        kills INTEGER NOT NULL,
        deaths INTEGER NOT NULL,
        assists INTEGER NOT NULL,
        damage INTEGER NOT NULL,
        headshot_kills INTEGER NOT NULL,
        mvps INTEGER NOT NULL,
        rounds_played INTEGER NOT NULL,
        first_kills INTEGER NOT NULL,
        clutches_won INTEGER NOT NULL,
        utility_damage INTEGER NOT NULL,
        enemies_flashed INTEGER NOT NULL,
        PRIMARY KEY (match_slug, map_number, platform_id)
      ) STRICT;
      CREATE INDEX player_map_stats_player ON player_map_stats (platform_id);
    `);
  },
};
