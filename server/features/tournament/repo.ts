import type { Db } from '../../db/open.js';
import type { MatchFormat } from '../../../shared/contracts/matches.js';
import type {
  StagesInput,
  TournamentSettings,
  TournamentStatus,
  TournamentType,
} from '../../../shared/contracts/tournament.js';

export interface TournamentRecord {
  id: number;
  name: string;
  type: TournamentType;
  format: MatchFormat;
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
  run: number;
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
}

interface TournamentRow {
  id: number;
  name: string;
  type: string;
  format: string;
  status: string;
  team_ids: string;
  seeds: string;
  settings: string;
  stages: string | null;
  playoff_seats: string | null;
  stage_id: number | null;
  winner_team_id: string | null;
  run: number;
  created_at: number;
  started_at: number | null;
  completed_at: number | null;
}

/**
 * JSON columns parsed once per distinct text: a result is recorded per match and reads the tournament
 * each time, and a 1024-team list is not free to parse.
 */
function parseOnce<T>(): (text: string) => T {
  let last: { text: string; value: T } | undefined;
  return (text) => {
    if (last?.text !== text) {
      // Frozen: the same array is handed out again, so nobody may change it in place.
      last = { text, value: Object.freeze(JSON.parse(text)) as T };
    }
    return last.value;
  };
}
const parseTeamIds = parseOnce<string[]>();
const parseSeeds = parseOnce<string[]>();

const toRecord = (r: TournamentRow): TournamentRecord => ({
  id: r.id,
  name: r.name,
  type: r.type as TournamentType,
  format: r.format as MatchFormat,
  status: r.status as TournamentStatus,
  teamIds: parseTeamIds(r.team_ids),
  seeds: parseSeeds(r.seeds),
  settings: JSON.parse(r.settings) as TournamentSettings,
  stages: r.stages === null ? null : (JSON.parse(r.stages) as StagesInput),
  playoffSeats: r.playoff_seats === null ? null : (JSON.parse(r.playoff_seats) as Record<string, string>),
  stageId: r.stage_id,
  winnerTeamId: r.winner_team_id,
  run: r.run,
  createdAt: r.created_at,
  startedAt: r.started_at,
  completedAt: r.completed_at,
});

export interface TemplateRecord {
  id: number;
  name: string;
  type: TournamentType;
  format: MatchFormat;
  settings: Partial<TournamentSettings>;
  createdAt: number;
  updatedAt: number;
}

interface TemplateRow {
  id: number;
  name: string;
  type: string;
  format: string;
  settings: string;
  created_at: number;
  updated_at: number;
}

