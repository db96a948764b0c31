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

  async function get(platformId: string): Promise<StoredPlayer> {
    const player = await repo.get(platformId);
    if (!player) {
      throw notFound(`Player ${platformId}`);
    }
    return player;
  }

  async function assertExist(platformIds: readonly string[], field: string): Promise<void> {
    const unknown: { id: string; i: number }[] = [];
    for (const [i, id] of platformIds.entries()) {
      if (!(await repo.get(id))) {
        unknown.push({ id, i });
      }
    }
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
  async function importOne(
    input: CreatePlayer,
  ): Promise<{ player: StoredPlayer; result: 'created' | 'updated' }> {
    const now = ctx.clock.now();
    return ctx.sql.tx(async () => {
      const current = await repo.get(input.platformId);
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
        await repo.insert(player, now);
        return { player: await get(input.platformId), result: 'created' as const };
      }
      const fillChatId = !current.chatIdSetByHand && current.chatId === null && input.chatId != null;
      await repo.update(
        {
          ...current,
          name: input.name,
          rating: input.rating ?? current.rating,
          chatId: fillChatId ? input.chatId! : current.chatId,
        },
        now,
      );
      return { player: await get(input.platformId), result: 'updated' as const };
    });
  }

  return {
    list: () => repo.list(),
    get,
    find: (platformId: string): Promise<StoredPlayer | undefined> => repo.get(platformId),
    /** 400 naming every platform id that has no player record (`field` prefixes the detail paths). */
    assertExist,
    byChatId: (chatId: string) => repo.byChatId(chatId),

    /** One player by hand: a chat id given here counts as set by hand. */
    async create(input: CreatePlayer): Promise<StoredPlayer> {
      const now = ctx.clock.now();
      await ctx.sql.tx(async () => {
        if (await repo.get(input.platformId)) {
          throw new AppError('ALREADY_EXISTS', 409, `Player ${input.platformId} already exists.`);
        }
        await repo.insert(
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
      });
      return get(input.platformId);
    },

    importMany: (items: readonly unknown[]) => runBatch(items, createPlayerSchema, 'platformId', importOne),

    /** The import rule for chat ids a team import brings: each fills an empty one only (see importOne). */
    async fillChatIds(entries: readonly { platformId: string; chatId: string | null }[], now: number) {
      for (const { platformId, chatId } of entries) {
        const current = await repo.get(platformId);
        if (current && chatId !== null && current.chatId === null && !current.chatIdSetByHand) {
          await repo.update({ ...current, chatId }, now);
        }
      }
    },

    async update(platformId: string, patch: UpdatePlayer): Promise<StoredPlayer> {
      const now = ctx.clock.now();
      await ctx.sql.tx(async () => {
        const current = await get(platformId);
        const chatIdTouched = patch.chatId !== undefined;
        await repo.update(
          {
            ...current,
            name: patch.name ?? current.name,
            rating: patch.rating ?? current.rating,
            chatId: chatIdTouched ? patch.chatId! : current.chatId,
            chatIdSetByHand: current.chatIdSetByHand || chatIdTouched,
          },
          now,
        );
      });
      return get(platformId);
    },

    async delete(platformId: string): Promise<void> {
      await ctx.sql.tx(async () => {
        await get(platformId);
        if (await repo.isOnARoster(platformId)) {
          throw new AppError(
            'CONFLICT',
            409,
            `Player ${platformId} is on a team roster; remove them from the team first.`,
          );
        }
        await repo.delete(platformId);
      });
    },
  };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
