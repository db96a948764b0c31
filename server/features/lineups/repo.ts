import type { SqlPort } from '../../db/sql-port.js';

/** Each match's chosen lineup per team (API.md decision 62); the lineups feature is its one writer. */
export function createLineupsRepo(db: SqlPort) {
  const select = db.prepare<[string, string], { platform_ids: string }>(
    'SELECT platform_ids FROM match_lineups WHERE match_slug = ? AND team_id = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO match_lineups (match_slug, team_id, platform_ids, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (match_slug, team_id) DO UPDATE SET platform_ids = excluded.platform_ids,
       updated_at = excluded.updated_at`,
  );
  // Ids are 17 digits, so the quoted id cannot match inside another one.
  const moveId = db.prepare('UPDATE match_lineups SET platform_ids = REPLACE(platform_ids, ?, ?)');
  return {
    async get(matchSlug: string, teamId: string): Promise<string[] | null> {
      const row = await select.get(matchSlug, teamId);
      return row ? (JSON.parse(row.platform_ids) as string[]) : null;
    },
    async set(matchSlug: string, teamId: string, platformIds: readonly string[], now: number): Promise<void> {
      await upsert.run(matchSlug, teamId, JSON.stringify(platformIds), now);
    },
    async movePlayerId(from: string, to: string): Promise<void> {
      await moveId.run(JSON.stringify(from), JSON.stringify(to));
    },
  };
}
