import type { SqlPort } from '../../db/sql-port.js';
import type { GameMap, GameMode, MapPool } from '../../../shared/contracts/maps.js';

interface MapRow {
  id: string;
  display_name: string;
  image_url: string | null;
  workshop_id: string | null;
  enabled: number;
  modes: string;
  created_at: number;
  updated_at: number;
}

interface PoolRow {
  id: number;
  name: string;
  is_default: number;
  created_at: number;
  updated_at: number;
}

const toMap = (r: MapRow): GameMap => ({
  id: r.id,
  displayName: r.display_name,
  imageUrl: r.image_url,
  workshopId: r.workshop_id,
  enabled: r.enabled === 1,
  modes: JSON.parse(r.modes) as GameMode[],
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function createMapsRepo(db: SqlPort) {
  const selectMaps = db.prepare<[], MapRow>('SELECT * FROM maps ORDER BY lower(display_name), id');
  const selectMap = db.prepare<[string], MapRow>('SELECT * FROM maps WHERE id = ?');
  const insertMap = db.prepare(
    `INSERT INTO maps (id, display_name, image_url, workshop_id, enabled, modes, created_at, updated_at)
     VALUES (@id, @displayName, @imageUrl, @workshopId, @enabled, @modes, @now, @now)`,
  );
  const updateMap = db.prepare(
    `UPDATE maps SET display_name = @displayName, image_url = @imageUrl, workshop_id = @workshopId,
       enabled = @enabled, modes = @modes, updated_at = @now WHERE id = @id`,
  );
  const deleteMap = db.prepare('DELETE FROM maps WHERE id = ?');
  const selectPools = db.prepare<[], PoolRow>('SELECT * FROM map_pools ORDER BY is_default DESC, name');
  const selectPool = db.prepare<[number], PoolRow>('SELECT * FROM map_pools WHERE id = ?');
  const selectDefaultPool = db.prepare<[], PoolRow>('SELECT * FROM map_pools WHERE is_default = 1');
  const selectPoolByName = db.prepare<[string], PoolRow>('SELECT * FROM map_pools WHERE name = ?');
  const selectPoolMaps = db.prepare<[number], { map_id: string }>(
    'SELECT map_id FROM map_pool_maps WHERE pool_id = ? ORDER BY position',
  );
  const insertPool = db.prepare(
    'INSERT INTO map_pools (name, is_default, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
  );
  const updatePool = db.prepare('UPDATE map_pools SET name = ?, updated_at = ? WHERE id = ?');
  const deletePoolMaps = db.prepare('DELETE FROM map_pool_maps WHERE pool_id = ?');
  const insertPoolMap = db.prepare('INSERT INTO map_pool_maps (pool_id, map_id, position) VALUES (?, ?, ?)');
  const deletePool = db.prepare('DELETE FROM map_pools WHERE id = ?');

  const toPool = async (r: PoolRow): Promise<MapPool> => ({
    id: r.id,
    name: r.name,
    mapIds: (await selectPoolMaps.all(r.id)).map((m) => m.map_id),
    isDefault: r.is_default === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  });

  const mapParams = (m: Omit<GameMap, 'createdAt' | 'updatedAt'>, now: number) => ({
    id: m.id,
    displayName: m.displayName,
    imageUrl: m.imageUrl,
    workshopId: m.workshopId,
    enabled: m.enabled ? 1 : 0,
    modes: JSON.stringify(m.modes),
    now,
  });

  return {
    listMaps: async () => (await selectMaps.all()).map(toMap),
    getMap: async (id: string) => {
      const row = await selectMap.get(id);
      return row ? toMap(row) : undefined;
    },
    insertMap: (m: Omit<GameMap, 'createdAt' | 'updatedAt'>, now: number) => insertMap.run(mapParams(m, now)),
    updateMap: (m: GameMap, now: number) => updateMap.run(mapParams(m, now)),
    deleteMap: async (id: string) => (await deleteMap.run(id)).changes > 0,

    listPools: async () => {
      const pools: MapPool[] = [];
      for (const row of await selectPools.all()) {
        pools.push(await toPool(row));
      }
      return pools;
    },
    getPool: async (id: number) => {
      const row = await selectPool.get(id);
      return row ? toPool(row) : undefined;
    },
    defaultPool: async () => {
      const row = await selectDefaultPool.get();
      return row ? toPool(row) : undefined;
    },
    poolNameTaken: async (name: string, exceptId?: number) => {
      const row = await selectPoolByName.get(name);
      return row !== undefined && row.id !== exceptId;
    },
    insertPool: async (name: string, isDefault: boolean, now: number) =>
      (await insertPool.run(name, isDefault ? 1 : 0, now, now)).lastInsertRowid,
    renamePool: (id: number, name: string, now: number) => updatePool.run(name, now, id),
    async replacePoolMaps(poolId: number, mapIds: readonly string[]) {
      await deletePoolMaps.run(poolId);
      for (const [i, mapId] of mapIds.entries()) {
        await insertPoolMap.run(poolId, mapId, i);
      }
    },
    deletePool: async (id: number) => (await deletePool.run(id)).changes > 0,
  };
}
