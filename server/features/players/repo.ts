import type { SqlPort } from '../../db/sql-port.js';
import type { Player } from '../../../shared/contracts/players.js';

interface PlayerRow {
  platform_id: string;
  name: string;
  chat_id: string | null;
  chat_id_set_by_hand: number;
  rating: number;
  created_at: number;
  updated_at: number;
}

export interface StoredPlayer extends Player {
  chatId: string | null;
  chatIdSetByHand: boolean;
}

const toPlayer = (row: PlayerRow): StoredPlayer => ({
  platformId: row.platform_id,
  name: row.name,
  chatId: row.chat_id,
  chatIdSetByHand: row.chat_id_set_by_hand === 1,
  rating: row.rating,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function createPlayersRepo(db: SqlPort) {
  const selectAll = db.prepare<[], PlayerRow>('SELECT * FROM players ORDER BY lower(name), platform_id');
  const selectOne = db.prepare<[string], PlayerRow>('SELECT * FROM players WHERE platform_id = ?');
  const selectByChat = db.prepare<[string], PlayerRow>(
    'SELECT * FROM players WHERE chat_id = ? ORDER BY lower(name)',
  );
  const insert = db.prepare(
    `INSERT INTO players (platform_id, name, chat_id, chat_id_set_by_hand, rating, created_at, updated_at)
     VALUES (@platformId, @name, @chatId, @chatIdSetByHand, @rating, @now, @now)`,
  );
  const update = db.prepare(
    `UPDATE players SET name = @name, chat_id = @chatId, chat_id_set_by_hand = @chatIdSetByHand,
       rating = @rating, updated_at = @now WHERE platform_id = @platformId`,
  );
  const remove = db.prepare('DELETE FROM players WHERE platform_id = ?');
  const rosterCount = db.prepare<[string], { n: number }>(
    'SELECT count(*) AS n FROM team_players WHERE platform_id = ?',
  );

  const params = (p: StoredPlayer, now: number) => ({
    platformId: p.platformId,
    name: p.name,
    chatId: p.chatId,
    chatIdSetByHand: p.chatIdSetByHand ? 1 : 0,
    rating: p.rating,
    now,
  });

  const copyTo = db.prepare(
    `INSERT INTO players (platform_id, name, chat_id, chat_id_set_by_hand, rating, rating_mu, rating_sigma,
       created_at, updated_at)
     SELECT ?, name, chat_id, chat_id_set_by_hand, rating, rating_mu, rating_sigma, created_at, ?
     FROM players WHERE platform_id = ?`,
  );
  return {
    /**
     * A corrected platform id (API.md decision 63): the old record's name, chat id and rating move to
     * the new id; call `deleteMoved` once nothing refers to the old id any more.
     */
    copyTo: (from: string, to: string, now: number) => copyTo.run(to, now, from),
    deleteMoved: (from: string) => remove.run(from),
    list: async () => (await selectAll.all()).map(toPlayer),
    get: async (platformId: string) => {
      const row = await selectOne.get(platformId);
      return row ? toPlayer(row) : undefined;
    },
    byChatId: async (chatId: string) => (await selectByChat.all(chatId)).map(toPlayer),
    insert: (player: StoredPlayer, now: number) => insert.run(params(player, now)),
    update: (player: StoredPlayer, now: number) => update.run(params(player, now)),
    delete: async (platformId: string) => (await remove.run(platformId)).changes > 0,
    isOnARoster: async (platformId: string) => (await rosterCount.get(platformId))!.n > 0,
  };
}
