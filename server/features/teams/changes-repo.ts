import type { SqlPort } from '../../db/sql-port.js';
import type { TeamChange, TeamChangeKind } from '../../../shared/contracts/lineups.js';

interface ChangeRow {
  at: number;
  actor: string;
  kind: TeamChangeKind;
  match_slug: string | null;
  before: string;
  after: string;
}

export interface NewTeamChange {
  teamId: string;
  at: number;
  actor: string;
  kind: TeamChangeKind;
  matchSlug: string | null;
  before: unknown;
  after: unknown;
}

/** The log of roster and lineup changes (API.md decision 63); the teams feature is its one writer. */
export function createTeamChangesRepo(db: SqlPort) {
  const insert = db.prepare(
    `INSERT INTO team_changes (team_id, at, actor, kind, match_slug, before, after)
     VALUES (@teamId, @at, @actor, @kind, @matchSlug, @before, @after)`,
  );
  const selectOfTeam = db.prepare<[string], ChangeRow>(
    'SELECT at, actor, kind, match_slug, before, after FROM team_changes WHERE team_id = ? ORDER BY id DESC',
  );
  return {
    async insert(change: NewTeamChange): Promise<void> {
      await insert.run({
        ...change,
        before: JSON.stringify(change.before ?? null),
        after: JSON.stringify(change.after ?? null),
      });
    },
    /** Newest first. */
    async ofTeam(teamId: string): Promise<TeamChange[]> {
      return (await selectOfTeam.all(teamId)).map((row) => ({
        at: row.at,
        actor: row.actor,
        kind: row.kind,
        matchSlug: row.match_slug,
        before: JSON.parse(row.before) as unknown,
        after: JSON.parse(row.after) as unknown,
      }));
    },
  };
}
