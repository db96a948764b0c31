import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import { AppError } from '../../errors.js';
import type { Tournament } from '../../../shared/contracts/tournament.js';
import type { StartPreview } from '../../../shared/contracts/tournament-start.js';
import { drawsAllowed, nextStatus } from '../../../shared/domain/tournament-rules.js';
import type { MatchRecord } from '../matches/index.js';
import type { TournamentDeps } from './service.js';
import type { TournamentRecord } from './repo.js';
import type { TournamentViews } from './views.js';
import type { Playoffs } from './playoffs.js';
import type { CheckIn } from './check-in.js';
import { dueForfeit } from '../../../shared/domain/check-in.js';
import { dueWalkovers, walkoverResult } from '../../../shared/domain/walkover.js';
import type { MatchForfeit } from '../../../shared/contracts/matches.js';
import { mapsToWin } from '../../../shared/domain/result-correction.js';
import { createStartDraw } from './start-draw.js';

type Announcement = { type: 'match.reset' | 'match.cancelled'; reason: string };

/** A match decided without playing, and how. */
interface Walkover {
  match: MatchRecord;
  action: 'decide_winner' | 'forfeit';
  winner: 'team1' | 'team2' | null;
  team1SeriesScore: number;
  team2SeriesScore: number;
  forfeit: MatchForfeit;
}

/**
 * A tournament's run: started (seeded, bracket generated), advanced by decided series and completed
 * after the last, reset to setup, or cleared for a simulation.
 */
