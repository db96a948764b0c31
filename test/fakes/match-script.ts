export type TeamSlot = 'team1' | 'team2';

/**
 * What happens to a demo after its map. `upload` (default) posts it and reports what the receiver
 * answered; `interrupted` breaks every attempt mid-body (3 tries, then `demo_upload_fail` with
 * status `exception`); `never-reports` sends `demo_upload_start`, stalls mid-body and reports
 * nothing more; `file-not-found` reports the missing file without posting.
 */
export type DemoOutcome = 'upload' | 'interrupted' | 'never-reports' | 'file-not-found';

export interface PauseScript {
  beforeRound: number;
  by: 'admin' | TeamSlot;
  seconds: number;
}

/** One map of a scripted match; every field is optional and the seed fills the gaps. */
export interface MapScript {
  /** Final map score `[team1, team2]`: `[13, 9]`, `[16, 14]` (overtime) or `[12, 12]` (a draw, overtime off). */
  score?: [number, number];
  /** Winner of a random regulation score when `score` is not given. */
  winner?: TeamSlot;
  /** Winner of every round in order; overrides `score` and `winner`. */
  rounds?: TeamSlot[];
  /** Who deals more damage: decides a drawn map when the config asks for the damage tiebreak. */
  damageLeader?: TeamSlot | 'equal';
  /** The first player to ready types `.unready`, then readies again last. */
  unready?: boolean;
  /** Used on a knife map; default random winner who stays. */
  knife?: { winner: TeamSlot; choice: 'stay' | 'switch' };
  /**
   * Pauses before rounds: an admin force pause, or a team's pause unpaused by both teams. Two pauses of
   * the same length send byte-identical `match_unpaused` events, as the plugin does.
   */
  pause?: PauseScript | PauseScript[];
  /** An admin restores backup `toRound` (rounds played: the start of 1-based round toRound + 1) after a round, then force-unpauses. */
  restore?: { afterRound: number; toRound: number };
  /** A player drops after a round, back after some rounds (never when not given). */
  disconnect?: { afterRound: number; steamid?: string; reconnectAfterRounds?: number };
  /** The losing team gives up after a round (`.gg`): the map ends 16-0. */
  forfeit?: { afterRound: number; loser: TeamSlot };
  /** The server crashes after a round and comes back with no match (once per match id). */
  crash?: { afterRound: number };
  demo?: DemoOutcome;
  demoSizeBytes?: number;
}

/** Durations in game seconds. */
export interface Pace {
  playerConnect: number;
  playerReady: number;
  knifeRound: number;
  sideDecision: number;
  /** Freeze time plus play time of a round, picked between the two. */
  round: [number, number];
  /** mp_round_restart_delay: from a round's end to the next round's start. */
  roundRestart: number;
  halftime: number;
}

export const DEFAULT_PACE: Pace = {
  playerConnect: 2,
  playerReady: 1.5,
  knifeRound: 60,
  sideDecision: 10,
  round: [40, 115],
  roundRestart: 7,
  halftime: 15,
};

export interface MatchScript {
  /** Seeds every random choice; default 1. */
  seed?: number;
  /** Per map number; missing maps are random. */
  maps?: MapScript[];
  pace?: Partial<Pace>;
  /**
   * Players connect but ready up only once this settles (a team late for its match), on every map
   * until then; `css_start` (End warmup) still starts the match.
   */
  readyWhen?: Promise<unknown>;
  /** Roster players (by steamid) who never come: a substitute at home, a no-show. */
  absent?: string[];
  /**
   * Roster players (by steamid) who come late to the first map's warmup: they connect, after the others,
   * once `afterGameSeconds` passed (a team late for its match; people, not the plugin).
   */
  late?: { steamids: string[]; afterGameSeconds: number };
  /** People on no roster who try to join in the first warmup: casters, admins, strangers. */
  visitors?: { steamid: string; name: string }[];
}

export interface RoundRules {
  maxRounds: number;
  overtimeMaxRounds: number;
  overtimeEnabled: boolean;
}

export type Random = () => number;

/** mulberry32: small, seedable, good enough for plausible matches. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function otherSlot(slot: TeamSlot): TeamSlot {
  return slot === 'team1' ? 'team2' : 'team1';
}

/** The winner of every round of a map, consistent with the score and the round rules. */
export function planRounds(script: MapScript, rules: RoundRules, random: Random): TeamSlot[] {
  if (script.rounds) {
    return [...script.rounds];
  }
  const half = rules.maxRounds / 2;
  const score =
    script.score ?? randomRegulationScore(script.winner ?? pick(random, ['team1', 'team2']), half, random);
  const [team1, team2] = score;
  const winner: TeamSlot = team1 > team2 ? 'team1' : 'team2';
  const [high, low] = team1 > team2 ? [team1, team2] : [team2, team1];
  const loser = otherSlot(winner);
  const mix = (winnerRounds: number, loserRounds: number): TeamSlot[] =>
    shuffle(random, [...repeat(winner, winnerRounds), ...repeat(loser, loserRounds)]);

  if (team1 === team2) {
    if (team1 !== half || rules.overtimeEnabled) {
      throw new Error(`A map can only end level at ${half}-${half} with overtime off, not ${team1}-${team2}`);
    }
    return mix(half, half);
  }
  if (high === half + 1 && low < half) {
    return [...mix(half, low), winner];
  }
  const otHalf = rules.overtimeMaxRounds / 2;
  const overtimes = (high - half - (otHalf + 1)) / otHalf;
  const loserInLastOvertime = low - half - overtimes * otHalf;
  if (
    !rules.overtimeEnabled ||
    !Number.isInteger(overtimes) ||
    overtimes < 0 ||
    loserInLastOvertime < 0 ||
    loserInLastOvertime >= otHalf + 1
  ) {
    throw new Error(`Impossible map score ${team1}-${team2} for mp_maxrounds ${rules.maxRounds}`);
  }
  const rounds = mix(half, half);
  for (let overtime = 0; overtime < overtimes; overtime += 1) {
    rounds.push(...mix(otHalf, otHalf));
  }
  rounds.push(...mix(otHalf, loserInLastOvertime), winner);
  return rounds;
}

function randomRegulationScore(winner: TeamSlot, half: number, random: Random): [number, number] {
  const loserScore = Math.min(half - 1, 3 + Math.floor(random() * (half - 3)));
  return winner === 'team1' ? [half + 1, loserScore] : [loserScore, half + 1];
}

function repeat<T>(item: T, count: number): T[] {
  return Array.from({ length: count }, () => item);
}

function shuffle<T>(random: Random, items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other] as T, items[index] as T];
  }
  return items;
}
