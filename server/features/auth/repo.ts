import type { Db } from '../../db/open.js';

export interface SessionRow {
  id_hash: string;
  role: 'admin' | 'player';
  platform_id: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export function createSessionsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO sessions (id_hash, role, platform_id, created_at, last_seen_at, expires_at)
     VALUES (@id_hash, @role, @platform_id, @created_at, @last_seen_at, @expires_at)`,
  );
  const select = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id_hash = ?');
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
  const insertLink = db.prepare('INSERT INTO admin_links (token_hash, expires_at) VALUES (?, ?)');
  const useLink = db.prepare(
    'UPDATE admin_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
  );
  return {
    insert: (row: SessionRow) => insert.run(row),
    get: (idHash: string) => select.get(idHash),
    touch: (idHash: string, now: number) => touch.run(now, idHash),
    delete: (idHash: string) => remove.run(idHash),
    insertAdminLink: (tokenHash: string, expiresAt: number) => insertLink.run(tokenHash, expiresAt),
    /** Marks a link used; true only the first time, and only before it expires. */
    useAdminLink: (tokenHash: string, now: number) => useLink.run(now, tokenHash, now).changes === 1,
  };
}
