import type { SqlPort } from '../../db/sql-port.js';
import type { SignInMethod } from '../../../shared/contracts/auth.js';

export interface SessionRow {
  id_hash: string;
  role: 'admin' | 'player';
  platform_id: string | null;
  method: SignInMethod;
  verified: number;
  impersonating: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface SignInLink {
  platformId: string;
  verified: boolean;
}

export function createSessionsRepo(db: SqlPort) {
  const insert = db.prepare(
    `INSERT INTO sessions (id_hash, role, platform_id, method, verified, impersonating, created_at,
       last_seen_at, expires_at)
     VALUES (@id_hash, @role, @platform_id, @method, @verified, @impersonating, @created_at, @last_seen_at,
       @expires_at)`,
  );
  const select = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id_hash = ?');
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
  const removeStale = db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?');
  const impersonate = db.prepare('UPDATE sessions SET impersonating = ? WHERE id_hash = ?');
  const insertLink = db.prepare('INSERT INTO admin_links (token_hash, expires_at) VALUES (?, ?)');
  const useLink = db.prepare(
    'UPDATE admin_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
  );
  const selectSignInLink = db.prepare<[string, string], { platform_id: string; verified: number }>(
    'SELECT platform_id, verified FROM sign_in_links WHERE provider = ? AND subject = ?',
  );
  const upsertSignInLink = db.prepare(
    `INSERT INTO sign_in_links (provider, subject, platform_id, verified, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (provider, subject) DO UPDATE SET platform_id = excluded.platform_id,
       verified = excluded.verified, created_at = excluded.created_at`,
  );
  const insertUsedValue = db.prepare(
    'INSERT INTO used_sign_in_values (value_hash, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );
  const selectAdminIds = db
    .prepare<[number], string>(
      `SELECT DISTINCT platform_id FROM sessions
       WHERE role = 'admin' AND platform_id IS NOT NULL AND expires_at > ? ORDER BY platform_id`,
    )
    .pluck();
  const removeExpiredValues = db.prepare('DELETE FROM used_sign_in_values WHERE expires_at <= ?');

  return {
    insert: (row: SessionRow) => insert.run(row),
    get: (idHash: string) => select.get(idHash),
    /** The platform ids of admins signed in now: organisers a match's `admins` lets join. */
    adminPlatformIds: (now: number): Promise<string[]> => selectAdminIds.all(now),
    touch: (idHash: string, now: number) => touch.run(now, idHash),
    delete: (idHash: string) => remove.run(idHash),
    /** Sessions past their absolute end or idle since `idleBefore`. */
    deleteStale: (now: number, idleBefore: number) => removeStale.run(now, idleBefore),
    setImpersonating: (idHash: string, platformId: string | null) => impersonate.run(platformId, idHash),

    insertAdminLink: (tokenHash: string, expiresAt: number) => insertLink.run(tokenHash, expiresAt),
    /** Marks a link used; true only the first time, and only before it expires. */
    useAdminLink: async (tokenHash: string, now: number) =>
      (await useLink.run(now, tokenHash, now)).changes === 1,

    async getSignInLink(provider: string, subject: string): Promise<SignInLink | undefined> {
      const row = await selectSignInLink.get(provider, subject);
      return row ? { platformId: row.platform_id, verified: row.verified === 1 } : undefined;
    },
    saveSignInLink: (provider: string, subject: string, link: SignInLink, now: number) =>
      upsertSignInLink.run(provider, subject, link.platformId, link.verified ? 1 : 0, now),

    /** Records a one-time value (OAuth state, OpenID nonce); false when it was used before. */
    async useOnce(valueHash: string, expiresAt: number, now: number): Promise<boolean> {
      await removeExpiredValues.run(now);
      return (await insertUsedValue.run(valueHash, expiresAt)).changes === 1;
    },
  };
}