export function createTournamentRun(
  ctx: Pick<AppContext, 'sql' | 'clock' | 'random'>,
  deps: Pick<
    TournamentDeps,
    'engineFor' | 'ratings' | 'teams' | 'emitMatchEvent' | 'matchWriter' | 'preflight'
  >,
  repos: Pick<Repos, 'tournaments' | 'matches'>,
  views: TournamentViews,
  playoffs: Pick<Playoffs, 'afterGroupResult'>,
  checkIn: Pick<CheckIn, 'checkedIn'>,
) {
  const { tournaments: repo, matches } = repos;
  const { current, present, announce } = views;
  const draws = createStartDraw(ctx, deps, repos, checkIn);

  function assertSetup(t: TournamentRecord, action: string): void {
    if (t.status !== 'setup') {
      throw new AppError(
        'INVALID_STATE',
        422,
        `Cannot ${action} while the tournament is ${t.status.replace('_', ' ')}; reset it first.`,
      );
    }
  }

  /** Removes the run's matches. */
  async function clearRun(t: TournamentRecord, announcement: Announcement): Promise<void> {
    await deps.engineFor(t).clear(t);
    await deps.ratings.undoRun(t);
    await removeMatches(await matches.listOfTournament(t.id), announcement);
  }

  /** Deletes matches; websites hear of each real one (both teams known) going away. */
  async function removeMatches(list: readonly MatchRecord[], announcement: Announcement): Promise<void> {
    for (const m of list) {
      if (m.team1Id !== null && m.team2Id !== null && !m.isBye) {
        await deps.emitMatchEvent(announcement.type, m.slug, { reason: announcement.reason });
      }
      await deps.matchWriter.remove(m.slug);
    }
  }

  /** The run's matches removed and ratings as before it; the setup kept. */
  async function backToSetup(t: TournamentRecord, reason: string): Promise<void> {
    await clearRun(t, { type: 'match.reset', reason });
    await repo.save({
      ...t,
      status: 'setup',
      stageId: null,
      playoffSeats: null,
      winnerTeamId: null,
      withdrawn: [],
      startedAt: null,
      completedAt: null,
    });
  }

  /** The next check-in forfeit due (API.md decision 36), if any. */
  async function dueCheckInForfeit(t: TournamentRecord): Promise<Walkover | null> {
    const { required, missing } = t.settings.checkIn;
    if (!required || missing !== 'forfeit') {
      return null;
    }
    const checkedIn = await checkIn.checkedIn(t);
    const absent = new Set(t.seeds.filter((id) => !checkedIn.has(id)));
    const due =
      absent.size === 0
        ? null
        : dueForfeit(await matches.listOfTournament(t.id), absent, (stage) => drawsAllowed(t.type, stage));
    if (!due) {
      return null;
    }
    const m = (await matches.get(due.slug))!;
    const needed = mapsToWin(m.format);
    return {
      match: m,
      action: 'decide_winner',
      winner: due.winner,
      team1SeriesScore: due.winner === 'team1' ? needed : 0,
      team2SeriesScore: due.winner === 'team2' ? needed : 0,
      forfeit: { teamIds: due.teamIds, reason: 'no_check_in' },
    };
  }

  /** The next match a withdrawn team reached and loses without playing (API.md decision 61), if any. */
  async function dueWithdrawal(t: TournamentRecord): Promise<Walkover | null> {
    if (t.withdrawn.length === 0) {
      return null;
    }
    const list = await matches.listOfTournament(t.id);
    const stageOf = new Map(list.map((m) => [m.slug, m.stage]));
    const due = dueWalkovers(
      list.filter((m) => m.status === 'pending' || m.status === 'ready'),
      new Set(t.withdrawn.map((w) => w.teamId)),
      (slug) => drawsAllowed(t.type, stageOf.get(slug) ?? null),
    )[0];
    if (!due) {
      return null;
    }
    const left = t.withdrawn.find((w) => w.teamId === due.teamIds[0])!;
    return {
      match: (await matches.get(due.slug))!,
      action: 'forfeit',
      winner: due.winner,
      ...(due.winner === null
        ? { team1SeriesScore: 0, team2SeriesScore: 0 }
        : walkoverResult(due.winner === 'team1' ? 'team2' : 'team1')),
      forfeit: { teamIds: due.teamIds, reason: 'withdrawn', note: left.reason, by: left.by, at: left.at },
    };
  }

  /**
   * Walkovers due as soon as both teams of a match are known, without veto, server or rating change,
   * and the bracket moves on: a team not checked in loses its first match (`missing: "forfeit"`, API.md
   * decision 36); a withdrawn team every match it reaches (decision 61).
   */
  async function settleForfeits(t: TournamentRecord, now: number): Promise<TournamentRecord> {
    let current = t;
    for (;;) {
      const due = (await dueCheckInForfeit(current)) ?? (await dueWithdrawal(current));
      if (!due) {
        return current;
      }
      const { match: m, winner } = due;
      const decided = await deps.matchWriter.transition(m, due.action, {
        winnerId: winner === null ? null : m[`${winner}Id`],
        team1SeriesScore: due.team1SeriesScore,
        team2SeriesScore: due.team2SeriesScore,
        veto: null,
        serverId: null,
        loadedAt: null,
        completedAt: now,
        forfeit: due.forfeit,
      });
      await deps.emitMatchEvent('match.finished', decided.slug, { reason: 'forfeit' });
      await deps.engineFor(current).advance(current, decided);
      if (decided.stage === 'groups') {
        current = await playoffs.afterGroupResult(current);
      }
    }
  }

  /** 422 PREFLIGHT_FAILED naming the failed errors, with every failed check in `details`. */
  async function assertPreflight(): Promise<void> {
    const { ok, checks } = await deps.preflight();
    if (ok) {
      return;
    }
    const failed = checks.filter((c) => !c.ok);
    const errors = failed.filter((c) => c.severity === 'error');
    throw new AppError(
      'PREFLIGHT_FAILED',
      422,
      `The checks before the start failed: ${errors.map((c) => `${c.name}: ${c.message}`).join(' ')} Fix them, or start with force: true.`,
      failed.map((c) => ({ path: `${c.scope}.${c.id}.${c.check}`, ...c })),
    );
  }

  /** Walkovers now due, then the tournament completed if that was its last match. */
  async function settle(t: TournamentRecord, now: number): Promise<void> {
    const after = await settleForfeits(t, now);
    const champion = await deps.engineFor(after).champion(after);
    if (champion !== undefined) {
      await repo.save({ ...after, status: 'completed', winnerTeamId: champion, completedAt: now });
    }
  }

  return {
    assertSetup,
    clearRun,

    /** A decided series moves the bracket on; after the last match the tournament is completed. */
    async advance(t: TournamentRecord, decided: MatchRecord, now: number): Promise<void> {
      await deps.engineFor(t).advance(t, decided);
      await settle(decided.stage === 'groups' ? await playoffs.afterGroupResult(t) : t, now);
    },

    settle,

    /** What the start would draw, and the token that confirms it; nothing is stored. */
    async preview(): Promise<StartPreview> {
      const registered = await current();
      assertSetup(registered, 'start');
      return draws.present(await draws.prepare(registered));
    },

    /**
     * Starts the tournament once the preflight passed (API.md decision 57: 422 PREFLIGHT_FAILED with
     * the checks, unless `force`). `drawToken` (from the preview): the start draws what was
     * previewed, or 409 when that changed.
     */
    async start(
      drawToken?: string,
      force = false,
    ): Promise<{
      tournament: Tournament;
      warnings: string[];
      checkIn: { dropped: string[]; forfeited: string[] };
    }> {
      const registered = await current();
      assertSetup(registered, 'start');
      const {
        drawnTournament: t,
        draw,
        dropped,
        forfeited,
        warnings: checkWarnings,
      } = await draws.prepare(registered, drawToken);
      // After the start's own refusals: those no force overrides.
      if (!force) {
        await assertPreflight();
      }
      const warnings = await ctx.sql.tx(async () => {
        const started: TournamentRecord = {
          ...t,
          teamIds: registered.teamIds,
          seeds: draw.seeds,
          status: 'in_progress',
          run: t.run + 1,
          startedAt: ctx.clock.now(),
          completedAt: null,
          winnerTeamId: null,
          playoffSeats: null,
        };
        const generated = await deps.engineFor(started).generate(started, started.seeds);
        const saved = { ...started, stageId: generated.stageId };
        await repo.save(saved);
        await settleForfeits(saved, ctx.clock.now());
        return [...checkWarnings, ...(generated.warnings ?? [])];
      });
      const started = await current();
      await announce(started, 'rebuilt');
      return { tournament: await present(started), warnings, checkIn: { dropped, forfeited } };
    },

    /** Back to setup: matches removed, ratings as they were before this run. */
    async reset(): Promise<Tournament> {
      const t = await current();
      if (nextStatus(t.status, 'reset') === null) {
        throw new AppError(
          'INVALID_STATE',
          422,
          'The tournament has not started: there is nothing to reset.',
        );
      }
      await ctx.sql.tx(() => backToSetup(t, 'tournament_reset'));
      await announce(await current(), 'rebuilt');
      return present(await current());
    },

    /**
     * Simulation reset: every match goes (manual ones too, with their ratings) and a started
     * tournament is back to setup; teams, servers, maps and the tournament setup stay.
     */
    async clearAllMatches(): Promise<{ deletedMatches: number; tournament: Tournament | null }> {
      const deletedMatches = (await matches.list()).length;
      const t = await repo.current();
      await ctx.sql.tx(async () => {
        if (t && t.status !== 'setup') {
          await backToSetup(t, 'simulation_reset');
        }
        await deps.ratings.undoRun({ id: null, run: 0 });
        await removeMatches(await matches.list(), { type: 'match.reset', reason: 'simulation_reset' });
      });
      await announce((await repo.current()) ?? null, 'rebuilt');
      const after = await repo.current();
      return { deletedMatches, tournament: after ? await present(after) : null };
    },
  };
}

export type TournamentRun = ReturnType<typeof createTournamentRun>;
