import type { SqlPort } from '../../db/sql-port.js';
import { DEFAULT_SCHEDULE } from '../../../shared/contracts/timetable.js';
import type { MatchFormat } from '../../../shared/contracts/matches.js';
import {
  DEFAULT_CHECK_IN,
  type GameMode,
  type StagesInput,
  type TournamentSettings,
  type TournamentSettingsInput,
  type TournamentStatus,
  type TournamentType,
  type WithdrawnTeam,
} from '../../../shared/contracts/tournament.js';
import { scopedTournamentId } from './scope.js';

export interface TournamentRecord {
  id: number;
  name: string;
  type: TournamentType;
  format: MatchFormat;
  gameMode: GameMode;
  /** Tags every server of its matches must carry (API.md decision 74). */
  serverTags: string[];
  status: TournamentStatus;
  teamIds: string[];
  seeds: string[];
  settings: TournamentSettings;
  /** The two stages of a `groups_playoffs` tournament as given, else null. */
  stages: StagesInput | null;
  /** Playoff seat name -> team id once the playoffs are filled, else null. */
  playoffSeats: Readonly<Record<string, string>> | null;
  stageId: number | null;
  winnerTeamId: string | null;
  /** Teams that left the running tournament (API.md decision 61), in the order they left. */
  withdrawn: WithdrawnTeam[];
  run: number;
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  /** When new loads were paused (API.md decision 75); null while they run. Written by `setPausedAt` only. */
  pausedAt: number | null;
  /** Why the last automatic start was refused. Written by `setAutoStartProblem` only. */
  autoStartProblem: string | null;
}

interface TournamentRow {
  id: number;
  name: string;
  type: string;
  format: string;
  game_mode: string;
  server_tags: string;
  status: string;
  settings: string;
  stages: string | null;
  stage_id: number | null;
  winner_team_id: string | null;
  withdrawn: string | null;
  run: number;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
  paused_at: number | null;
  auto_start_problem: string | null;
}

/** What a tournament keeps in rows of its own tables rather than in its row. */
type TournamentLists = Pick<TournamentRecord, 'teamIds' | 'seeds' | 'playoffSeats'>;

const toRecord = (r: TournamentRow, lists: TournamentLists): TournamentRecord => ({
  id: r.id,
  name: r.name,
  type: r.type as TournamentType,
  format: r.format as MatchFormat,
  gameMode: r.game_mode as GameMode,
  serverTags: JSON.parse(r.server_tags) as string[],
  status: r.status as TournamentStatus,
  teamIds: lists.teamIds,
  seeds: lists.seeds,
  // Tournaments stored before check-in or the timetable existed have none.
  settings: {
    checkIn: DEFAULT_CHECK_IN,
    schedule: DEFAULT_SCHEDULE,
    ...(JSON.parse(r.settings) as Omit<TournamentSettings, 'checkIn' | 'schedule'>),
  },
  stages: r.stages === null ? null : (JSON.parse(r.stages) as StagesInput),
  playoffSeats: lists.playoffSeats,
  stageId: r.stage_id,
  winnerTeamId: r.winner_team_id,
  withdrawn: r.withdrawn === null ? [] : (JSON.parse(r.withdrawn) as WithdrawnTeam[]),
  run: r.run,
  createdAt: r.created_at,
  startedAt: r.started_at,
  completedAt: r.completed_at,
  pausedAt: r.paused_at,
  autoStartProblem: r.auto_start_problem,
});

export interface TemplateRecord {
  id: number;
  name: string;
  type: TournamentType;
  format: MatchFormat;
  settings: TournamentSettingsInput;
  /** A `groups_playoffs` template's two stages, else null. */
  stages: StagesInput | null;
  createdAt: number;
  updatedAt: number;
}

interface TemplateRow {
  id: number;
  name: string;
  type: string;
  format: string;
  settings: string;
  stages: string | null;
  created_at: number;
  updated_at: number;
}

