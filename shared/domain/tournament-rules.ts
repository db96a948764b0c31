/**
 * Rules of a tournament as a whole: when it can start (every reason at once), how its status moves,
 * what may be edited in each status, and what a finished series counts as. Pure.
 */
import type { ErrorDetail } from '../contracts/errors.js';
import type { MatchFormat } from '../contracts/matches.js';
import { MAX_TEAMS, type TournamentStatus, type TournamentType } from '../contracts/tournament.js';
import { groupStageProblems, type GroupStageSize } from './group-stage.js';
import type { PlannedFormat } from './stage-formats.js';

/** A map veto bans and picks down from exactly this many maps (spec, Map veto). */
export const VETO_POOL_SIZE = 7;

/** Players per side when neither the tournament nor a manual match names a team size. */
export const DEFAULT_TEAM_SIZE = 5;

export const MAPS_IN_SERIES: Record<MatchFormat, number> = { bo1: 1, bo3: 3, bo5: 5 };

/**
 * Teams a tournament takes, per type. Round robin plays every pair: 64 teams are already 2016 matches.
 * Shuffle teams are drawn from the player pool, so its limit is on players (see `checkStart`).
 */
export const TEAM_LIMITS: Record<Exclude<TournamentType, 'shuffle'>, { min: number; max: number }> = {
  single_elimination: { min: 2, max: MAX_TEAMS },
  double_elimination: { min: 2, max: MAX_TEAMS },
  swiss: { min: 2, max: MAX_TEAMS },
  round_robin: { min: 2, max: 64 },
  // The smallest: 3 teams in one group, 2 advancing (decision 24's checks say the rest).
  groups_playoffs: { min: 3, max: 256 },
};

/** A team with its roster, for the two-team warning. */
export interface RosterTeam {
  id: string;
  name: string;
  players: readonly { id: string; name: string }[];
}

export interface StartFacts {
  type: TournamentType;
  format: MatchFormat;
  teams: readonly RosterTeam[];
  veto: boolean;
  mapPool: readonly string[];
  /** Swiss only: rounds to play. */
  swissRounds?: number;
  /** Shuffle only: registered players and the size of the drawn teams. */
  shuffle?: { poolSize: number; teamSize: number };
  /** `groups_playoffs` only: the group stage's numbers. */
  groupStage?: GroupStageSize;
  /**
   * The best-of and pool of every stage and round (API.md decision 31; eliminationFormats), each held
   * against its pool without a veto. Absent: the tournament's default only.
   */
  formats?: readonly PlannedFormat[];
}

export interface StartCheck {
  /** Every reason the tournament cannot start; empty when it can. */
  problems: ErrorDetail[];
  /** Worth telling the admin, but no reason to refuse. */
  warnings: string[];
}

/** Everything that stops a start, and what only deserves a warning (a player on two teams). */
export function checkStart(facts: StartFacts): StartCheck {
  return {
    problems: [
      ...teamCountProblems(facts),
      ...(facts.groupStage ? groupStageProblems(facts.groupStage, facts.teams.length) : []),
      ...mapPoolProblems(facts),
    ],
    warnings: [...sharedPlayerWarnings(facts.teams), ...swissRematchWarnings(facts)],
  };
}

function teamCountProblems(facts: StartFacts): ErrorDetail[] {
  if (facts.type === 'shuffle') {
    const { poolSize, teamSize } = facts.shuffle ?? { poolSize: 0, teamSize: 1 };
    return poolSize < 2 * teamSize
      ? [
          {
            path: 'shufflePool',
            message: `needs at least ${2 * teamSize} players for 2 teams of ${teamSize}; has ${poolSize}`,
          },
        ]
      : [];
  }
  const { min, max } = TEAM_LIMITS[facts.type];
  const count = facts.teams.length;
  if (count < min) {
    return [{ path: 'teamIds', message: `needs at least ${min} teams; has ${count}` }];
  }
  if (count > max) {
    return [{ path: 'teamIds', message: `takes at most ${max} teams; has ${count}` }];
  }
  return [];
}

/** A veto pool of exactly 7; without veto, each stage's and round's best-of within its pool. */
export function mapPoolProblems(
  facts: Pick<StartFacts, 'veto' | 'mapPool' | 'format' | 'formats'>,
): ErrorDetail[] {
  const size = facts.mapPool.length;
  if (facts.veto) {
    // A pool as large as the best-of plays in pool order without a veto (decision 78).
    return size === VETO_POOL_SIZE || size === MAPS_IN_SERIES[facts.format]
      ? []
      : [
          {
            path: 'settings.mapPool',
            message: `a veto needs exactly ${VETO_POOL_SIZE} maps in the pool; has ${size}`,
          },
        ];
  }
  // Without a veto a match plays the first maps of its pool: a round's best-of needs that many.
  const formats = facts.formats ?? [
    { format: facts.format, mapPool: facts.mapPool, path: 'settings.mapPool' },
  ];
  const problems = new Map<string, ErrorDetail>();
  for (const { format, mapPool, path } of formats) {
    const needed = MAPS_IN_SERIES[format];
    if (mapPool.length < needed && !problems.has(path)) {
      const where = path === 'settings.mapPool' ? '' : `${path}: `;
      const message = `${where}a ${format} without veto needs ${needed} maps; has ${mapPool.length}`;
      problems.set(path, { path, message });
    }
  }
  return [...problems.values()];
}

