import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import { notFound } from '../../errors.js';
import { drawsAllowed } from '../../../shared/domain/tournament-rules.js';
import type { MatchForfeit } from '../../../shared/contracts/matches.js';
import type { MatchRecord, MatchWriter, SeriesResult } from '../matches/index.js';
import type { TournamentDeps } from './service.js';
import type { TournamentRun } from './run.js';
import type { TournamentViews } from './views.js';

/** What a walkover leaves of the match besides its winner: the marker, and nothing of a map. */
const walkoverPatch = (forfeit: MatchForfeit) => ({
  forfeit,
  team1MapScore: 0,
  team2MapScore: 0,
  currentMapNumber: null,
  veto: null,
});

/** The one entry of a decided series, whoever decided it. */
export function createSeriesResult(
  ctx: Pick<AppContext, 'sql' | 'clock' | 'live'>,
  deps: Pick<TournamentDeps, 'ratings' | 'emitMatchEvent'> & {
    matchWriter: Pick<MatchWriter, 'transition' | 'deleteMaps'>;
  },
  repos: Pick<Repos, 'tournaments' | 'matches'>,
  run: Pick<TournamentRun, 'advance'>,
  views: Pick<TournamentViews, 'announce'>,
) {
  const { tournaments: repo, matches } = repos;

  /** A decided series moves its bracket on (and may complete the tournament); a manual match is alone. */
  async function announceMatch(m: MatchRecord): Promise<void> {
    const t = m.tournamentId === null ? undefined : await repo.get(m.tournamentId);
    if (t) {
      await views.announce(t, 'matches');
    } else {
      ctx.live.matches(m.slug);
    }
  }

  /**
   * The one entry of a decided series (admin winner endpoint, the plugin's series end): saves the
   * result, moves the bracket on, applies ratings and completes the tournament after its last match.
   * A level series in elimination is not a result: the match waits for an admin decision.
   */
  return async function recordSeriesResult(slug: string, result: SeriesResult): Promise<MatchRecord> {
    const saved = await ctx.sql.tx(async () => {
      const match = await matches.get(slug);
      if (!match) {
        throw notFound(`Match "${slug}"`);
      }
      const t = match.tournamentId === null ? undefined : await repo.get(match.tournamentId);
      const now = ctx.clock.now();
      const action = result.action ?? 'series_end';
      if (result.winner === null && !drawsAllowed(t?.type ?? null, match.stage)) {
        return deps.matchWriter.transition(match, 'series_level');
      }
      if (result.forfeit) {
        // A walkover has no map score and no player stats (API.md decision 60).
        await deps.matchWriter.deleteMaps(slug);
      }
      const decided = await deps.matchWriter.transition(match, action, {
        winnerId: result.winner === null ? null : result.winner === 'team1' ? match.team1Id : match.team2Id,
        team1SeriesScore: result.team1SeriesScore ?? match.team1SeriesScore,
        team2SeriesScore: result.team2SeriesScore ?? match.team2SeriesScore,
        completedAt: now,
        ...(result.forfeit ? walkoverPatch(result.forfeit) : {}),
      });
      await deps.emitMatchEvent('match.finished', slug, result.forfeit ? { reason: 'forfeit' } : {});
      await deps.ratings.applySeries(t, decided);
      if (t && t.status === 'in_progress') {
        await run.advance(t, decided, now);
      }
      return (await matches.get(slug))!;
    });
    await announceMatch(saved);
    return saved;
  };
}
