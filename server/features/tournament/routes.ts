import { z } from 'zod';
import type { RouteTable } from '../../http/route.js';
import { successSchema } from '../../../shared/contracts/common.js';
import {
  bracketResponseSchema,
  createTournamentSchema,
  leaderboardResponseSchema,
  playoffsStartResponseSchema,
  templateInputSchema,
  templateParamsSchema,
  templateResponseSchema,
  templatesResponseSchema,
  tournamentIdParamsSchema,
  tournamentResponseSchema,
  updateTournamentSchema,
  withdrawResponseSchema,
  withdrawTeamSchema,
} from '../../../shared/contracts/tournament.js';
import {
  shufflePlayersSchema,
  shufflePoolResponseSchema,
} from '../../../shared/contracts/tournament-tools.js';
import {
  startBodySchema,
  startPreviewResponseSchema,
  startResponseSchema,
} from '../../../shared/contracts/tournament-start.js';
import { actorOf } from '../match-controls/index.js';
import {
  checkInBodySchema,
  checkInResponseSchema,
  checkInTeamParamsSchema,
  checkInTeamResponseSchema,
} from '../../../shared/contracts/check-in.js';
import type { TournamentService } from './service.js';

const TAG = 'Tournament';

export function registerTournamentRoutes(
  routes: Pick<RouteTable, 'add'>,
  tournament: TournamentService,
): void {
  routes.add({
    method: 'get',
    path: '/api/tournament/check-in',
    access: 'public',
    tag: TAG,
    summary: "Check-in: whether it is required, its times and state, and each team's check-in in seed order",
    response: checkInResponseSchema,
    handler: async () => ({ success: true, checkIn: await tournament.checkIn.read() }),
  });

  routes.add({
    method: 'post',
    path: '/api/tournament/check-in',
    access: 'signed-in',
    tag: TAG,
    summary:
      'Check a team in: an admin any team while in setup, a player their own team while check-in is open',
    body: checkInBodySchema,
    response: checkInTeamResponseSchema,
    handler: async ({ body, principal }) => ({
      success: true,
      team: await tournament.checkIn.checkIn(principal, body.teamId),
    }),
  });

  routes.add({
    method: 'delete',
    path: '/api/tournament/check-in/:teamId',
    access: 'signed-in',
    tag: TAG,
    summary: "Undo a team's check-in (same rights as checking in)",
    params: checkInTeamParamsSchema,
    response: checkInTeamResponseSchema,
    handler: async ({ params, principal }) => ({
      success: true,
      team: await tournament.checkIn.undo(principal, params.teamId),
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/tournament',
    access: 'public',
    tag: TAG,
    summary: 'The tournament, with `winner` once it is done (404 when there is none)',
    response: tournamentResponseSchema,
    handler: async () => ({ success: true, tournament: await tournament.get() }),
  });

  routes.add({
    method: 'post',
    path: '/api/tournament',
    access: 'admin',
    tag: TAG,
    summary: 'Create the tournament (status setup); 409 TOURNAMENT_EXISTS when one exists',
    status: 201,
    body: createTournamentSchema,
    response: tournamentResponseSchema,
    handler: async ({ body }) => ({ success: true, ...(await tournament.create(body)) }),
  });

  routes.add({
    method: 'put',
    path: '/api/tournament',
    access: 'admin',
    tag: TAG,
    summary: 'Change the tournament; after the start only the name and the format (unstarted matches follow)',
    body: updateTournamentSchema,
    response: tournamentResponseSchema,
    handler: async ({ body }) => ({ success: true, ...(await tournament.update(body)) }),
  });

  routes.add({
    method: 'delete',
    path: '/api/tournament',
    access: 'admin',
    tag: TAG,
    summary: 'Delete the tournament, its matches and their live stats (slugs are reused)',
    response: successSchema,
    handler: async () => {
      await tournament.delete();
      return { success: true };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/tournament/start',
    access: 'admin',
    tag: TAG,
    summary:
      'Generate the bracket and start (teams that missed a required check-in dropped); 422 listing every reason when it cannot. Runs the preflight checks first: 422 PREFLIGHT_FAILED with the failed checks in `details` unless `force: true`. `dryRun`: the draw previewed, nothing stored; `drawToken` from it: that draw, or 409 DRAW_CHANGED',
    body: startBodySchema,
    response: z.union([startResponseSchema, startPreviewResponseSchema]),
    handler: async ({ body }) =>
      body?.dryRun
        ? { success: true, preview: await tournament.previewStart() }
        : { success: true, ...(await tournament.start(body?.drawToken, body?.force)) },
  });

  for (const [action, paused] of [
    ['pause', true],
    ['resume', false],
  ] as const) {
    routes.add({
      method: 'post',
      path: `/api/tournaments/:id/${action}`,
      access: 'admin',
      tag: TAG,
      summary: paused
        ? 'Hold new loads of the tournament (live matches play on); 404 for an unknown id'
        : 'Release the new loads a pause held; 404 for an unknown id',
      params: tournamentIdParamsSchema,
      response: tournamentResponseSchema,
      handler: async ({ params }) => ({
        success: true,
        tournament: await (paused ? tournament.pause(params.id) : tournament.resume(params.id)),
      }),
    });
  }

  routes.add({
    method: 'post',
    path: '/api/tournament/playoffs/start',
    access: 'admin',
    tag: TAG,
    summary:
      'Fill the playoffs of a groups_playoffs tournament from the final group standings; 422 while a group match is open or once filled',
    response: playoffsStartResponseSchema,
    handler: async () => ({ success: true, ...(await tournament.startPlayoffs()) }),
  });

  routes.add({
    method: 'post',
    path: '/api/tournament/reset',
    access: 'admin',
    tag: TAG,
    summary: 'Back to setup: matches removed, player ratings as before this run',
    response: tournamentResponseSchema,
    handler: async () => ({ success: true, tournament: await tournament.reset() }),
  });

  routes.add({
    method: 'post',
    path: '/api/tournament/teams/:teamId/withdraw',
    access: 'admin',
    tag: TAG,
    summary:
      'A team leaves the running tournament: it forfeits every match it has not finished and every one it reaches later',
    params: checkInTeamParamsSchema,
    body: withdrawTeamSchema,
    response: withdrawResponseSchema,
    handler: async ({ params, body, principal }) => ({
      success: true,
      ...(await tournament.withdraw(params.teamId, body.reason, actorOf(principal))),
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/tournament/bracket',
    access: 'public',
    tag: TAG,
    summary:
      'Matches of every stage with labels and queue positions, `stages` (with group standings), and `swissStandings`',
    response: bracketResponseSchema,
    handler: async () => ({ success: true, ...(await tournament.bracket()) }),
  });

  routes.add({
    method: 'get',
    path: '/api/tournament/:id/leaderboard',
    access: 'public',
    tag: TAG,
    summary: 'Standings with rank, Buchholz and round difference',
    params: tournamentIdParamsSchema,
    response: leaderboardResponseSchema,
    handler: async ({ params }) => ({ success: true, entries: await tournament.leaderboard(params.id) }),
  });

  routes.add({
    method: 'post',
    path: '/api/tournament/shuffle/players',
    access: 'admin',
    tag: TAG,
    summary:
      'Register the player pool of a shuffle tournament (replaces the previous pool; before the start)',
    body: shufflePlayersSchema,
    response: shufflePoolResponseSchema,
    handler: async ({ body }) => {
      const platformIds = await tournament.setShufflePlayers(body.platformIds);
      return { success: true, count: platformIds.length, platformIds };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/templates',
    access: 'admin',
    tag: TAG,
    summary: 'Saved tournament setups',
    response: templatesResponseSchema,
    handler: async () => {
      const list = await tournament.templates.list();
      return { success: true, count: list.length, templates: list };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/templates',
    access: 'admin',
    tag: TAG,
    summary: 'Save a tournament setup',
    status: 201,
    body: templateInputSchema,
    response: templateResponseSchema,
    handler: async ({ body }) => ({ success: true, template: await tournament.templates.create(body) }),
  });

  routes.add({
    method: 'get',
    path: '/api/templates/:id',
    access: 'admin',
    tag: TAG,
    summary: 'One saved setup',
    params: templateParamsSchema,
    response: templateResponseSchema,
    handler: async ({ params }) => ({ success: true, template: await tournament.templates.get(params.id) }),
  });

  routes.add({
    method: 'put',
    path: '/api/templates/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Replace a saved setup',
    params: templateParamsSchema,
    body: templateInputSchema,
    response: templateResponseSchema,
    handler: async ({ params, body }) => ({
      success: true,
      template: await tournament.templates.update(params.id, body),
    }),
  });

  routes.add({
    method: 'delete',
    path: '/api/templates/:id',
    access: 'admin',
    tag: TAG,
    summary: 'Delete a saved setup',
    params: templateParamsSchema,
    response: successSchema,
    handler: async ({ params }) => {
      await tournament.templates.delete(params.id);
      return { success: true };
    },
  });
}
