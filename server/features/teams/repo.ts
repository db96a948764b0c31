import type { SqlPort } from '../../db/sql-port.js';
import type { TeamRef } from '../../../shared/contracts/matches.js';
import type { RosterPlayer, Team } from '../../../shared/contracts/teams.js';

interface TeamRow {
  id: string;
  name: string;
  tag: string;
  created_at: number;
  updated_at: number;
}

interface RosterRow {
  team_id: string;
  platform_id: string;
  name: string;
  role: string;
}

export interface PlayerElsewhere {
  platformId: string;
  playerName: string;
  teamId: string;
  teamName: string;
}

export function createTeamsRepo(db: SqlPort) {
  const selectAll = db.prepare<[], TeamRow>('SELECT * FROM teams ORDER BY lower(name), id');
  const selectOne = db.prepare<[string], TeamRow>('SELECT * FROM teams WHERE id = ?');
  const selectAllRosters = db.prepare<[], RosterRow>(
    'SELECT team_id, platform_id, name, role FROM team_players ORDER BY team_id, position',
  );
  const selectRoster = db.prepare<[string], RosterRow>(
    'SELECT team_id, platform_id, name, role FROM team_players WHERE team_id = ? ORDER BY position',
  );
  const insertTeam = db.prepare(
    'INSERT INTO teams (id, name, tag, created_at, updated_at) VALUES (@id, @name, @tag, @now, @now)',
  );
  const updateTeam = db.prepare(
    'UPDATE teams SET name = @name, tag = @tag, updated_at = @now WHERE id = @id',
  );
  const deleteRoster = db.prepare('DELETE FROM team_players WHERE team_id = ?');
  const insertRosterEntry = db.prepare(
    'INSERT INTO team_players (team_id, platform_id, name, position, role) VALUES (?, ?, ?, ?, ?)',
  );
  const selectTeamsOfPlayer = db.prepare<[string], TeamRef>(
    `SELECT t.id, t.name, t.tag FROM team_players tp JOIN teams t ON t.id = tp.team_id
     WHERE tp.platform_id = ? ORDER BY lower(t.name), t.id`,
  );
  const deleteTeam = db.prepare('DELETE FROM teams WHERE id = ?');
  const moveRosterId = db.prepare('UPDATE team_players SET platform_id = ? WHERE platform_id = ?');
  const idExists = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM teams WHERE id = ?');

  const toTeam = (row: TeamRow, roster: RosterRow[]): Team => ({
    id: row.id,
    name: row.name,
    tag: row.tag,
    players: roster.map((r) => ({
      platformId: r.platform_id,
      name: r.name,
      role: r.role === 'coach' ? ('coach' as const) : ('player' as const),
    })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

  return {
    async list(): Promise<Team[]> {
      const rosters = new Map<string, RosterRow[]>();
      for (const r of await selectAllRosters.all()) {
        const list = rosters.get(r.team_id) ?? [];
        list.push(r);
        rosters.set(r.team_id, list);
      }
      return (await selectAll.all()).map((row) => toTeam(row, rosters.get(row.id) ?? []));
    },

    async get(id: string): Promise<Team | undefined> {
      const row = await selectOne.get(id);
      return row ? toTeam(row, await selectRoster.all(id)) : undefined;
    },

    async exists(id: string): Promise<boolean> {
      return (await idExists.get(id)) !== undefined;
    },

    async insert(team: { id: string; name: string; tag: string }, now: number): Promise<void> {
      await insertTeam.run({ ...team, now });
    },

    async update(team: { id: string; name: string; tag: string }, now: number): Promise<void> {
      await updateTeam.run({ ...team, now });
    },

    async replaceRoster(teamId: string, players: readonly RosterPlayer[]): Promise<void> {
      await deleteRoster.run(teamId);
      for (const [i, p] of players.entries()) {
        await insertRosterEntry.run(teamId, p.platformId, p.name, i, p.role ?? 'player');
      }
    },

    /** The teams whose rosters hold the player, by name. */
    teamsOfPlayer(platformId: string): Promise<TeamRef[]> {
      return selectTeamsOfPlayer.all(platformId);
    },

    /** A corrected platform id: every roster entry of the old id now holds the new one. */
    async movePlayerId(from: string, to: string): Promise<void> {
      await moveRosterId.run(to, from);
    },

    async delete(id: string): Promise<boolean> {
      return (await deleteTeam.run(id)).changes > 0;
    },

    /** Other teams whose rosters hold any of these players. */
    async findPlayersElsewhere(
      platformIds: readonly string[],
      exceptTeamId: string,
    ): Promise<PlayerElsewhere[]> {
      if (platformIds.length === 0) {
        return [];
      }
      const marks = platformIds.map(() => '?').join(', ');
      return db
        .prepare<unknown[], PlayerElsewhere>(
          `SELECT tp.platform_id AS "platformId", tp.name AS "playerName", t.id AS "teamId", t.name AS "teamName"
           FROM team_players tp JOIN teams t ON t.id = tp.team_id
           WHERE tp.platform_id IN (${marks}) AND tp.team_id <> ?
           ORDER BY t.name`,
        )
        .all(...platformIds, exceptTeamId);
    },
  };
}

export type TeamsRepo = ReturnType<typeof createTeamsRepo>;
