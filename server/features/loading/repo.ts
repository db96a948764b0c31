import type { SqlPort } from '../../db/sql-port.js';

export interface MatchLoad {
  loadId: string;
  matchSlug: string;
  serverId: string;
  createdAt: number;
  fetchedAt: number | null;
  endedAt: number | null;
}

interface LoadRow {
  load_id: string;
  match_slug: string;
  server_id: string;
  created_at: number;
  fetched_at: number | null;
  ended_at: number | null;
}

const toLoad = (r: LoadRow): MatchLoad => ({
  loadId: r.load_id,
  matchSlug: r.match_slug,
  serverId: r.server_id,
  createdAt: r.created_at,
  fetchedAt: r.fetched_at,
  endedAt: r.ended_at,
});

/** SQLite's and PostgreSQL's codes for a unique index that refused a row. */
const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};

/** Every load Matchday sent: the newest open one of a match is the only config fetch it answers. */
export function createLoadsRepo(db: SqlPort) {
  const insert = db.prepare(
    'INSERT INTO match_loads (load_id, match_slug, server_id, created_at) VALUES (?, ?, ?, ?)',
  );
  // A new load ends the open ones first (`endOpen` in the same transaction): at most one is open.
  const selectCurrent = db.prepare<[string], LoadRow>(
    'SELECT * FROM match_loads WHERE match_slug = ? AND ended_at IS NULL ORDER BY created_at DESC LIMIT 1',
  );
  const selectOne = db.prepare<[string], LoadRow>('SELECT * FROM match_loads WHERE load_id = ?');
  const markFetched = db.prepare(
    'UPDATE match_loads SET fetched_at = ? WHERE load_id = ? AND fetched_at IS NULL',
  );
  const selectOpenUnfetched = db.prepare<[], LoadRow>(
    'SELECT * FROM match_loads WHERE ended_at IS NULL AND fetched_at IS NULL ORDER BY created_at',
  );
  const endOpen = db.prepare('UPDATE match_loads SET ended_at = ? WHERE match_slug = ? AND ended_at IS NULL');
  const endOne = db.prepare('UPDATE match_loads SET ended_at = ? WHERE load_id = ? AND ended_at IS NULL');
  const endLeftOnServer = db.prepare(
    `UPDATE match_loads SET ended_at = ? WHERE server_id = ? AND ended_at IS NULL AND NOT EXISTS (
       SELECT 1 FROM matches m
       WHERE m.slug = match_loads.match_slug AND m.server_id = match_loads.server_id
         AND m.status IN ('loaded', 'live')
     )`,
  );

  return {
    /**
     * Records a sent load; false when the server already holds an open load (the database's one open
     * load per server). On PostgreSQL the refused insert spoils the transaction: the caller throws.
     */
    insert: async (load: Pick<MatchLoad, 'loadId' | 'matchSlug' | 'serverId' | 'createdAt'>) => {
      try {
        await insert.run(load.loadId, load.matchSlug, load.serverId, load.createdAt);
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) {
          return false;
        }
        throw err;
      }
    },
    current: async (slug: string) => {
      const row = await selectCurrent.get(slug);
      return row ? toLoad(row) : undefined;
    },
    get: async (loadId: string) => {
      const row = await selectOne.get(loadId);
      return row ? toLoad(row) : undefined;
    },
    /** Open loads whose config no server fetched yet. */
    openUnfetched: async () => (await selectOpenUnfetched.all()).map(toLoad),
    /** Records the first config fetch of a load; answers whether this was it. */
    markFetched: async (loadId: string, now: number) => (await markFetched.run(now, loadId)).changes > 0,
    /** Ends every open load of a match (a new load, a cancel, the match freed its server). */
    endOpen: (slug: string, now: number) => endOpen.run(now, slug),
    /** Ends one load if it is still open. */
    end: (loadId: string, now: number) => endOne.run(now, loadId),
    /** Ends the server's open loads of matches no longer loaded or live on it (their series is over). */
    endLeftOnServer: (serverId: string, now: number) => endLeftOnServer.run(now, serverId),
  };
}