const toTemplate = (r: TemplateRow): TemplateRecord => ({
  id: r.id,
  name: r.name,
  type: r.type as TournamentType,
  format: r.format as MatchFormat,
  settings: JSON.parse(r.settings) as TournamentSettingsInput,
  stages: r.stages === null ? null : (JSON.parse(r.stages) as StagesInput),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** A template's JSON columns as stored. */
const templateRowOf = <T extends Pick<TemplateRecord, 'settings' | 'stages'>>(t: T) => ({
  ...t,
  settings: JSON.stringify(t.settings),
  stages: t.stages === null ? null : JSON.stringify(t.stages),
});

export function createTournamentRepo(db: SqlPort) {
  // The primary: the one marked, else the first created (API.md decision 73).
  const selectPrimary = db.prepare<[], TournamentRow>(
    'SELECT * FROM tournaments ORDER BY is_primary DESC, id ASC LIMIT 1',
  );
  const selectAll = db.prepare<[], TournamentRow>('SELECT * FROM tournaments ORDER BY id');
  const updatePrimary = db.prepare('UPDATE tournaments SET is_primary = CASE WHEN id = ? THEN 1 ELSE 0 END');
  const selectOne = db.prepare<[number], TournamentRow>('SELECT * FROM tournaments WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO tournaments (name, type, format, game_mode, server_tags, status, settings, stages, created_at)
     VALUES (@name, @type, @format, @gameMode, @serverTags, 'setup', @settings, @stages, @now) RETURNING id`,
  );
  const update = db.prepare(
    `UPDATE tournaments SET name = @name, type = @type, format = @format, status = @status,
       settings = @settings, stages = @stages, stage_id = @stageId,
       game_mode = @gameMode, server_tags = @serverTags,
       winner_team_id = @winnerTeamId, withdrawn = @withdrawn, run = @run,
       started_at = @startedAt, completed_at = @completedAt
     WHERE id = @id`,
  );
  const deleteOne = db.prepare('DELETE FROM tournaments WHERE id = ?');
  const updatePausedAt = db.prepare('UPDATE tournaments SET paused_at = ? WHERE id = ?');
  const updateAutoStartProblem = db.prepare('UPDATE tournaments SET auto_start_problem = ? WHERE id = ?');

  const selectTeams = db
    .prepare<[number], string>(
      'SELECT team_id FROM tournament_teams WHERE tournament_id = ? ORDER BY position',
    )
    .pluck();
  const selectSeeds = db
    .prepare<[number], string>('SELECT team_id FROM tournament_seeds WHERE tournament_id = ? ORDER BY seed')
    .pluck();
  const clearTeams = db.prepare('DELETE FROM tournament_teams WHERE tournament_id = ?');
  const clearSeeds = db.prepare('DELETE FROM tournament_seeds WHERE tournament_id = ?');
  const insertTeam = db.prepare(
    'INSERT INTO tournament_teams (tournament_id, position, team_id) VALUES (?, ?, ?)',
  );
  const insertSeed = db.prepare(
    'INSERT INTO tournament_seeds (tournament_id, seed, team_id) VALUES (?, ?, ?)',
  );
  const selectPlayoffSeats = db.prepare<[number], { seat: string; team_id: string }>(
    'SELECT seat, team_id FROM tournament_playoff_seats WHERE tournament_id = ? ORDER BY position',
  );
  const clearPlayoffSeats = db.prepare('DELETE FROM tournament_playoff_seats WHERE tournament_id = ?');
  const insertPlayoffSeat = db.prepare(
    'INSERT INTO tournament_playoff_seats (tournament_id, position, seat, team_id) VALUES (?, ?, ?, ?)',
  );

  /**
   * The lists of each tournament as last committed: a result is recorded per match and reads the
   * tournament each time, and a 1024-team list is not free to read. Only lists read while no write of
   * this repo may still roll back are kept; a write forgets its tournament's. Only on SQLite: on
   * PostgreSQL other instances write too.
   */
  const committedLists = new Map<number, TournamentLists>();
  const cacheable = db.dialect === 'sqlite';
  let writtenInOpenTransaction = false;

  async function readLists(id: number): Promise<TournamentLists> {
    // Frozen: the same lists are handed out again, so nobody may change them in place.
    const seatRows = await selectPlayoffSeats.all(id);
    const lists = {
      teamIds: Object.freeze(await selectTeams.all(id)),
      seeds: Object.freeze(await selectSeeds.all(id)),
      // No rows: the playoffs are not filled (filled ones have two seats or more).
      playoffSeats:
        seatRows.length === 0
          ? null
          : Object.freeze(Object.fromEntries(seatRows.map((r) => [r.seat, r.team_id]))),
    };
    if (cacheable && !writtenInOpenTransaction) {
      committedLists.set(id, lists as TournamentLists);
    }
    return lists as TournamentLists;
  }

  async function listsOf(id: number): Promise<TournamentLists> {
    const cached = committedLists.get(id);
    if (cached) {
      return cached;
    }
    if (db.inTransaction) {
      return readLists(id);
    }
    // Outside a transaction the reads run together: no transaction of another request is open
    // meanwhile, so none of its writes may still roll back.
    return db.readTogether(() => {
      writtenInOpenTransaction = false;
      return readLists(id);
    });
  }

  function forgetLists(id: number): void {
    committedLists.delete(id);
    writtenInOpenTransaction ||= db.inTransaction;
  }

  async function writeLists(
    id: number,
    lists: Partial<TournamentLists>,
    before: TournamentLists | undefined,
  ): Promise<void> {
    const same = (a: readonly string[], b: readonly string[] | undefined) =>
      b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);
    if (lists.teamIds && !same(lists.teamIds, before?.teamIds)) {
      forgetLists(id);
      await clearTeams.run(id);
      for (const [i, teamId] of lists.teamIds.entries()) {
        await insertTeam.run(id, i, teamId);
      }
    }
    if (lists.seeds && !same(lists.seeds, before?.seeds)) {
      forgetLists(id);
      await clearSeeds.run(id);
      for (const [i, teamId] of lists.seeds.entries()) {
        await insertSeed.run(id, i + 1, teamId);
      }
    }
    const seats = (r: Readonly<Record<string, string>> | null | undefined) => Object.entries(r ?? {}).flat();
    if (lists.playoffSeats !== undefined && !same(seats(lists.playoffSeats), seats(before?.playoffSeats))) {
      forgetLists(id);
      await clearPlayoffSeats.run(id);
      for (const [i, [seat, teamId]] of Object.entries(lists.playoffSeats ?? {}).entries()) {
        await insertPlayoffSeat.run(id, i, seat, teamId);
      }
    }
  }

  const recordOf = async (row: TournamentRow | undefined) =>
    row ? toRecord(row, await listsOf(row.id)) : undefined;

  const selectTemplates = db.prepare<[], TemplateRow>('SELECT * FROM tournament_templates ORDER BY name, id');
  const selectTemplate = db.prepare<[number], TemplateRow>('SELECT * FROM tournament_templates WHERE id = ?');
  const insertTemplate = db.prepare(
    `INSERT INTO tournament_templates (name, type, format, settings, stages, created_at, updated_at)
     VALUES (@name, @type, @format, @settings, @stages, @now, @now) RETURNING id`,
  );
  const updateTemplate = db.prepare(
    `UPDATE tournament_templates SET name = @name, type = @type, format = @format, settings = @settings,
       stages = @stages, updated_at = @now WHERE id = @id`,
  );
  const deleteTemplate = db.prepare('DELETE FROM tournament_templates WHERE id = ?');

  const selectPool = db.prepare<[number], { platform_id: string }>(
    'SELECT platform_id FROM shuffle_pool WHERE tournament_id = ? ORDER BY platform_id',
  );
  const selectPoolPlayers = db.prepare<[number], { platformId: string; name: string; rating: number }>(
    `SELECT p.platform_id AS "platformId", p.name, p.rating FROM shuffle_pool s
     JOIN players p ON p.platform_id = s.platform_id WHERE s.tournament_id = ? ORDER BY p.platform_id`,
  );
  const clearPool = db.prepare('DELETE FROM shuffle_pool WHERE tournament_id = ?');
  const addToPool = db.prepare(
    'INSERT INTO shuffle_pool (tournament_id, platform_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
  );

  return {
    /** The tournament the running request names (`/api/tournaments/:id/...`), else the primary. */
    async current(): Promise<TournamentRecord | undefined> {
      const scoped = scopedTournamentId();
      return recordOf(await (scoped === undefined ? selectPrimary.get() : selectOne.get(scoped)));
    },
    primary: async (): Promise<TournamentRecord | undefined> => recordOf(await selectPrimary.get()),
    /** Every tournament, oldest first. */
    async list(): Promise<TournamentRecord[]> {
      const records: TournamentRecord[] = [];
      for (const row of await selectAll.all()) {
        records.push(toRecord(row, await listsOf(row.id)));
      }
      return records;
    },
    /** Marks `id` the primary (and no other). */
    async setPrimary(id: number): Promise<void> {
      await updatePrimary.run(id);
    },
    get: async (id: number): Promise<TournamentRecord | undefined> => recordOf(await selectOne.get(id)),
    async insert(
      t: Pick<
        TournamentRecord,
        'name' | 'type' | 'format' | 'gameMode' | 'serverTags' | 'teamIds' | 'settings' | 'stages'
      >,
      now: number,
    ): Promise<number> {
      const result = await insert.run({
        name: t.name,
        type: t.type,
        format: t.format,
        gameMode: t.gameMode,
        serverTags: JSON.stringify(t.serverTags),
        settings: JSON.stringify(t.settings),
        stages: t.stages === null ? null : JSON.stringify(t.stages),
        now,
      });
      const id = Number(result.lastInsertRowid);
      await writeLists(id, { teamIds: t.teamIds }, undefined);
      return id;
    },
    async save(t: TournamentRecord): Promise<void> {
      const { teamIds, seeds, playoffSeats, ...fields } = t;
      await update.run({
        ...fields,
        serverTags: JSON.stringify(t.serverTags),
        settings: JSON.stringify(t.settings),
        stages: t.stages === null ? null : JSON.stringify(t.stages),
        withdrawn: t.withdrawn.length === 0 ? null : JSON.stringify(t.withdrawn),
      });
      await writeLists(t.id, { teamIds, seeds, playoffSeats }, await listsOf(t.id));
    },
    async setPausedAt(id: number, pausedAt: number | null): Promise<void> {
      await updatePausedAt.run(pausedAt, id);
    },
    async setAutoStartProblem(id: number, problem: string | null): Promise<void> {
      await updateAutoStartProblem.run(problem, id);
    },
    delete: async (id: number): Promise<boolean> => {
      forgetLists(id);
      return (await deleteOne.run(id)).changes > 0;
    },

    templates: async (): Promise<TemplateRecord[]> => (await selectTemplates.all()).map(toTemplate),
    template: async (id: number): Promise<TemplateRecord | undefined> => {
      const row = await selectTemplate.get(id);
      return row ? toTemplate(row) : undefined;
    },
    async insertTemplate(
      t: Omit<TemplateRecord, 'id' | 'createdAt' | 'updatedAt'>,
      now: number,
    ): Promise<number> {
      return Number((await insertTemplate.run({ ...templateRowOf(t), now })).lastInsertRowid);
    },
    async updateTemplate(t: Omit<TemplateRecord, 'createdAt' | 'updatedAt'>, now: number): Promise<boolean> {
      return (await updateTemplate.run({ ...templateRowOf(t), now })).changes > 0;
    },
    deleteTemplate: async (id: number): Promise<boolean> => (await deleteTemplate.run(id)).changes > 0,

    shufflePool: async (tournamentId: number): Promise<string[]> =>
      (await selectPool.all(tournamentId)).map((r) => r.platform_id),
    /** The pool with names and ratings (players deleted since registering drop out). */
    shufflePoolPlayers: (tournamentId: number) => selectPoolPlayers.all(tournamentId),
    async replaceShufflePool(tournamentId: number, platformIds: readonly string[]): Promise<void> {
      await clearPool.run(tournamentId);
      for (const id of platformIds) {
        await addToPool.run(tournamentId, id);
      }
    },
  };
}

export type TournamentRepo = ReturnType<typeof createTournamentRepo>;
