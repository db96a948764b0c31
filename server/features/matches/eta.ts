/**
 * The estimator's input gathered once per answer or publish (API.md decisions 42-43): the board of
 * every match's ETA, so a bracket of hundreds of matches is estimated once, not once per match.
 */
import { queueOrder } from '../../../shared/domain/allocation.js';
import { estimateStarts, type Eta, type EtaInput } from '../../../shared/domain/eta.js';
import { earliestStart, type Schedule } from '../../../shared/domain/timetable.js';
import { matchScheduleKeysIn, stageShapeOf } from '../../../shared/domain/timetable-keys.js';
import type { AppContext } from '../../context.js';
import { memoUntilWrite } from '../../db/memo-until-write.js';
import { readSettings } from '../settings/index.js';
import type { MatchRecord } from './repo.js';

export type { Eta } from '../../../shared/domain/eta.js';
/** Every match's ETA by slug; a match absent from it has `eta: null`. */
export type EtaBoard = ReadonlyMap<string, Eta>;

const PLACEHOLDER = /^(?:Winner|Loser) of (.+)$/;
/** A playoff seat of a groups event ("Group A #1", shared/domain/group-stage.ts `seatName`). */
const SEAT = /^Group \S+ #\d+$/;

const hasBothTeams = (m: MatchRecord) => m.team1Id !== null && m.team2Id !== null;
const vetoPending = (m: MatchRecord) =>
  m.veto !== null && (m.veto as { status?: string }).status !== 'completed';

/**
 * The estimator's input from the stored matches. The queue is the allocation's order (manual matches
 * first, then play order); a match whose teams are unknown waits for the matches its empty slots name
 * ("Winner of UB R1 M2"), found by label within its tournament stage; a playoff seat ("Group A #1") waits
 * for every group match still to be played, since seats fill when the group stage ends (for Swiss groups
 * whose next rounds are not paired yet, that is the earliest possible start decision 42 asks for).
 */
export function etaInput(
  matches: readonly MatchRecord[],
  facts: Pick<EtaInput, 'now' | 'enabledServers' | 'simulationTimescale'>,
): EtaInput {
  const open = matches.filter((m) => !m.isBye && (m.status === 'pending' || m.status === 'ready'));
  const queue = queueOrder(open.filter(hasBothTeams).map((m) => ({ ...m, manual: m.tournamentId === null })));
  const byLabel = new Map(
    matches.filter((m) => m.tournamentId !== null).map((m) => [`${m.tournamentId}/${m.stage}/${m.label}`, m]),
  );
  const unfinishedGroups = new Map<number, string[]>();
  for (const m of open) {
    if (m.stage === 'groups' && m.tournamentId !== null) {
      unfinishedGroups.set(m.tournamentId, [...(unfinishedGroups.get(m.tournamentId) ?? []), m.slug]);
    }
  }
  const feederOf = (m: MatchRecord, placeholder: string | null): string[] => {
    if (placeholder !== null && SEAT.test(placeholder)) {
      return unfinishedGroups.get(m.tournamentId!) ?? [];
    }
    const label = placeholder?.match(PLACEHOLDER)?.[1];
    const feeder = label === undefined ? undefined : byLabel.get(`${m.tournamentId}/${m.stage}/${label}`);
    return feeder ? [feeder.slug] : [];
  };
  return {
    ...facts,
    running: matches
      .filter((m) => m.status === 'loaded' || m.status === 'live')
      .map((m) => ({ slug: m.slug, format: m.format, loadedAt: m.loadedAt })),
    queue: queue.map((m) => ({ slug: m.slug, format: m.format, vetoPending: vetoPending(m) })),
    unplaced: open
      .filter((m) => !hasBothTeams(m) && m.tournamentId !== null)
      .map((m) => ({
        slug: m.slug,
        format: m.format,
        feeders: [
          ...(m.team1Id === null ? feederOf(m, m.team1Placeholder) : []),
          ...(m.team2Id === null ? feederOf(m, m.team2Placeholder) : []),
        ],
      })),
    completed: matches
      .filter((m) => m.status === 'completed' && m.tournamentId !== null && !m.isBye)
      .map((m) => ({ format: m.format, loadedAt: m.loadedAt, completedAt: m.completedAt })),
  };
}

/** Each tournament match's schedule keys by slug (API.md decision 75). */
export function scheduleKeysBySlug(matches: readonly MatchRecord[]): Map<string, string[]> {
  const byStage = new Map<string, MatchRecord[]>();
  for (const m of matches) {
    if (m.tournamentId !== null) {
      const stage = `${m.tournamentId}/${m.stage}`;
      const stageMatches = byStage.get(stage);
      if (stageMatches) {
        stageMatches.push(m);
      } else {
        byStage.set(stage, [m]);
      }
    }
  }
  return new Map(
    [...byStage.values()].flatMap((stageMatches) => {
      let shape: ReturnType<typeof stageShapeOf> | undefined;
      const shapeOnce = () => (shape ??= stageShapeOf(stageMatches));
      return stageMatches.map((m) => [m.slug, matchScheduleKeysIn(m, shapeOnce)] as const);
    }),
  );
}

/** The timetable's shift of a match's start: its tournament's `notBefore` and breaks. */
function timetableShift(
  matches: readonly MatchRecord[],
  schedules: ReadonlyMap<number, Schedule>,
): (slug: string, at: number) => number {
  // Keys only once a match's tournament has a schedule: most have none, and a bracket has thousands of matches.
  let keys: Map<string, string[]> | undefined;
  const tournamentOf = new Map(matches.map((m) => [m.slug, m.tournamentId]));
  return (slug, at) => {
    const schedule = schedules.get(tournamentOf.get(slug) ?? -1);
    return schedule
      ? earliestStart(schedule, (keys ??= scheduleKeysBySlug(matches)).get(slug) ?? [], at)
      : at;
  };
}

/**
 * Builds the ETA board from what is stored now: matches, enabled servers, the simulation's timescale.
 * The stored facts are read again only after a write, the board only when they or the second changed:
 * the live stream asks for it on every change, and a bracket has up to two thousand matches.
 */
export function createEtaBoard(ctx: Pick<AppContext, 'sql' | 'repos' | 'clock'>): () => Promise<EtaBoard> {
  const stored = memoUntilWrite(ctx.sql, async () => {
    const settings = await readSettings(ctx.repos.settings);
    const matches = await ctx.repos.matches.list();
    const tournament = await ctx.repos.tournaments.current();
    const schedules = new Map(tournament ? [[tournament.id, tournament.settings.schedule]] : []);
    return {
      matches,
      startAfter: timetableShift(matches, schedules),
      enabledServers: (await ctx.repos.servers.list()).filter((s) => s.enabled).length,
      simulationTimescale: settings.simulateMatches ? settings.simulationTimescale : null,
    };
  });
  let last: { facts: Awaited<ReturnType<typeof stored>>; now: number; board: EtaBoard } | undefined;
  return async () => {
    const facts = await stored();
    const now = ctx.clock.now();
    if (last?.facts !== facts || last.now !== now) {
      const { matches, ...rest } = facts;
      last = { facts, now, board: estimateStarts(etaInput(matches, { ...rest, now })) };
    }
    return last.board;
  };
}
