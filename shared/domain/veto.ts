/**
 * The map veto of the spec (Map veto, best of 1, 3, 5): the orders as data, the pool of exactly 7 maps,
 * side picks and the decider. Pure: a veto is its pool, its format and the actions taken so far;
 * everything else (whose turn, what is left, the maps to play) is derived from them.
 */
import type { MatchFormat } from '../contracts/matches.js';
import { MAPS_IN_SERIES, VETO_POOL_SIZE } from './tournament-rules.js';

export type VetoTeam = 'team1' | 'team2';
export type VetoActionKind = 'ban' | 'pick' | 'side';
export type Side = 'ct' | 't';
/** A map's starting sides as the match config says them (team 1's side, or a knife round). */
export type MapSide = 'team1_ct' | 'team1_t' | 'knife';

export interface VetoStep {
  team: VetoTeam;
  action: VetoActionKind;
}

const A = 'team1';
const B = 'team2';
const step = (team: VetoTeam, action: VetoActionKind): VetoStep => ({ team, action });

/** The spec's orders; team A is team 1. A side step chooses the side on the map just picked, or on the last map. */
export const VETO_ORDERS: Record<MatchFormat, readonly VetoStep[]> = {
  // A bans 2; B bans 3; A bans 1; B picks the starting side on the last map.
  bo1: [
    step(A, 'ban'),
    step(A, 'ban'),
    step(B, 'ban'),
    step(B, 'ban'),
    step(B, 'ban'),
    step(A, 'ban'),
    step(B, 'side'),
  ],
  // A bans 1, B bans 1; A picks map 1, B its side; B picks map 2, A its side; B bans 1, A bans 1; B side on map 3.
  bo3: [
    step(A, 'ban'),
    step(B, 'ban'),
    step(A, 'pick'),
    step(B, 'side'),
    step(B, 'pick'),
    step(A, 'side'),
    step(B, 'ban'),
    step(A, 'ban'),
    step(B, 'side'),
  ],
  // A bans 1, B bans 1; A picks map 1, B side; B map 2, A side; A map 3, B side; B map 4, A side; the last is map 5.
  bo5: [
    step(A, 'ban'),
    step(B, 'ban'),
    step(A, 'pick'),
    step(B, 'side'),
    step(B, 'pick'),
    step(A, 'side'),
    step(A, 'pick'),
    step(B, 'side'),
    step(B, 'pick'),
    step(A, 'side'),
  ],
};

/** History names of the actions, as players read them. */
export const VETO_ACTION_NAMES: Record<VetoActionKind, string> = {
  ban: 'map ban',
  pick: 'map pick',
  side: 'side pick',
};

export interface VetoEntry {
  team: VetoTeam;
  action: VetoActionKind;
  map: string;
  /** Side steps: the side the acting team starts on. */
  side?: Side;
}

export interface Veto {
  format: MatchFormat;
  pool: readonly string[];
  history: readonly VetoEntry[];
  /** The team playing the orders' "team A" steps (decision 78); team 1 when not set. */
  starter?: VetoTeam;
}

export interface VetoRequest {
  team: VetoTeam;
  action: VetoActionKind;
  map?: string;
  side?: Side;
}

export type VetoRefusal = {
  ok: false;
  code: 'VETO_COMPLETE' | 'VETO_NOT_YOUR_TURN' | 'VETO_MAP_UNAVAILABLE' | 'VALIDATION_FAILED';
  message: string;
};

export type VetoOutcome = { ok: true; veto: Veto; complete: boolean } | VetoRefusal;

/**
 * Whether a match plays a veto: the tournament wants one and its pool is larger than the best-of; a
 * pool as large as the best-of plays its maps in pool order (API.md decision 78).
 */
export const vetoPlayed = (vetoOn: boolean, format: MatchFormat, pool: readonly string[]): boolean =>
  vetoOn && pool.length !== MAPS_IN_SERIES[format];

/** A veto needs exactly 7 different maps. */
export function poolProblem(pool: readonly string[]): string | null {
  if (pool.length !== VETO_POOL_SIZE || new Set(pool).size !== pool.length) {
    return `A veto needs a pool of exactly ${VETO_POOL_SIZE} different maps; this one has ${new Set(pool).size}.`;
  }
  return null;
}

const otherTeam = (team: VetoTeam): VetoTeam => (team === 'team1' ? 'team2' : 'team1');

