import type { Migration } from '../migrate.js';

/** The tournament, its matches and maps, rating history, templates and the shuffle pool. */
export const tournaments: Migration = {
  version: 3,
  name: 'tournaments',
  up(db) {
    db.exec(`
      -- Matches are never split into games here, so nothing looks match games up by parent: one index
      -- less to write on every bracket change.
      DROP INDEX bracket_rows_parent;

      -- AUTOINCREMENT: a deleted tournament's id (leaderboard links) is never given to another one.
      CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        format TEXT NOT NULL,
        status TEXT NOT NULL,
        team_ids TEXT NOT NULL,
        -- The team ids in seed order once started (manual, random or by rating), best seed first.
        seeds TEXT NOT NULL DEFAULT '[]',
        settings TEXT NOT NULL,
        stage_id INTEGER,
        winner_team_id TEXT,
        -- Counts starts: a reset undoes the rating changes of the current run only.
        run INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        started_at INTEGER,
        completed_at INTEGER
      ) STRICT;

      -- AUTOINCREMENT: the plugin may retry an event for a deleted match hours later; its matchid must not
      -- name a new match.
      CREATE TABLE match_ids (id INTEGER PRIMARY KEY AUTOINCREMENT) STRICT;

      CREATE TABLE matches (
        slug TEXT PRIMARY KEY,
        matchid INTEGER NOT NULL UNIQUE,
        tournament_id INTEGER REFERENCES tournaments (id) ON DELETE CASCADE,
        bracket TEXT NOT NULL,
        round INTEGER NOT NULL,
        match_number INTEGER NOT NULL,
        label TEXT NOT NULL,
        bm_match_id INTEGER,
        team1_id TEXT,
        team2_id TEXT,
        team1_placeholder TEXT,
        team2_placeholder TEXT,
        winner_id TEXT,
        is_bye INTEGER NOT NULL DEFAULT 0,
        server_id TEXT,
        format TEXT NOT NULL,
        max_rounds INTEGER NOT NULL,
        overtime_mode TEXT NOT NULL,
        status TEXT NOT NULL,
        team1_series_score INTEGER NOT NULL DEFAULT 0,
        team2_series_score INTEGER NOT NULL DEFAULT 0,
        team1_map_score INTEGER NOT NULL DEFAULT 0,
        team2_map_score INTEGER NOT NULL DEFAULT 0,
        phase TEXT,
        current_map_number INTEGER,
        map_pool TEXT NOT NULL,
        veto TEXT,
        -- Place in the queue (matches really played) and in play order (byes included, for listing).
        queue_position INTEGER,
        play_order INTEGER,
        created_at INTEGER NOT NULL,
        loaded_at INTEGER,
        completed_at INTEGER
      ) STRICT;
      CREATE INDEX matches_tournament ON matches (tournament_id, play_order);
      CREATE INDEX matches_bm ON matches (tournament_id, bm_match_id);
      CREATE INDEX matches_status ON matches (tournament_id, status);
      CREATE INDEX matches_team1 ON matches (team1_id);
      CREATE INDEX matches_team2 ON matches (team2_id);

      CREATE TABLE match_maps (
        match_slug TEXT NOT NULL REFERENCES matches (slug) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        name TEXT NOT NULL,
        team1_score INTEGER NOT NULL DEFAULT 0,
        team2_score INTEGER NOT NULL DEFAULT 0,
        winner TEXT,
        decided_by TEXT,
        PRIMARY KEY (match_slug, number)
      ) STRICT;

      -- openskill's mu and sigma behind the displayed rating; NULL until a player's first rated series.
      ALTER TABLE players ADD COLUMN rating_mu REAL;
      ALTER TABLE players ADD COLUMN rating_sigma REAL;

      CREATE TABLE rating_history (
        id INTEGER PRIMARY KEY,
        platform_id TEXT NOT NULL,
        tournament_id INTEGER,
        run INTEGER NOT NULL,
        match_slug TEXT NOT NULL,
        match_label TEXT NOT NULL,
        tournament_name TEXT NOT NULL,
        rating_before REAL NOT NULL,
        rating_after REAL NOT NULL,
        mu_before REAL,
        sigma_before REAL,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX rating_history_player ON rating_history (platform_id, id);
      CREATE INDEX rating_history_run ON rating_history (tournament_id, run);

      CREATE TABLE tournament_templates (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        format TEXT NOT NULL,
        settings TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE shuffle_pool (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        platform_id TEXT NOT NULL,
        PRIMARY KEY (tournament_id, platform_id)
      ) STRICT;
    `);
  },
};
