import type { Db } from '../../db/open.js';
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
}

export interface PlayerElsewhere {
  platformId: string;
  playerName: string;
  teamId: string;
  teamName: string;
}

export function createTeamsRepo(db: Db) {
  const selectAll = db.prepare<[], TeamRow>('SELECT * FROM teams ORDER BY name COLLATE NOCASE, id');
  const selectOne = db.prepare<[string], TeamRow>('SELECT * FROM teams WHERE id = ?');
  const selectAllRosters = db.prepare<[], RosterRow>(
    'SELECT team_id, platform_id, name FROM team_players ORDER BY team_id, position',
  );
  const selectRoster = db.prepare<[string], RosterRow>(
    'SELECT team_id, platform_id, name FROM team_players WHERE team_id = ? ORDER BY position',
  );
  const insertTeam = db.prepare(
    'INSERT INTO teams (id, name, tag, created_at, updated_at) VALUES (@id, @name, @tag, @now, @now)',
  );
  const updateTeam = db.prepare(
    'UPDATE teams SET name = @name, tag = @tag, updated_at = @now WHERE id = @id',
  );
  const deleteRoster = db.prepare('DELETE FROM team_players WHERE team_id = ?');
  const insertRosterEntry = db.prepare(
    'INSERT INTO team_players (team_id, platform_id, name, position) VALUES (?, ?, ?, ?)',
  );
  const selectTeamsOfPlayer = db.prepare<[string], TeamRef>(
    `SELECT t.id, t.name, t.tag FROM team_players tp JOIN teams t ON t.id = tp.team_id
     WHERE tp.platform_id = ? ORDER BY t.name COLLATE NOCASE, t.id`,
  );
  const deleteTeam = db.prepare('DELETE FROM teams WHERE id = ?');
  const idExists = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM teams WHERE id = ?');

  const toTeam = (row: TeamRow, roster: RosterRow[]): Team => ({
    id: row.id,
    name: row.name,
    tag: row.tag,
    players: roster.map((r) => ({ platformId: r.platform_id, name: r.name })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

  return {
    list(): Team[] {
      const rosters = new Map<string, RosterRow[]>();
      for (const r of selectAllRosters.all()) {
        const list = rosters.get(r.team_id) ?? [];
        list.push(r);
        rosters.set(r.team_id, list);
      }
      return selectAll.all().map((row) => toTeam(row, rosters.get(row.id) ?? []));
    },

    get(id: string): Team | undefined {
      const row = selectOne.get(id);
      return row ? toTeam(row, selectRoster.all(id)) : undefined;
    },

    exists(id: string): boolean {
      return idExists.get(id) !== undefined;
    },

    insert(team: { id: string; name: string; tag: string }, now: number): void {
      insertTeam.run({ ...team, now });
    },

    update(team: { id: string; name: string; tag: string }, now: number): void {
      updateTeam.run({ ...team, now });
    },

    replaceRoster(teamId: string, players: readonly RosterPlayer[]): void {
      deleteRoster.run(teamId);
      players.forEach((p, i) => insertRosterEntry.run(teamId, p.platformId, p.name, i));
    },

    /** The teams whose rosters hold the player, by name. */
    teamsOfPlayer(platformId: string): TeamRef[] {
      return selectTeamsOfPlayer.all(platformId);
    },

    delete(id: string): boolean {
      return deleteTeam.run(id).changes > 0;
    },

    /** Other teams whose rosters hold any of these players. */
    findPlayersElsewhere(platformIds: readonly string[], exceptTeamId: string): PlayerElsewhere[] {
      if (platformIds.length === 0) {
        return [];
      }
      const marks = platformIds.map(() => '?').join(', ');
      return db
        .prepare<unknown[], PlayerElsewhere>(
          `SELECT tp.platform_id AS platformId, tp.name AS playerName, t.id AS teamId, t.name AS teamName
           FROM team_players tp JOIN teams t ON t.id = tp.team_id
           WHERE tp.platform_id IN (${marks}) AND tp.team_id <> ?
           ORDER BY t.name`,
        )
        .all(...platformIds, exceptTeamId);
    },
  };
}

export type TeamsRepo = ReturnType<typeof createTeamsRepo>;