/** The step to play next, or undefined once the veto is complete; team 2 starting swaps the roles. */
export const nextStep = (v: Veto): VetoStep | undefined => {
  const step = VETO_ORDERS[v.format][v.history.length];
  return step && v.starter === 'team2' ? { ...step, team: otherTeam(step.team) } : step;
};

export const isComplete = (v: Veto) => v.history.length >= VETO_ORDERS[v.format].length;

/** Maps neither banned nor picked, in pool order. */
export function availableMaps(v: Veto): string[] {
  const taken = new Set(v.history.filter((e) => e.action !== 'side').map((e) => e.map));
  return v.pool.filter((m) => !taken.has(m));
}

/** The map a side step is about: the map picked just before it, else the one map left (the decider). */
function sideStepMap(v: Veto): string | undefined {
  const previous = v.history[v.history.length - 1];
  if (previous?.action === 'pick') {
    return previous.map;
  }
  const left = availableMaps(v);
  return left.length === 1 ? left[0] : undefined;
}

export function applyVetoAction(v: Veto, request: VetoRequest): VetoOutcome {
  const expected = nextStep(v);
  if (!expected) {
    return { ok: false, code: 'VETO_COMPLETE', message: 'The veto is already complete.' };
  }
  const teamName = expected.team === (v.starter ?? 'team1') ? 'team A' : 'team B';
  if (request.team !== expected.team || request.action !== expected.action) {
    return {
      ok: false,
      code: 'VETO_NOT_YOUR_TURN',
      message: `It is ${teamName}'s turn to choose a ${VETO_ACTION_NAMES[expected.action]}.`,
    };
  }
  let entry: VetoEntry;
  if (expected.action === 'side') {
    if (request.side !== 'ct' && request.side !== 't') {
      return { ok: false, code: 'VALIDATION_FAILED', message: 'A side pick needs "side": "ct" or "t".' };
    }
    entry = { team: request.team, action: 'side', map: sideStepMap(v)!, side: request.side };
  } else {
    if (request.map === undefined || !availableMaps(v).includes(request.map)) {
      return {
        ok: false,
        code: 'VETO_MAP_UNAVAILABLE',
        message:
          request.map === undefined
            ? `A ${VETO_ACTION_NAMES[expected.action]} needs a map.`
            : `${request.map} is not available: it is banned, picked or not in the pool.`,
      };
    }
    entry = { team: request.team, action: expected.action, map: request.map };
  }
  const veto = { ...v, history: [...v.history, entry] };
  return { ok: true, veto, complete: isComplete(veto) };
}

export interface VetoMap {
  map: string;
  /** Who chose it: a team's pick, or the decider (the map left over). */
  pickedBy: VetoTeam | 'decider';
  side: MapSide;
}

/** The maps to play in order with their starting sides; only meaningful once complete. */
export function vetoResult(v: Veto): VetoMap[] {
  const picks: VetoMap[] = v.history
    .filter((e) => e.action === 'pick')
    .map((e) => ({ map: e.map, pickedBy: e.team, side: 'knife' }));
  const left = availableMaps(v);
  if (left.length === 1 && picks.length < MAPS_IN_SERIES[v.format]) {
    picks.push({ map: left[0]!, pickedBy: 'decider', side: 'knife' });
  }
  for (const e of v.history) {
    const played = picks.find((p) => p.map === e.map);
    if (e.action === 'side' && played) {
      const team1Ct = (e.team === 'team1') === (e.side === 'ct');
      played.side = team1Ct ? 'team1_ct' : 'team1_t';
    }
  }
  return picks;
}

/** The maps and sides of a skipped veto: the first maps of the pool, sides by knife round. */
export function skippedResult(format: MatchFormat, pool: readonly string[]): VetoMap[] {
  return pool
    .slice(0, MAPS_IN_SERIES[format])
    .map((map) => ({ map, pickedBy: 'decider' as const, side: 'knife' as const }));
}

/** A legal next action chosen with `random` (simulation mode completes vetoes this way). */
export function randomLegalAction(v: Veto, random: () => number): VetoRequest | undefined {
  const expected = nextStep(v);
  if (!expected) {
    return undefined;
  }
  if (expected.action === 'side') {
    return { ...expected, side: random() < 0.5 ? 'ct' : 't' };
  }
  const maps = availableMaps(v);
  return { ...expected, map: maps[Math.floor(random() * maps.length)] };
}
