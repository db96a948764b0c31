import type {
  BracketKind,
  MatchFormat,
  MatchMap,
  MatchForfeit,
  MatchStatus,
  OvertimeMode,
} from '../../../shared/contracts/matches.js';
import type { AdvantageSide } from '../../../shared/domain/map-advantage.js';

/** A match as stored: its record, its row in the matches table, and the mapping between them. */

export type MatchStage = 'main' | 'groups' | 'playoffs';

/** A match as stored; the service adds team names, display status and demo links. */
export interface MatchRecord {
  slug: string;
  matchid: number;
  tournamentId: number | null;
  bracket: BracketKind;
  round: number;
  matchNumber: number;
  label: string;
  stage: MatchStage | null;
  group: string | null;
  bmMatchId: number | null;
  team1Id: string | null;
  team2Id: string | null;
  team1Placeholder: string | null;
  team2Placeholder: string | null;
  winnerId: string | null;
  isBye: boolean;
  serverId: string | null;
  format: MatchFormat;
  maxRounds: number;
  overtimeMode: OvertimeMode;
  status: MatchStatus;
  team1SeriesScore: number;
  team2SeriesScore: number;
  team1MapScore: number;
  team2MapScore: number;
  phase: 'live' | 'halftime' | 'overtime' | 'paused' | null;
  currentMapNumber: number | null;
  mapPool: string[];
  veto: unknown;
  queuePosition: number | null;
  playOrder: number | null;
  /** A manual match's team size; null plays the tournament's (or the default). */
  teamSize: number | null;
  createdAt: number;
  loadedAt: number | null;
  completedAt: number | null;
  /** When the result was last corrected (API.md decision 39), null when never. */
  correctedAt: number | null;
  /** Lost without playing: check-in, forfeit or withdrawal (API.md decisions 36, 60, 61), else null. */
  forfeit: MatchForfeit | null;
  /** Its move waits for a free server (API.md decision 55), to go on from `moveRound` (null: the newest). */
  moving: boolean;
  moveRound: number | null;
  /** The server it was last moved away from (API.md decision 56: that server's late events change nothing). */
  movedFrom: string | null;
  /** Kept for the stage-tagged server and held in warmup until Go (API.md decision 76). */
  onStage: boolean;
  /** When a caster or admin pressed Go on a stage match, else null. */
  goAt: number | null;
  /** When the join clock runs out (API.md decision 59); null when it does not run. */
  joinDeadline: number | null;
  /** An admin holds the join clock: no deadline until released. */
  joinHeld: boolean;
  /** Players of each side connected to its server, from the plugin's connects and disconnects. */
  present: { team1: number; team2: number };
  /**
   * The team that starts one map up (the grand-final map advantage, API.md decision 78), else null. The
   * series scores count that map; the game server plays one map fewer.
   */
  mapAdvantage: AdvantageSide | null;
}

export type StoredMap = Omit<MatchMap, 'demo'> & { hasDemo: boolean };

export interface MatchRow {
  slug: string;
  matchid: number;
  tournament_id: number | null;
  bracket: string;
  round: number;
  match_number: number;
  label: string;
  stage: string | null;
  group_name: string | null;
  bm_match_id: number | null;
  team1_id: string | null;
  team2_id: string | null;
  team1_placeholder: string | null;
  team2_placeholder: string | null;
  winner_id: string | null;
  is_bye: number;
  server_id: string | null;
  format: string;
  max_rounds: number;
  overtime_mode: string;
  status: string;
  team1_series_score: number;
  team2_series_score: number;
  team1_map_score: number;
  team2_map_score: number;
  phase: string | null;
  current_map_number: number | null;
  map_pool: string;
  veto: string | null;
  queue_position: number | null;
  play_order: number | null;
  team_size: number | null;
  created_at: number;
  loaded_at: number | null;
  completed_at: number | null;
  corrected_at: number | null;
  forfeit: string | null;
  moving: number;
  move_round: number | null;
  moved_from: string | null;
  on_stage: number;
  go_at: number | null;
  join_deadline: number | null;
  join_held: number;
  team1_present: number;
  team2_present: number;
  map_advantage: string | null;
}

export interface MapRow {
  match_slug: string;
  number: number;
  name: string;
  team1_score: number;
  team2_score: number;
  winner: string | null;
  decided_by: string | null;
  has_demo: number;
}

