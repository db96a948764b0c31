import type { Migration } from '../migrate.js';

/** How people sign in: session details, team join codes, SSO links, one-time values already used. */
export const signIn: Migration = {
  version: 9,
  name: 'sign-in',
  up(db) {
    db.exec(`
      -- lan, steam, discord, github, oidc, admin-link, password.
      ALTER TABLE sessions ADD COLUMN method TEXT NOT NULL DEFAULT 'admin-link';
      -- 1 when the platform id was proven by the platform (or an identity provider), not just picked
      -- from a roster with a team code; only proven ids can be admins through ADMIN_PLATFORM_IDS.
      ALTER TABLE sessions ADD COLUMN verified INTEGER NOT NULL DEFAULT 0;
      -- The player an admin session is viewing the app as.
      ALTER TABLE sessions ADD COLUMN impersonating TEXT;
      CREATE INDEX sessions_expires ON sessions (expires_at);

      CREATE TABLE team_join_codes (
        team_id TEXT PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
        code TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL
      ) STRICT;

      -- An SSO account (provider + its user id) linked to a player.
      CREATE TABLE sign_in_links (
        provider TEXT NOT NULL,
        subject TEXT NOT NULL,
        platform_id TEXT NOT NULL,
        verified INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (provider, subject)
      ) STRICT;

      -- OAuth states and OpenID nonces already used, kept until they would have expired anyway.
      CREATE TABLE used_sign_in_values (
        value_hash TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