/** One warning per player on more than one team, naming the teams. */
export function sharedPlayerWarnings(teams: readonly RosterTeam[]): string[] {
  const byPlayer = new Map<string, { name: string; teams: string[] }>();
  for (const team of teams) {
    // A roster listing a player twice is still one team.
    for (const player of new Map(team.players.map((p) => [p.id, p])).values()) {
      const entry = byPlayer.get(player.id) ?? { name: player.name, teams: [] };
      entry.teams.push(team.name);
      byPlayer.set(player.id, entry);
    }
  }
  return [...byPlayer]
    .filter(([, entry]) => entry.teams.length > 1)
    .map(([id, entry]) => `Player ${entry.name} (${id}) is on several teams: ${entry.teams.join(', ')}.`);
}

/** n teams can play n − 1 rounds without meeting twice; more rounds force rematches. */
function swissRematchWarnings(facts: StartFacts): string[] {
  const count = facts.teams.length;
  if (facts.type !== 'swiss' || facts.swissRounds === undefined || facts.swissRounds < count) {
    return [];
  }
  return [`${facts.swissRounds} Swiss rounds for ${count} teams means some teams meet twice.`];
}

/**
 * A third place match is played by the two semi-final losers, so it needs 4 teams or more (with 3, one
 * semi-final is a bye; brackets-manager cannot build one for 2).
 */
export function playsThirdPlaceMatch(teamCount: number, wanted: boolean): boolean {
  return wanted && teamCount >= 4;
}

export type TournamentAction = 'start' | 'complete' | 'reset';

const TRANSITIONS: Record<TournamentAction, { from: readonly TournamentStatus[]; to: TournamentStatus }> = {
  start: { from: ['setup'], to: 'in_progress' },
  // The service completes a tournament when its last match completes.
  complete: { from: ['in_progress'], to: 'completed' },
  // Back to setup: matches removed, ratings as before the run. A tournament in setup has nothing to reset.
  reset: { from: ['in_progress', 'completed'], to: 'setup' },
};

/** The status after `action`, or null when `action` is not allowed in `status`. */
export function nextStatus(status: TournamentStatus, action: TournamentAction): TournamentStatus | null {
  const transition = TRANSITIONS[action];
  return transition.from.includes(status) ? transition.to : null;
}

/** `schedule`: settings that change only the timetable (API.md decision 75), editable while it runs. */
export type TournamentField =
  'name' | 'type' | 'format' | 'teamIds' | 'settings' | 'stages' | 'schedule' | 'gameMode' | 'serverTags';

/**
 * What may change in each status. Once started, the bracket is fixed: only the name, and while it runs
 * the format (which then applies to the matches not yet started) and the timetable.
 */
const EDITABLE: Record<TournamentStatus, ReadonlySet<TournamentField>> = {
  setup: new Set([
    'name',
    'type',
    'format',
    'teamIds',
    'settings',
    'stages',
    'schedule',
    'gameMode',
    'serverTags',
  ]),
  // Required tags apply to the matches not loaded yet; the game mode is fixed with the bracket.
  in_progress: new Set(['name', 'format', 'schedule', 'serverTags']),
  completed: new Set(['name']),
};

/** The fields of an edit that `status` does not allow, in the order given; empty when all are allowed. */
export function refusedEdits(status: TournamentStatus, fields: Iterable<TournamentField>): TournamentField[] {
  return [...fields].filter((field) => !EDITABLE[status].has(field));
}

/**
 * A drawn series is a result in Swiss, round robin, shuffle and the groups of a group stage;
 * elimination (playoffs too) and manual matches (type null) need a winner.
 */
export function drawsAllowed(type: TournamentType | null, stage: string | null = null): boolean {
  return type === 'swiss' || type === 'round_robin' || type === 'shuffle' || stage === 'groups';
}

/** One side's totals over a series. */
export interface SeriesTotals {
  mapsWon: number;
  roundsWon: number;
  /** Total damage over the series (from the last round-end player stats of each map). */
  damage: number;
}

export type SeriesVerdict =
  { status: 'completed'; winner: 'team1' | 'team2' | null } | { status: 'needs_decision' };

/**
 * What a finished series counts as. Maps won decide. A level series is a draw where draws are allowed;
 * elsewhere it goes to total rounds, then total damage, and when still level waits for an admin.
 */
export function judgeSeries(
  type: TournamentType | null,
  team1: SeriesTotals,
  team2: SeriesTotals,
  stage: string | null = null,
): SeriesVerdict {
  const draws = drawsAllowed(type, stage);
  const tiebreaks: (keyof SeriesTotals)[] = draws ? ['mapsWon'] : ['mapsWon', 'roundsWon', 'damage'];
  for (const key of tiebreaks) {
    if (team1[key] !== team2[key]) {
      return { status: 'completed', winner: team1[key] > team2[key] ? 'team1' : 'team2' };
    }
  }
  return draws ? { status: 'completed', winner: null } : { status: 'needs_decision' };
}