export const toRecord = (r: MatchRow): MatchRecord => ({
  slug: r.slug,
  matchid: r.matchid,
  tournamentId: r.tournament_id,
  bracket: r.bracket as BracketKind,
  round: r.round,
  matchNumber: r.match_number,
  label: r.label,
  stage: r.stage as MatchStage | null,
  group: r.group_name,
  bmMatchId: r.bm_match_id,
  team1Id: r.team1_id,
  team2Id: r.team2_id,
  team1Placeholder: r.team1_placeholder,
  team2Placeholder: r.team2_placeholder,
  winnerId: r.winner_id,
  isBye: r.is_bye === 1,
  serverId: r.server_id,
  format: r.format as MatchFormat,
  maxRounds: r.max_rounds,
  overtimeMode: r.overtime_mode as OvertimeMode,
  status: r.status as MatchStatus,
  team1SeriesScore: r.team1_series_score,
  team2SeriesScore: r.team2_series_score,
  team1MapScore: r.team1_map_score,
  team2MapScore: r.team2_map_score,
  phase: r.phase as MatchRecord['phase'],
  currentMapNumber: r.current_map_number,
  mapPool: JSON.parse(r.map_pool) as string[],
  veto: r.veto === null ? null : (JSON.parse(r.veto) as unknown),
  queuePosition: r.queue_position,
  playOrder: r.play_order,
  teamSize: r.team_size,
  createdAt: r.created_at,
  loadedAt: r.loaded_at,
  completedAt: r.completed_at,
  correctedAt: r.corrected_at,
  forfeit: r.forfeit === null ? null : (JSON.parse(r.forfeit) as MatchForfeit),
  moving: Number(r.moving) === 1,
  moveRound: r.move_round === null ? null : Number(r.move_round),
  movedFrom: r.moved_from,
  onStage: r.on_stage === 1,
  goAt: r.go_at,
  joinDeadline: r.join_deadline === null ? null : Number(r.join_deadline),
  joinHeld: Number(r.join_held) === 1,
  present: { team1: Number(r.team1_present), team2: Number(r.team2_present) },
  mapAdvantage: r.map_advantage as AdvantageSide | null,
});

export const toRow = (m: MatchRecord): MatchRow => ({
  slug: m.slug,
  matchid: m.matchid,
  tournament_id: m.tournamentId,
  bracket: m.bracket,
  round: m.round,
  match_number: m.matchNumber,
  label: m.label,
  stage: m.stage,
  group_name: m.group,
  bm_match_id: m.bmMatchId,
  team1_id: m.team1Id,
  team2_id: m.team2Id,
  team1_placeholder: m.team1Placeholder,
  team2_placeholder: m.team2Placeholder,
  winner_id: m.winnerId,
  is_bye: m.isBye ? 1 : 0,
  server_id: m.serverId,
  format: m.format,
  max_rounds: m.maxRounds,
  overtime_mode: m.overtimeMode,
  status: m.status,
  team1_series_score: m.team1SeriesScore,
  team2_series_score: m.team2SeriesScore,
  team1_map_score: m.team1MapScore,
  team2_map_score: m.team2MapScore,
  phase: m.phase,
  current_map_number: m.currentMapNumber,
  map_pool: JSON.stringify(m.mapPool),
  veto: m.veto == null ? null : JSON.stringify(m.veto),
  queue_position: m.queuePosition,
  play_order: m.playOrder,
  team_size: m.teamSize,
  created_at: m.createdAt,
  loaded_at: m.loadedAt,
  completed_at: m.completedAt,
  corrected_at: m.correctedAt,
  forfeit: m.forfeit === null ? null : JSON.stringify(m.forfeit),
  moving: m.moving ? 1 : 0,
  move_round: m.moveRound,
  moved_from: m.movedFrom,
  on_stage: m.onStage ? 1 : 0,
  go_at: m.goAt,
  join_deadline: m.joinDeadline,
  join_held: m.joinHeld ? 1 : 0,
  team1_present: m.present.team1,
  team2_present: m.present.team2,
  map_advantage: m.mapAdvantage,
});

export const toMap = (r: MapRow): StoredMap => ({
  number: r.number,
  name: r.name,
  team1Score: r.team1_score,
  team2Score: r.team2_score,
  winner: r.winner as StoredMap['winner'],
  decidedBy: r.decided_by as StoredMap['decidedBy'],
  hasDemo: r.has_demo === 1,
});

export const COLUMNS = Object.keys(
  toRow({ mapPool: [], present: { team1: 0, team2: 0 } } as unknown as MatchRecord),
);
