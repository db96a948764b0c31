import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import { AppError, notFound } from '../../errors.js';
import { isAdmin, type Principal } from '../../auth/principal.js';
import type { CheckInTeam } from '../../../shared/contracts/check-in.js';
import { checkInRefusal, checkInState } from '../../../shared/domain/check-in.js';
import type { TournamentDeps } from './service.js';
import type { TournamentRecord } from './repo.js';
import type { TournamentViews } from './views.js';

/**
 * Team check-in (API.md decisions 33-35): the list with each team's check-in, and checking a team in
 * or out, by an admin for any team while in setup, by a player for their own team while it is open.
 */
export function createCheckIn(
  ctx: Pick<AppContext, 'sql' | 'clock'>,
  deps: Pick<TournamentDeps, 'teams'>,
  repos: Pick<Repos, 'checkIns' | 'matches'>,
  views: Pick<TournamentViews, 'current'>,
) {
  const { checkIns } = repos;

  /** The tournament's teams in seed order (registration order until drawn). */
  const inSeedOrder = (t: TournamentRecord) =>
    t.status === 'setup' ? t.teamIds : [...t.seeds, ...t.teamIds.filter((id) => !t.seeds.includes(id))];

  async function rows(t: TournamentRecord): Promise<CheckInTeam[]> {
    const done = await checkIns.of(t.id);
    const refs = await repos.matches.teamRefsOf(t.teamIds);
    return inSeedOrder(t).map((teamId) => {
      const c = done.get(teamId);
      const ref = refs.get(teamId);
      return {
        teamId,
        name: ref?.name ?? teamId,
        tag: ref?.tag ?? '',
        checkedIn: c !== undefined,
        checkedInAt: c?.checkedInAt ?? null,
        by: c?.by ?? null,
      };
    });
  }

  /** Who acts for which team, or the error of API.md decision 35. */
  async function actor(t: TournamentRecord, principal: Principal | null, teamId: string | undefined) {
    if (principal?.kind === 'token' && principal.role === 'readonly') {
      throw new AppError('READ_ONLY_TOKEN', 403, 'A read-only token can only read (GET, HEAD, OPTIONS).');
    }
    if (isAdmin(principal)) {
      if (teamId === undefined) {
        throw new AppError('VALIDATION_FAILED', 400, 'An admin names the team to check in.', [
          { path: 'teamId', message: 'required for an admin' },
        ]);
      }
      return { by: 'admin' as const, teamId };
    }
    const platformId =
      principal?.kind === 'session' && principal.role === 'player' ? principal.platformId : null;
    if (platformId === null) {
      throw new AppError('FORBIDDEN', 403, 'Only an admin or a player of the team may check it in.');
    }
    const own = (await deps.teams.rosters(t.teamIds))
      .filter((team) => team.players.some((p) => p.id === platformId))
      .map((team) => team.id);
    const chosen = teamId ?? own[0];
    if (chosen === undefined) {
      throw new AppError('NOT_ON_ROSTER', 403, 'You are on no team of this tournament.');
    }
    if (t.teamIds.includes(chosen) && !own.includes(chosen)) {
      throw new AppError('NOT_ON_ROSTER', 403, `You are not on the roster of team "${chosen}".`);
    }
    return { by: 'player' as const, teamId: chosen };
  }

  /** Checks the change is allowed now and answers the team's row after `change`. */
  function change(
    principal: Principal | null,
    teamId: string | undefined,
    apply: (t: TournamentRecord, teamId: string, by: 'admin' | 'player') => Promise<void>,
  ): Promise<CheckInTeam> {
    return ctx.sql.tx(async () => {
      const t = await views.current();
      const who = await actor(t, principal, teamId);
      if (!t.teamIds.includes(who.teamId)) {
        throw notFound(`Team "${who.teamId}" in the tournament`);
      }
      const refused = checkInRefusal(t.settings.checkIn, t.status, ctx.clock.now(), who.by);
      if (refused) {
        throw new AppError(refused.code, refused.status, refused.message);
      }
      await apply(t, who.teamId, who.by);
      return (await rows(t)).find((r) => r.teamId === who.teamId)!;
    });
  }

  return {
    /** `GET /api/tournament/check-in`. */
    async read() {
      const t = await views.current();
      const teams = await rows(t);
      return {
        ...t.settings.checkIn,
        state: checkInState(t.settings.checkIn, t.status, ctx.clock.now()),
        counts: { checkedIn: teams.filter((r) => r.checkedIn).length, total: teams.length },
        teams,
      };
    },

    /** `POST /api/tournament/check-in`: repeating it keeps the first time. */
    checkIn: (principal: Principal | null, teamId: string | undefined) =>
      change(principal, teamId, (t, id, by) => checkIns.add(t.id, id, ctx.clock.now(), by)),

    /** `DELETE /api/tournament/check-in/:teamId`. */
    undo: (principal: Principal | null, teamId: string) =>
      change(principal, teamId, (t, id) => checkIns.remove(t.id, id)),

    /** Team ids checked in, for the start. */
    checkedIn: async (t: TournamentRecord): Promise<Set<string>> => new Set((await checkIns.of(t.id)).keys()),
  };
}

export type CheckIn = ReturnType<typeof createCheckIn>;
