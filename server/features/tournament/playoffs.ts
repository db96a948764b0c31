import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { Match } from '../../../shared/contracts/matches.js';
import type { Tournament } from '../../../shared/contracts/tournament.js';
import type { Repos } from '../../db/repos.js';
import { presentMatch } from '../matches/index.js';
import type { GroupStage } from './engine.js';
import type { TournamentDeps } from './service.js';
import type { TournamentRecord } from './repo.js';
import type { TournamentViews } from './views.js';

/**
 * The playoffs of a `groups_playoffs` tournament (API.md decision 29): filled from the final group
 * standings, by themselves in the change that closes the last group match (`start: "auto"`) or by
 * the admin. `fill` may run again to refill them (a corrected group result).
 */
export function createPlayoffs(
  ctx: Pick<AppContext, 'sql'>,
  deps: Pick<TournamentDeps, 'engineFor'>,
  repos: Pick<Repos, 'tournaments' | 'matches'>,
  views: Pick<TournamentViews, 'current' | 'present' | 'announce' | 'etaBoard'>,
) {
  const { tournaments: repo, matches } = repos;

  const groupStageOf = (t: TournamentRecord): GroupStage | undefined => deps.engineFor(t).groups;

  /** Seats from the final group standings, saved, and the playoff slots filled; answers the saved record. */
  async function fill(t: TournamentRecord): Promise<TournamentRecord> {
    const groups = groupStageOf(t)!;
    const filled: TournamentRecord = { ...t, playoffSeats: await groups.seats(t) };
    await repo.save(filled);
    await groups.fillPlayoffs(filled);
    return filled;
  }

  return {
    fill,

    /** After a group result: the automatic start once the last group match is closed. */
    async afterGroupResult(t: TournamentRecord): Promise<TournamentRecord> {
      const groups = groupStageOf(t);
      if (
        !groups ||
        t.playoffSeats !== null ||
        (t.stages?.[1].start ?? 'auto') !== 'auto' ||
        (await matches.hasOpenInStage(t.id, 'groups'))
      ) {
        return t;
      }
      return fill(t);
    },

    /** `POST /api/tournament/playoffs/start`: the admin fills the playoffs once the groups are done. */
    async start(
      afterFill: (filled: TournamentRecord) => Promise<void>,
    ): Promise<{ tournament: Tournament; matches: Match[] }> {
      const t = await views.current();
      if (!groupStageOf(t)) {
        throw new AppError(
          'INVALID_STATE',
          422,
          `A ${t.type.replace('_', ' ')} tournament has no playoffs to start.`,
        );
      }
      if (t.status !== 'in_progress') {
        throw new AppError(
          'INVALID_STATE',
          422,
          `The tournament is ${t.status.replace('_', ' ')}: its playoffs cannot start.`,
        );
      }
      if (t.playoffSeats !== null) {
        throw new AppError('INVALID_STATE', 422, 'The playoffs are already filled.');
      }
      const open = await groupStageOf(t)!.openGroupMatches(t);
      if (open > 0) {
        throw new AppError(
          'INVALID_STATE',
          422,
          `${open} group match${open === 1 ? ' is' : 'es are'} still open; the playoffs start once every group match is decided.`,
        );
      }
      // A withdrawn team seated in the playoffs loses its first match there at once (API.md decision 61).
      await ctx.sql.tx(async () => afterFill(await fill(t)));
      const started = await views.current();
      await views.announce(started, 'matches');
      const teams = await matches.teamRefs();
      const playoffMatches = (await matches.listOfTournament(t.id)).filter((m) => m.stage === 'playoffs');
      const etas = await views.etaBoard();
      return {
        tournament: await views.present(started),
        matches: playoffMatches.map((m) => presentMatch(m, teams, [], etas)),
      };
    },
  };
}

export type Playoffs = ReturnType<typeof createPlayoffs>;
