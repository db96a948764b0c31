import type { SqlPort } from '../../db/sql-port.js';

/** Team ids of external websites, one per (source, team). */
export function createExternalIdsRepo(db: SqlPort) {
  const selectTeam = db
    .prepare<[string, string], string>(
      'SELECT team_id FROM team_external_ids WHERE source = ? AND external_id = ?',
    )
    .pluck();
  const selectOfTeam = db.prepare<[string], { source: string; external_id: string }>(
    'SELECT source, external_id FROM team_external_ids WHERE team_id = ? ORDER BY source',
  );
  const insert = db.prepare('INSERT INTO team_external_ids (source, external_id, team_id) VALUES (?, ?, ?)');

  return {
    teamId: (source: string, externalId: string): Promise<string | undefined> =>
      selectTeam.get(source, externalId),
    /** Every website's id of this team, by source label. */
    ofTeam: async (teamId: string): Promise<Map<string, string>> =>
      new Map((await selectOfTeam.all(teamId)).map((r) => [r.source, r.external_id])),
    insert: async (source: string, externalId: string, teamId: string): Promise<void> => {
      await insert.run(source, externalId, teamId);
    },
  };
}
