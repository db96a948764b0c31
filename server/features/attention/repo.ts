import type { SqlPort } from '../../db/sql-port.js';
import type { AttentionItem, AttentionKind } from '../../../shared/contracts/attention.js';

/** An item as stored: the API's item plus the key that names its cause. */
export interface StoredItem {
  id: number;
  kind: AttentionKind;
  key: string;
  matchSlug: string | null;
  serverId: string | null;
  teamId: string | null;
  since: number;
  message: string;
  acknowledgedAt: number | null;
}

interface ItemRow {
  id: number;
  kind: AttentionKind;
  item_key: string;
  match_slug: string | null;
  server_id: string | null;
  team_id: string | null;
  since: number;
  message: string;
  acknowledged_at: number | null;
}

const toStored = (r: ItemRow): StoredItem => ({
  id: Number(r.id),
  kind: r.kind,
  key: r.item_key,
  matchSlug: r.match_slug,
  serverId: r.server_id,
  teamId: r.team_id,
  since: Number(r.since),
  message: r.message,
  acknowledgedAt: r.acknowledged_at === null ? null : Number(r.acknowledged_at),
});

/** The API's view: absent fields left out, acknowledgement as a flag. */
export const presentItem = (s: StoredItem): AttentionItem => ({
  id: s.id,
  kind: s.kind,
  ...(s.matchSlug !== null ? { matchSlug: s.matchSlug } : {}),
  ...(s.serverId !== null ? { serverId: s.serverId } : {}),
  ...(s.teamId !== null ? { teamId: s.teamId } : {}),
  since: s.since,
  message: s.message,
  acknowledged: s.acknowledgedAt !== null,
});

export type NewItem = Omit<StoredItem, 'id' | 'acknowledgedAt'>;

/** The attention feature's own tables: the queue and when each player last called an admin. */
export function createAttentionRepo(db: SqlPort) {
  const selectAll = db.prepare<[], ItemRow>('SELECT * FROM attention_items ORDER BY since, id');
  const selectOne = db.prepare<[number], ItemRow>('SELECT * FROM attention_items WHERE id = ?');
  // A cause raised again (another sweep, another instance) keeps its one item.
  const insert = db.prepare<
    [string, string, string | null, string | null, string | null, number, string],
    ItemRow
  >(
    `INSERT INTO attention_items (kind, item_key, match_slug, server_id, team_id, since, message)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, item_key) DO NOTHING RETURNING *`,
  );
  const remove = db.prepare<[string, string], ItemRow>(
    'DELETE FROM attention_items WHERE kind = ? AND item_key = ? RETURNING *',
  );
  const acknowledge = db.prepare<[number, number], ItemRow>(
    `UPDATE attention_items SET acknowledged_at = ? WHERE id = ? AND acknowledged_at IS NULL RETURNING *`,
  );
  const selectCall = db
    .prepare<[string], number>('SELECT called_at FROM admin_calls WHERE platform_id = ?')
    .pluck();
  // Taken only when the last call is old enough: two calls racing on two instances cannot both pass.
  const claimCall = db.prepare<[string, number, number]>(
    `INSERT INTO admin_calls (platform_id, called_at) VALUES (?, ?)
     ON CONFLICT (platform_id) DO UPDATE SET called_at = excluded.called_at
     WHERE admin_calls.called_at <= ?`,
  );

  return {
    list: async (): Promise<StoredItem[]> => (await selectAll.all()).map(toStored),
    get: async (id: number): Promise<StoredItem | undefined> => {
      const row = await selectOne.get(id);
      return row ? toStored(row) : undefined;
    },
    /** The new item, or undefined when one of that kind and key is there already. */
    insert: async (i: NewItem): Promise<StoredItem | undefined> => {
      const row = await insert.get(i.kind, i.key, i.matchSlug, i.serverId, i.teamId, i.since, i.message);
      return row ? toStored(row) : undefined;
    },
    /** The removed item, or undefined when there was none. */
    remove: async (kind: AttentionKind, key: string): Promise<StoredItem | undefined> => {
      const row = await remove.get(kind, key);
      return row ? toStored(row) : undefined;
    },
    /** The item as acknowledged now, or undefined when it was already (or is gone). */
    acknowledge: async (id: number, now: number): Promise<StoredItem | undefined> => {
      const row = await acknowledge.get(now, id);
      return row ? toStored(row) : undefined;
    },
    lastCallOf: async (platformId: string): Promise<number | undefined> => {
      const at = await selectCall.get(platformId);
      return at === undefined ? undefined : Number(at);
    },
    /** Records a call at `at` unless the player's last call was after `lastAllowed`; true when recorded. */
    claimCall: async (platformId: string, at: number, lastAllowed: number): Promise<boolean> =>
      (await claimCall.run(platformId, at, lastAllowed)).changes === 1,
  };
}
