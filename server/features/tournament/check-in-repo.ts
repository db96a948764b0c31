import type { SqlPort } from '../../db/sql-port.js';

export interface CheckInRecord {
  teamId: string;
  checkedInAt: number;
  by: 'admin' | 'player';
}

/** Which teams of a tournament checked in, when and by whom. */
export function createCheckInRepo(db: SqlPort) {
  const selectAll = db.prepare<[number], CheckInRecord>(
    `SELECT team_id AS "teamId", checked_in_at AS "checkedInAt", by_whom AS "by"
     FROM tournament_check_ins WHERE tournament_id = ?`,
  );
  // A repeated check-in keeps the first time (API.md decision 35).
  const insert = db.prepare(
    `INSERT INTO tournament_check_ins (tournament_id, team_id, checked_in_at, by_whom) VALUES (?, ?, ?, ?)
     ON CONFLICT (tournament_id, team_id) DO NOTHING`,
  );
  const remove = db.prepare('DELETE FROM tournament_check_ins WHERE tournament_id = ? AND team_id = ?');
  return {
    /** team id -> its check-in. */
    of: async (tournamentId: number): Promise<Map<string, CheckInRecord>> =>
      new Map((await selectAll.all(tournamentId)).map((c) => [c.teamId, c])),
    async add(tournamentId: number, teamId: string, at: number, by: CheckInRecord['by']): Promise<void> {
      await insert.run(tournamentId, teamId, at, by);
    },
    async remove(tournamentId: number, teamId: string): Promise<void> {
      await remove.run(tournamentId, teamId);
    },
  };
}

export type CheckInRepo = ReturnType<typeof createCheckInRepo>;
