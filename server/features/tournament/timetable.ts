/**
 * The timetable of API.md decision 75: which waiting matches it holds, pause and resume, the
 * automatic start, and what the tournament answer shows of it.
 */
import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import { withTournament } from './scope.js';
import { AppError, notFound } from '../../errors.js';
import type { ErrorDetail } from '../../../shared/contracts/errors.js';
import type { ScheduleSettings, Timetable } from '../../../shared/contracts/timetable.js';
import { breakAt, loadHold, scheduleWarnings, type LoadHold } from '../../../shared/domain/timetable.js';
import { scheduleKeyProblem, stageTypesOf } from '../../../shared/domain/timetable-keys.js';
import { scheduleKeysBySlug, type EtaBoard } from '../matches/index.js';
import type { TournamentRecord } from './repo.js';

/**
 * 400 naming every bad field: a round key of another shape than the tournament's stages and rounds, a
 * break ending before (or as) it starts, an automatic start set to a time already past.
 */
export function assertSchedule(
  schedule: ScheduleSettings,
  t: Pick<TournamentRecord, 'type' | 'stages'>,
  autoStartChanged: boolean,
  now: number,
): void {
  const stageTypes = stageTypesOf(t.type, t.stages?.[1].type);
  const problems: ErrorDetail[] = [];
  for (const key of Object.keys(schedule.rounds)) {
    const problem = scheduleKeyProblem(key, stageTypes);
    if (problem !== null) {
      problems.push({ path: `settings.schedule.rounds.${key}`, message: problem });
    }
  }
  schedule.breaks.forEach((b, i) => {
    if (b.to <= b.from) {
      problems.push({
        path: `settings.schedule.breaks.${i}.to`,
        message: 'a break must end after it starts',
      });
    }
  });
  if (autoStartChanged && schedule.autoStartAt !== null && schedule.autoStartAt < now) {
    problems.push({ path: 'settings.schedule.autoStartAt', message: 'the time has already passed' });
  }
  if (problems.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      `The timetable does not fit: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}.`,
      problems,
    );
  }
}

/** What the tournament answer shows of the timetable at `now`. */
export async function presentTimetable(
  t: TournamentRecord,
  now: number,
  etaBoard: () => Promise<EtaBoard>,
  matches: Pick<Repos['matches'], 'listOfTournament'>,
): Promise<Timetable> {
  const { schedule } = t.settings;
  let warnings: Timetable['warnings'] = [];
  if (Object.keys(schedule.rounds).length > 0 && t.status === 'in_progress') {
    const etas = await etaBoard();
    const keys = scheduleKeysBySlug(await matches.listOfTournament(t.id));
    const starts = [...keys].flatMap(([slug, k]) => {
      const eta = etas.get(slug);
      return eta ? [{ keys: k, startsAt: eta.startsAt }] : [];
    });
    warnings = scheduleWarnings(schedule, starts);
    // Hook for the attention queue (API.md decisions 64, 75): raise one item per warning here.
  }
  return {
    paused: t.pausedAt !== null,
    pausedAt: t.pausedAt,
    currentBreak: breakAt(schedule, now),
    autoStartProblem: t.autoStartProblem,
    warnings,
  };
}

export interface TimetableDeps {
  /** The tournament start the admin's button uses (its checks included). */
  start(): Promise<unknown>;
  /** Announces the changed tournament (live messages). */
  announce(t: TournamentRecord): Promise<void>;
}

export function createTimetable(
  ctx: Pick<AppContext, 'sql' | 'clock' | 'logger'>,
  repos: Pick<Repos, 'tournaments' | 'matches'>,
  deps: TimetableDeps,
) {
  const { tournaments: repo, matches } = repos;
  const log = ctx.logger.child({ module: 'timetable' });

  /** The tournament `id` names (404 for an unknown id). */
  async function tournamentOf(id: number): Promise<TournamentRecord> {
    const t = await repo.get(id);
    if (!t) {
      throw notFound('The tournament');
    }
    return t;
  }

  async function setPaused(id: number, paused: boolean): Promise<TournamentRecord> {
    const t = await ctx.sql.tx(async () => {
      const found = await tournamentOf(id);
      if (paused === (found.pausedAt !== null)) {
        return found;
      }
      await repo.setPausedAt(id, paused ? ctx.clock.now() : null);
      return (await repo.get(id))!;
    });
    log.info({ tournament: id }, paused ? 'new loads paused' : 'new loads resumed');
    await deps.announce(t);
    return t;
  }

  async function autoStartOne(t: TournamentRecord): Promise<void> {
    const at = t.settings.schedule.autoStartAt;
    if (t.status !== 'setup' || at === null || ctx.clock.now() < at || t.autoStartProblem !== null) {
      return;
    }
    try {
      await withTournament(t.id, deps.start);
      log.info({ tournament: t.id }, 'the tournament started at its planned time');
    } catch (err) {
      const problem = err instanceof AppError ? err.message : 'the start failed unexpectedly';
      log.warn({ tournament: t.id, err }, `the automatic start was refused: ${problem}`);
      await repo.setAutoStartProblem(t.id, problem);
      const refused = await repo.get(t.id);
      if (refused) {
        await deps.announce(refused);
      }
    }
  }

  return {
    pause: (id: number) => setPaused(id, true),
    resume: (id: number) => setPaused(id, false),

    /** Every waiting tournament match the timetable holds now, by slug, with why (every tournament). */
    async holds(): Promise<ReadonlyMap<string, LoadHold>> {
      const held = new Map<string, LoadHold>();
      const now = ctx.clock.now();
      for (const t of await repo.list()) {
        if (t.status !== 'in_progress') {
          continue;
        }
        const list = await matches.listOfTournament(t.id);
        const keys = scheduleKeysBySlug(list);
        for (const m of list) {
          const hold = loadHold(t.settings.schedule, keys.get(m.slug) ?? [], t.pausedAt !== null, now);
          if (hold && (m.status === 'ready' || m.status === 'pending')) {
            held.set(m.slug, hold);
          }
        }
      }
      return held;
    },

    /**
     * The leader's tick: starts a tournament in setup once its `autoStartAt` has come. A refused start
     * is logged and kept for the tournament page, and not tried again until the time is set anew.
     */
    async autoStart(): Promise<void> {
      for (const t of await repo.list()) {
        await autoStartOne(t);
      }
    },
  };
}

export type TournamentTimetable = ReturnType<typeof createTimetable>;