const toTemplate = (r: TemplateRow): TemplateRecord => ({
  id: r.id,
  name: r.name,
  type: r.type as TournamentType,
  format: r.format as MatchFormat,
  settings: JSON.parse(r.settings) as Partial<TournamentSettings>,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function createTournamentRepo(db: Db) {
  // One tournament at a time: the newest row is the current one.
  const selectCurrent = db.prepare<[], TournamentRow>('SELECT * FROM tournaments ORDER BY id DESC LIMIT 1');
  const selectOne = db.prepare<[number], TournamentRow>('SELECT * FROM tournaments WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO tournaments (name, type, format, status, team_ids, settings, stages, created_at)
     VALUES (@name, @type, @format, 'setup', @teamIds, @settings, @stages, @now)`,
  );
  const update = db.prepare(
    `UPDATE tournaments SET name = @name, type = @type, format = @format, status = @status, team_ids = @teamIds,
       seeds = @seeds, settings = @settings, stages = @stages, playoff_seats = @playoffSeats, stage_id = @stageId, winner_team_id = @winnerTeamId, run = @run,
       started_at = @startedAt, completed_at = @completedAt
     WHERE id = @id`,
  );
  const deleteOne = db.prepare('DELETE FROM tournaments WHERE id = ?');

  const selectTemplates = db.prepare<[], TemplateRow>('SELECT * FROM tournament_templates ORDER BY name, id');
  const selectTemplate = db.prepare<[number], TemplateRow>('SELECT * FROM tournament_templates WHERE id = ?');
  const insertTemplate = db.prepare(
    `INSERT INTO tournament_templates (name, type, format, settings, created_at, updated_at)
     VALUES (@name, @type, @format, @settings, @now, @now)`,
  );
  const updateTemplate = db.prepare(
    `UPDATE tournament_templates SET name = @name, type = @type, format = @format, settings = @settings,
       updated_at = @now WHERE id = @id`,
  );
  const deleteTemplate = db.prepare('DELETE FROM tournament_templates WHERE id = ?');

  const selectPool = db.prepare<[number], { platform_id: string }>(
    'SELECT platform_id FROM shuffle_pool WHERE tournament_id = ? ORDER BY platform_id',
  );
  const selectPoolPlayers = db.prepare<[number], { platformId: string; name: string; rating: number }>(
    `SELECT p.platform_id AS platformId, p.name, p.rating FROM shuffle_pool s
     JOIN players p ON p.platform_id = s.platform_id WHERE s.tournament_id = ? ORDER BY p.platform_id`,
  );
  const clearPool = db.prepare('DELETE FROM shuffle_pool WHERE tournament_id = ?');
  const addToPool = db.prepare(
    'INSERT OR IGNORE INTO shuffle_pool (tournament_id, platform_id) VALUES (?, ?)',
  );

  return {
    current: (): TournamentRecord | undefined => {
      const row = selectCurrent.get();
      return row ? toRecord(row) : undefined;
    },
    get: (id: number): TournamentRecord | undefined => {
      const row = selectOne.get(id);
      return row ? toRecord(row) : undefined;
    },
    insert(
      t: Pick<TournamentRecord, 'name' | 'type' | 'format' | 'teamIds' | 'settings' | 'stages'>,
      now: number,
    ): number {
      const result = insert.run({
        ...t,
        teamIds: JSON.stringify(t.teamIds),
        settings: JSON.stringify(t.settings),
        stages: t.stages === null ? null : JSON.stringify(t.stages),
        now,
      });
      return Number(result.lastInsertRowid);
    },
    save(t: TournamentRecord): void {
      update.run({
        ...t,
        teamIds: JSON.stringify(t.teamIds),
        seeds: JSON.stringify(t.seeds),
        settings: JSON.stringify(t.settings),
        stages: t.stages === null ? null : JSON.stringify(t.stages),
        playoffSeats: t.playoffSeats === null ? null : JSON.stringify(t.playoffSeats),
      });
    },
    delete: (id: number): boolean => deleteOne.run(id).changes > 0,

    templates: (): TemplateRecord[] => selectTemplates.all().map(toTemplate),
    template: (id: number): TemplateRecord | undefined => {
      const row = selectTemplate.get(id);
      return row ? toTemplate(row) : undefined;
    },
    insertTemplate(t: Omit<TemplateRecord, 'id' | 'createdAt' | 'updatedAt'>, now: number): number {
      return Number(insertTemplate.run({ ...t, settings: JSON.stringify(t.settings), now }).lastInsertRowid);
    },
    updateTemplate(t: Omit<TemplateRecord, 'createdAt' | 'updatedAt'>, now: number): boolean {
      return updateTemplate.run({ ...t, settings: JSON.stringify(t.settings), now }).changes > 0;
    },
    deleteTemplate: (id: number): boolean => deleteTemplate.run(id).changes > 0,

    shufflePool: (tournamentId: number): string[] => selectPool.all(tournamentId).map((r) => r.platform_id),
    /** The pool with names and ratings (players deleted since registering drop out). */
    shufflePoolPlayers: (tournamentId: number) => selectPoolPlayers.all(tournamentId),
    replaceShufflePool(tournamentId: number, platformIds: readonly string[]): void {
      clearPool.run(tournamentId);
      for (const id of platformIds) {
        addToPool.run(tournamentId, id);
      }
    },
  };
}

export type TournamentRepo = ReturnType<typeof createTournamentRepo>;
