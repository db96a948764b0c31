import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { runBatch } from '../../http/batch.js';
import {
  createPlayerSchema,
  DEFAULT_RATING,
  type CreatePlayer,
  type UpdatePlayer,
} from '../../../shared/contracts/players.js';
import type { StoredPlayer } from './repo.js';

export type { StoredPlayer };

export function createPlayersService(ctx: AppContext) {
  const repo = ctx.repos.players;

  function get(platformId: string): StoredPlayer {
    const player = repo.get(platformId);
    if (!player) {
      throw notFound(`Player ${platformId}`);
    }
    return player;
  }

  function assertExist(platformIds: readonly string[], field: string): void {
    const unknown = platformIds.map((id, i) => ({ id, i })).filter(({ id }) => !repo.get(id));
    if (unknown.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        400,
        `Unknown players: ${unknown.map((u) => u.id).join(', ')}. Add them first (POST /api/players).`,
        unknown.map(({ id, i }) => ({ path: `${field}.${i}`, message: `unknown player ${id}` })),
      );
    }
  }

  /**
   * Import rule of the spec: a chat id from an import fills an empty one only, and never replaces a value
   * an admin or the player set or cleared by hand.
   */
  function importOne(input: CreatePlayer): { player: StoredPlayer; result: 'created' | 'updated' } {
    const now = ctx.clock.now();
    return ctx.db.transaction(() => {
      const current = repo.get(input.platformId);
      if (!current) {
        const player: StoredPlayer = {
          platformId: input.platformId,
          name: input.name,
          chatId: input.chatId ?? null,
          chatIdSetByHand: false,
          rating: input.rating ?? DEFAULT_RATING,
          createdAt: now,
          updatedAt: now,
        };
        repo.insert(player, now);
        return { player: get(input.platformId), result: 'created' as const };
      }
      const fillChatId = !current.chatIdSetByHand && current.chatId === null && input.chatId != null;
      repo.update(
        {
          ...current,
          name: input.name,
          rating: input.rating ?? current.rating,
          chatId: fillChatId ? input.chatId! : current.chatId,
        },
        now,
      );
      return { player: get(input.platformId), result: 'updated' as const };
    })();
  }

  return {
    list: () => repo.list(),
    get,
    find: (platformId: string): StoredPlayer | undefined => repo.get(platformId),
    /** 400 naming every platform id that has no player record (`field` prefixes the detail paths). */
    assertExist,
    byChatId: (chatId: string) => repo.byChatId(chatId),

    /** One player by hand: a chat id given here counts as set by hand. */
    create(input: CreatePlayer): StoredPlayer {
      const now = ctx.clock.now();
      ctx.db.transaction(() => {
        if (repo.get(input.platformId)) {
          throw new AppError('ALREADY_EXISTS', 409, `Player ${input.platformId} already exists.`);
        }
        repo.insert(
          {
            platformId: input.platformId,
            name: input.name,
            chatId: input.chatId ?? null,
            chatIdSetByHand: input.chatId !== undefined,
            rating: input.rating ?? DEFAULT_RATING,
            createdAt: now,
            updatedAt: now,
          },
          now,
        );
      })();
      return get(input.platformId);
    },

    importMany: (items: readonly unknown[]) => runBatch(items, createPlayerSchema, 'platformId', importOne),

    update(platformId: string, patch: UpdatePlayer): StoredPlayer {
      const now = ctx.clock.now();
      ctx.db.transaction(() => {
        const current = get(platformId);
        const chatIdTouched = patch.chatId !== undefined;
        repo.update(
          {
            ...current,
            name: patch.name ?? current.name,
            rating: patch.rating ?? current.rating,
            chatId: chatIdTouched ? patch.chatId! : current.chatId,
            chatIdSetByHand: current.chatIdSetByHand || chatIdTouched,
          },
          now,
        );
      })();
      return get(platformId);
    },

    delete(platformId: string): void {
      ctx.db.transaction(() => {
        get(platformId);
        if (repo.isOnARoster(platformId)) {
          throw new AppError(
            'CONFLICT',
            409,
            `Player ${platformId} is on a team roster; remove them from the team first.`,
          );
        }
        repo.delete(platformId);
      })();
    },
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
