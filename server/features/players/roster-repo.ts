import type { SqlPort } from '../../db/sql-port.js';
import type { RosterPlayer } from '../../../shared/contracts/teams.js';

/** Player rows that team rosters need; the players feature owns the rest of the table. */
export function createRosterPlayersRepo(db: SqlPort) {
  const insertIfMissing = db.prepare(
    `INSERT INTO players (platform_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (platform_id) DO NOTHING`,
  );
  const selectExists = db.prepare<[string], number>('SELECT 1 FROM players WHERE platform_id = ?').pluck();
  return {
    exists: async (platformId: string): Promise<boolean> =>
      (await selectExists.get(platformId)) !== undefined,
    /** Creates a player record for each roster entry that has none; existing records are kept. */
    async ensure(players: readonly RosterPlayer[], now: number): Promise<void> {
      for (const p of players) {
        await insertIfMissing.run(p.platformId, p.name, now, now);
      }
    },
  };
}
