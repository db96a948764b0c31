import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import { AppError, notFound } from '../../errors.js';
import { dueWalkovers } from '../../../shared/domain/walkover.js';
import type { Tournament } from '../../../shared/contracts/tournament.js';
import type { TournamentDeps } from './service.js';
import type { TournamentViews } from './views.js';

/**
 * A team leaves the running tournament (API.md decision 61): it is recorded as withdrawn, loses every
 * match it has not finished by walkover now, and every match it reaches later as soon as both teams
 * are known (run.ts `settleForfeits`); Swiss pairs it no more. Undo is a result correction.
 */
export function createWithdrawal(
  ctx: Pick<AppContext, 'sql' | 'clock' | 'logger'>,
  deps: Pick<TournamentDeps, 'forfeitMatch' | 'emitTeamEvent'>,
  repos: Pick<Repos, 'tournaments' | 'matches'>,
  views: Pick<TournamentViews, 'current' | 'present' | 'announce'>,
) {
  const { tournaments: repo, matches } = repos;

  return async function withdraw(
    teamId: string,
    reason: string,
    by: string | null,
  ): Promise<{ tournament: Tournament; forfeited: string[] }> {
    await ctx.sql.tx(async () => {
      const t = await views.current();
      if (t.status !== 'in_progress') {
        throw new AppError(
          'INVALID_STATE',
          422,
          `A team can withdraw only while the tournament is in progress; it is ${t.status.replace('_', ' ')}.`,
        );
      }
      if (t.type === 'shuffle') {
        throw new AppError(
          'INVALID_STATE',
          422,
          'A shuffle tournament has no fixed teams to withdraw; forfeit its matches instead.',
        );
      }
      if (!t.seeds.includes(teamId)) {
        throw notFound(`Team "${teamId}" in the tournament`);
      }
      if (t.withdrawn.some((w) => w.teamId === teamId)) {
        throw new AppError('ALREADY_WITHDRAWN', 409, `Team "${teamId}" has already withdrawn.`);
      }
      const at = ctx.clock.now();
      await repo.save({ ...t, withdrawn: [...t.withdrawn, { teamId, reason, by, at }] });
      await deps.emitTeamEvent('team.withdrawn', teamId, { tournament: { id: t.id, name: t.name }, reason });
    });
    // One match at a time: each may move the bracket on (and end a live match on its server).
    for (;;) {
      const t = await views.current();
      const [due] = dueWalkovers(await matches.listOfTournament(t.id), new Set([teamId]), () => false);
      if (!due) {
        break;
      }
      await deps.forfeitMatch(due.slug, { teamId, reason: 'withdrawn', note: reason, by });
    }
    const after = await views.current();
    // Those forfeited here and those the bracket reached meanwhile (run.ts settleForfeits).
    const forfeited = (await matches.listOfTournament(after.id))
      .filter((m) => m.forfeit?.reason === 'withdrawn' && m.forfeit.teamIds.includes(teamId))
      .map((m) => m.slug);
    ctx.logger.info({ module: 'tournament', team: teamId, by, forfeited }, 'team withdrawn');
    await views.announce(after, 'matches');
    return { tournament: await views.present(after), forfeited };
  };
}
