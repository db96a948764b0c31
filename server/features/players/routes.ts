import { z } from 'zod';
import type { Principal } from '../../auth/principal.js';
import type { RouteTable } from '../../http/route.js';
import { parsePart } from '../../http/route.js';
import { batchResultSchema, successSchema } from '../../../shared/contracts/common.js';
import {
  createPlayerSchema,
  discordParamsSchema,
  importedPlayerSchema,
  playerParamsSchema,
  playerResponseSchema,
  playersResponseSchema,
  updatePlayerSchema,
  type Player,
} from '../../../shared/contracts/players.js';
import type { PlayersService, StoredPlayer } from './service.js';
import { AppError } from '../../errors.js';
import { chatIdBodySchema, chatIdResponseSchema } from '../../../shared/contracts/auth.js';

const TAG = 'Players';

/** The spec: chat-platform ids are readable only by admins and API tokens. */
function canSeeChatId(principal: Principal | null): boolean {
  return principal !== null && (principal.kind === 'token' || principal.role === 'admin');
}

function present(player: StoredPlayer, principal: Principal | null): Player {
  const { chatIdSetByHand: _internal, chatId, ...rest } = player;
  return canSeeChatId(principal) ? { ...rest, chatId } : rest;
}

/** The signed-in person's own platform id (the impersonated player while an admin views as one). */
function ownPlatformId(principal: Principal | null): string {
  if (principal?.kind !== 'session' || principal.platformId === null) {
    throw new AppError(
      'FORBIDDEN',
      403,
      'Only a player signed in with their game-platform id has a profile (API tokens and admin links have none).',
    );
  }
  return principal.platformId;
}

export function registerPlayerRoutes(routes: RouteTable, players: PlayersService): void {
  routes.add({
    method: 'get',
    path: '/api/players/me/chat-id',
    access: 'signed-in',
    tag: TAG,
    summary: "The signed-in player's own chat-platform id (profile page)",
    response: chatIdResponseSchema,
    handler: async ({ principal }) => ({
      success: true,
      chatId: (await players.get(ownPlatformId(principal))).chatId,
    }),
  });

  routes.add({
    method: 'put',
    path: '/api/players/me/chat-id',
    access: 'signed-in',
    tag: TAG,
    summary: 'Set (or clear with null) your own chat-platform id; imports never overwrite it afterwards',
    body: chatIdBodySchema,
    response: chatIdResponseSchema,
    handler: async ({ principal, body }) => ({
      success: true,
      chatId: (await players.update(ownPlatformId(principal), { chatId: body.chatId })).chatId,
    }),
  });

  routes.add({
    method: 'get',
    path: '/api/players',
    access: 'admin',
    tag: TAG,
    summary: 'List players',
    response: playersResponseSchema,
    handler: async ({ principal }) => {
      const list = (await players.list()).map((p) => present(p, principal));
      return { success: true, count: list.length, players: list };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/players',
    access: 'admin',
    tag: TAG,
    summary:
      'Create a player, or import many from an array (chat id filled only when empty and never over a hand edit)',
    status: 201,
    body: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())], {
      error: 'the body must be a player object or an array of player objects',
    }),
    bodyDoc: z.union([createPlayerSchema, z.array(createPlayerSchema)]),
    response: z.union([playerResponseSchema, batchResultSchema(importedPlayerSchema)]),
    handler: async ({ body, res, principal }) => {
      if (Array.isArray(body)) {
        const outcome = await players.importMany(body);
        res.status(outcome.status);
        return {
          ...outcome.body,
          successful: outcome.body.successful.map((s) => ({ ...s, player: present(s.player, principal) })),
        };
      }
      const player = await players.create(parsePart(createPlayerSchema, body, 'body'));
      return { success: true, player: present(player, principal) };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/players/by-discord-id/:discordId',
    access: 'read',
    tag: TAG,
    summary: 'Players linked to a chat-platform id (a list: one id may belong to several players)',
    params: discordParamsSchema,
    response: playersResponseSchema,
    handler: async ({ params, principal }) => {
      const list = (await players.byChatId(params.discordId)).map((p) => present(p, principal));
      return { success: true, count: list.length, players: list };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/players/:platformId',
    access: 'public',
    tag: TAG,
    summary: 'A player profile (the chat id only for admins and API tokens)',
    params: playerParamsSchema,
    response: playerResponseSchema,
    handler: async ({ params, principal }) => ({
      success: true,
      player: present(await players.get(params.platformId), principal),
    }),
  });

  routes.add({
    method: 'put',
    path: '/api/players/:platformId',
    access: 'admin',
    tag: TAG,
    summary: 'Change a player (a chat id set or cleared here is never overwritten by an import)',
    params: playerParamsSchema,
    body: updatePlayerSchema,
    response: playerResponseSchema,
    handler: async ({ params, body, principal }) => ({
      success: true,
      player: present(await players.update(params.platformId, body), principal),
    }),
  });

  routes.add({
    method: 'delete',
    path: '/api/players/:platformId',
    access: 'admin',
    tag: TAG,
    summary: 'Delete a player who is on no team roster',
    params: playerParamsSchema,
    response: successSchema,
    handler: async ({ params }) => {
      await players.delete(params.platformId);
      return { success: true };
    },
  });
}
