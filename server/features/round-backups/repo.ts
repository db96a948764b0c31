import type { SqlPort } from '../../db/sql-port.js';

export interface RoundBackupRecord {
  matchSlug: string;
  mapNumber: number;
  /** Rounds already played when the plugin wrote it: restoring it replays round `round + 1`. */
  round: number;
  team1Score: number;
  team2Score: number;
  sizeBytes: number;
  /** Under the round-backups folder: `<match folder>/<file>`. */
  fileName: string;
  serverId: string | null;
  storedAt: number;
}

interface RoundBackupRow {
  match_slug: string;
  map_number: number;
  round: number;
  team1_score: number;
  team2_score: number;
  size_bytes: number;
  file_name: string;
  server_id: string | null;
  stored_at: number;
}

const toRecord = (r: RoundBackupRow): RoundBackupRecord => ({
  matchSlug: r.match_slug,
  mapNumber: Number(r.map_number),
  round: Number(r.round),
  team1Score: Number(r.team1_score),
  team2Score: Number(r.team2_score),
  sizeBytes: Number(r.size_bytes),
  fileName: r.file_name,
  serverId: r.server_id,
  storedAt: Number(r.stored_at),
});

export function createRoundBackupsRepo(db: SqlPort) {
  const upsert = db.prepare(
    `INSERT INTO round_backups (match_slug, map_number, round, team1_score, team2_score, size_bytes,
       file_name, server_id, stored_at)
     VALUES (@matchSlug, @mapNumber, @round, @team1Score, @team2Score, @sizeBytes, @fileName, @serverId,
       @storedAt)
     ON CONFLICT (match_slug, map_number, round) DO UPDATE SET team1_score = excluded.team1_score,
       team2_score = excluded.team2_score, size_bytes = excluded.size_bytes,
       file_name = excluded.file_name, server_id = excluded.server_id, stored_at = excluded.stored_at`,
  );
  const selectOne = db.prepare<[string, number, number], RoundBackupRow>(
    'SELECT * FROM round_backups WHERE match_slug = ? AND map_number = ? AND round = ?',
  );
  // Newest first: later maps, then later rounds (a re-played round replaces its row).
  const selectForMatch = db.prepare<[string], RoundBackupRow>(
    'SELECT * FROM round_backups WHERE match_slug = ? ORDER BY map_number DESC, round DESC',
  );

  return {
    save: (backup: RoundBackupRecord) => upsert.run(backup),
    get: async (slug: string, mapNumber: number, round: number) => {
      const row = await selectOne.get(slug, mapNumber, round);
      return row ? toRecord(row) : undefined;
    },
    forMatch: async (slug: string) => (await selectForMatch.all(slug)).map(toRecord),
  };
}
