import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import type { Team } from '../../../shared/contracts/teams.js';

/**
 * Correcting a wrongly typed platform id in the admin team editor (API.md decision 63): the player's
 * record, rosters, lineups, per-map stats and rating history move to the right id in one transaction,
 * so nothing of what he played is lost. Each table is changed through its owning repo.
 */
export function createPlayerIdFix(ctx: AppContext) {
  const { teams, players, playerStats, ratings, lineups, teamChanges } = ctx.repos;

  return async function fixPlayerId(teamId: string, from: string, to: string, actor: string): Promise<Team> {
    const now = ctx.clock.now();
    await ctx.sql.tx(async () => {
      const team = await teams.get(teamId);
      if (!team) {
        throw notFound(`Team "${teamId}"`);
      }
      const entry = team.players.find((p) => p.platformId === from);
      if (!entry) {
        throw notFound(`Player ${from} on team "${teamId}"`);
      }
      if (from === to) {
        throw new AppError('VALIDATION_FAILED', 400, 'The corrected id is the id the player has already.', [
          { path: 'platformId', message: 'unchanged' },
        ]);
      }
      if ((await players.get(to)) !== undefined) {
        throw new AppError(
          'PLAYER_ID_IN_USE',
          409,
          `Player id ${to} belongs to another player already; remove that player first or pick the right id.`,
        );
      }
      await players.copyTo(from, to, now);
      await teams.movePlayerId(from, to);
      await lineups.movePlayerId(from, to);
      await playerStats.movePlayerId(from, to);
      await ratings.movePlayerId(from, to);
      await players.deleteMoved(from);
      await teamChanges.insert({
        teamId,
        at: now,
        actor,
        kind: 'id_fix',
        matchSlug: null,
        before: { platformId: from, name: entry.name },
        after: { platformId: to, name: entry.name },
      });
    });
    ctx.live.publish({ topic: 'team', teamId, removed: false });
    return (await teams.get(teamId))!;
  };
}

export type PlayerIdFix = ReturnType<typeof createPlayerIdFix>;
