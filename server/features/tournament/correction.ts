import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import { AppError, notFound } from '../../errors.js';
import type { Principal } from '../../auth/principal.js';
import type { Correction, CorrectionBody } from '../../../shared/contracts/corrections.js';
import {
  blockingDetails,
  correctedResult,
  downstreamPlan,
  eliminationRoots,
  playoffRoots,
  type DownstreamPlan,
  type SeriesOutcome,
} from '../../../shared/domain/result-correction.js';
import { VETO_NOT_STARTED, type MatchRecord } from '../matches/index.js';
import { vetoPlayed } from '../../../shared/domain/veto.js';
import { startingSeries } from '../../../shared/domain/map-advantage.js';
import type { TournamentDeps } from './service.js';
import type { TournamentRecord } from './repo.js';
import type { TournamentViews } from './views.js';

const ELIMINATION_BRACKETS = new Set(['SE', 'UB', 'LB', 'GF', 'GF2']);
const REASON = 'result_corrected';

const outcomeOf = (m: MatchRecord): SeriesOutcome => ({
  winner: m.winnerId === null ? null : m.winnerId === m.team1Id ? 'team1' : 'team2',
  team1SeriesScore: m.team1SeriesScore,
  team2SeriesScore: m.team2SeriesScore,
});

const recordedResult = (m: MatchRecord): Correction['before'] => ({
  winnerId: m.winnerId,
  team1SeriesScore: m.team1SeriesScore,
  team2SeriesScore: m.team2SeriesScore,
  forfeit: m.forfeit,
});

const byWhom = (principal: Principal | null): Correction['by'] =>
  principal?.kind === 'token'
    ? { kind: 'token', label: principal.label, platformId: null }
    : { kind: 'session', label: null, platformId: principal?.platformId ?? null };

export interface CorrectionOutcome {
  match: MatchRecord;
  correction: Correction | null;
  repaired: string[];
  reset: string[];
}

/**
 * Result correction (API.md decisions 37-40): a completed match's result changed after the fact,
 * the matches it fed repaired (not started) or reset (started, with `force`), ratings and the
 * tournament's completion following, and the change logged.
 */
