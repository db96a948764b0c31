import type { SqlPort } from '../../db/sql-port.js';

/** Each team's LAN sign-in code (API.md: shown to admins only, regenerable). */
export function createJoinCodesRepo(db: SqlPort) {
  const teamsWithout = db.prepare<[], { id: string }>(
    'SELECT t.id FROM teams t LEFT JOIN team_join_codes c ON c.team_id = t.id WHERE c.team_id IS NULL',
  );
  const selectAll = db.prepare<[], { team_id: string; code: string }>(
    'SELECT team_id, code FROM team_join_codes',
  );
  const selectOne = db.prepare<[string], { code: string }>(
    'SELECT code FROM team_join_codes WHERE team_id = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO team_join_codes (team_id, code, created_at) VALUES (?, ?, ?)
     ON CONFLICT (team_id) DO UPDATE SET code = excluded.code, created_at = excluded.created_at`,
  );
  const codeTaken = db.prepare<[string], { one: number }>(
    'SELECT 1 AS one FROM team_join_codes WHERE code = ?',
  );
  const rosterCodes = db.prepare<[string], { code: string }>(
    `SELECT c.code FROM team_players tp JOIN team_join_codes c ON c.team_id = tp.team_id
     WHERE tp.platform_id = ?`,
  );

  /** Stores a fresh code for the team; codes are unique so a code names one team. */
  async function assign(teamId: string, generate: () => string, now: number): Promise<string> {
    let code = generate();
    while (await codeTaken.get(code)) {
      code = generate();
    }
    await upsert.run(teamId, code, now);
    return code;
  }

  return {
    assign,
    /** Gives every team that has none a code (teams made before codes existed, or by imports). */
    async ensureAll(generate: () => string, now: number): Promise<void> {
      const missing = await teamsWithout.all();
      if (missing.length > 0) {
        await db.tx(async () => {
          for (const t of missing) {
            await assign(t.id, generate, now);
          }
        });
      }
    },
    all: async () => new Map((await selectAll.all()).map((row) => [row.team_id, row.code])),
    get: async (teamId: string) => (await selectOne.get(teamId))?.code,
    /** The codes of every team whose roster has this player. */
    codesOfPlayer: async (platformId: string) => (await rosterCodes.all(platformId)).map((row) => row.code),
  };
}