export function createResultCorrection(
  ctx: Pick<AppContext, 'sql' | 'clock' | 'live'>,
  deps: Pick<TournamentDeps, 'engineFor' | 'ratings' | 'emitMatchEvent' | 'matchWriter' | 'endOnServer'>,
  repos: Pick<Repos, 'tournaments' | 'matches' | 'corrections'>,
  views: Pick<TournamentViews, 'announce'>,
) {
  const { tournaments, matches, corrections } = repos;
  const writer = deps.matchWriter;

  async function completedMatch(slug: string): Promise<MatchRecord> {
    const match = await matches.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    if (match.status !== 'completed' || match.isBye || match.team1Id === null || match.team2Id === null) {
      throw new AppError(
        'INVALID_STATE',
        422,
        match.isBye
          ? `Match "${slug}" is a bye: it has no result to correct.`
          : `Match "${slug}" is ${match.status}: only a completed result can be corrected (POST /api/matches/${slug}/winner decides an open one).`,
      );
    }
    return match;
  }

  /** Where the corrected result reaches: elimination placements, or playoff seats that change. */
  async function planFor(
    t: TournamentRecord | undefined,
    before: MatchRecord,
    after: MatchRecord,
  ): Promise<{ plan: DownstreamPlan; seats: Record<string, string> | null }> {
    const none = { plan: { repaired: [], reset: [] }, seats: null };
    if (!t) {
      return none;
    }
    const stageList = (await matches.listOfTournament(t.id)).filter((m) => m.stage === before.stage);
    if (ELIMINATION_BRACKETS.has(before.bracket)) {
      return {
        plan: downstreamPlan(stageList, eliminationRoots(stageList, before, after.winnerId)),
        seats: null,
      };
    }
    const groups = deps.engineFor(t).groups;
    if (before.stage !== 'groups' || !groups || t.playoffSeats === null) {
      return none;
    }
    const seats = await groups.seats(t);
    const list = (await matches.listOfTournament(t.id)).filter((m) => m.stage === 'playoffs');
    const roots = playoffRoots(list, t.playoffSeats, seats);
    // The same seats: the playoffs stay as they are.
    return roots.length === 0 ? none : { plan: downstreamPlan(list, roots), seats };
  }

  /** A started downstream match back to unplayed: off its server, result, maps and veto cleared. */
  async function resetMatch(t: TournamentRecord, m: MatchRecord): Promise<void> {
    if (m.serverId !== null && (m.status === 'loaded' || m.status === 'live')) {
      await deps.endOnServer(m);
    }
    await writer.deleteMaps(m.slug);
    await writer.transition(m, 'correction_reset', {
      winnerId: null,
      ...startingSeries(m.mapAdvantage),
      team1MapScore: 0,
      team2MapScore: 0,
      currentMapNumber: null,
      serverId: null,
      loadedAt: null,
      completedAt: null,
      veto: vetoPlayed(t.settings.veto, m.format, m.mapPool) ? VETO_NOT_STARTED : null,
    });
  }

  /** The tournament's completion after the change: a reset final reopens it, a changed one crowns anew. */
  /**
   * Undoing a withdrawal (API.md decision 61): a walkover it gave, corrected so the withdrawn team
   * wins, takes that team back into the tournament; its later matches are played again.
   */
  function reinstated(t: TournamentRecord, before: MatchRecord, corrected: MatchRecord): TournamentRecord {
    const back = before.forfeit?.reason === 'withdrawn' ? corrected.winnerId : null;
    if (back === null || !before.forfeit!.teamIds.includes(back)) {
      return t;
    }
    return { ...t, withdrawn: t.withdrawn.filter((w) => w.teamId !== back) };
  }

  async function settleCompletion(t: TournamentRecord, now: number): Promise<void> {
    const after = (await tournaments.get(t.id))!;
    const champion = await deps.engineFor(after).champion(after);
    if (champion !== undefined) {
      await tournaments.save({
        ...after,
        status: 'completed',
        winnerTeamId: champion,
        completedAt: after.completedAt ?? now,
      });
    } else if (after.status === 'completed') {
      await tournaments.save({ ...after, status: 'in_progress', winnerTeamId: null, completedAt: null });
    }
  }

  async function apply(
    slug: string,
    body: CorrectionBody,
    principal: Principal | null,
  ): Promise<CorrectionOutcome> {
    const before = await completedMatch(slug);
    const checked = correctedResult(outcomeOf(before), before.format, body);
    if (!checked.ok) {
      throw new AppError(
        'VALIDATION_FAILED',
        400,
        `The corrected result does not fit a ${before.format}: ${checked.details.map((d) => `${d.path}: ${d.message}`).join('; ')}.`,
        checked.details,
      );
    }
    if (!checked.changed) {
      return { match: before, correction: null, repaired: [], reset: [] };
    }
    const { result } = checked;
    const now = ctx.clock.now();
    const t = before.tournamentId === null ? undefined : await tournaments.get(before.tournamentId);
    const corrected = await writer.transition(before, 'correct_result', {
      winnerId: result.winner === null ? null : before[`${result.winner}Id`],
      team1SeriesScore: result.team1SeriesScore,
      team2SeriesScore: result.team2SeriesScore,
      correctedAt: now,
      // A corrected forfeit is an ordinary result (API.md decision 37).
      forfeit: null,
    });
    const { plan, seats } = await planFor(t, before, corrected);
    if (plan.reset.length > 0 && body.force !== true) {
      throw new AppError(
        'CORRECTION_BLOCKED',
        409,
        `The correction reaches started matches: ${plan.reset.map((m) => m.label).join(', ')}. Send force: true to reset them.`,
        blockingDetails(plan.reset),
      );
    }
    if (t) {
      const started: MatchRecord[] = [];
      for (const m of plan.reset) {
        started.push((await matches.get(m.slug))!);
      }
      for (const m of plan.repaired) {
        const record = (await matches.get(m.slug))!;
        if (!record.isBye) {
          await writer.transition(record, 'teams_changed', {
            veto: vetoPlayed(t.settings.veto, record.format, record.mapPool) ? VETO_NOT_STARTED : null,
          });
        }
      }
      for (const m of started) {
        await resetMatch(t, m);
      }
      const back = reinstated(t, before, corrected);
      const withSeats = seats === null ? back : { ...back, playoffSeats: seats };
      if (seats !== null || back !== t) {
        await tournaments.save(withSeats);
      }
      const winnerChanged =
        before.winnerId !== corrected.winnerId && ELIMINATION_BRACKETS.has(before.bracket);
      const undo = [...(winnerChanged ? [before] : []), ...started.filter((m) => m.status === 'completed')];
      if (undo.length > 0 || seats !== null) {
        await deps.engineFor(t).correct?.(withSeats, {
          undo,
          redo: winnerChanged ? corrected : null,
          seatsChanged: seats !== null,
        });
      }
      await settleCompletion(t, now);
    }
    await deps.ratings.redoFrom(t, [slug, ...plan.reset.map((m) => m.slug)], (s) => matches.get(s));
    await deps.emitMatchEvent('match.finished', slug, { reason: REASON });
    const repaired = plan.repaired.map((m) => m.slug);
    const reset = plan.reset.map((m) => m.slug);
    for (const s of [...repaired, ...reset]) {
      // A reset grand final no longer needed is gone (bracket-stages.ts).
      const m = await matches.get(s);
      if (m && !m.isBye) {
        await deps.emitMatchEvent('match.reset', s, { reason: REASON });
      }
    }
    const correction = await corrections.add({
      matchSlug: slug,
      matchLabel: before.label,
      tournamentId: before.tournamentId,
      at: now,
      by: byWhom(principal),
      reason: body.reason ?? null,
      forced: body.force === true,
      before: recordedResult(before),
      after: recordedResult(corrected),
      repaired,
      reset,
    });
    return { match: (await matches.get(slug))!, correction, repaired, reset };
  }

  return {
    /** `POST /api/matches/:slug/correction`: all of it in one transaction; a refusal changes nothing. */
    async correct(
      slug: string,
      body: CorrectionBody,
      principal: Principal | null,
    ): Promise<CorrectionOutcome> {
      const outcome = await ctx.sql.tx(() => apply(slug, body, principal));
      const t =
        outcome.match.tournamentId === null ? undefined : await tournaments.get(outcome.match.tournamentId);
      if (outcome.correction !== null) {
        if (t) {
          await views.announce(t, 'matches');
        } else {
          ctx.live.matches(slug);
        }
      }
      return outcome;
    },

    /** A match's corrections, newest first (404 for an unknown match). */
    async ofMatch(slug: string): Promise<Correction[]> {
      if (!(await matches.get(slug))) {
        throw notFound(`Match "${slug}"`);
      }
      return corrections.ofMatch(slug);
    },

    /** The current tournament's corrections, newest first (none without a tournament). */
    async ofTournament(): Promise<Correction[]> {
      const t = await tournaments.current();
      return t ? corrections.ofTournament(t.id) : [];
    },
  };
}

export type ResultCorrection = ReturnType<typeof createResultCorrection>;
