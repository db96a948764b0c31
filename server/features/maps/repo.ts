import type { Db } from '../../db/open.js';
import type { GameMap, MapPool } from '../../../shared/contracts/maps.js';

interface MapRow {
  id: string;
  display_name: string;
  image_url: string | null;
  workshop_id: string | null;
  enabled: number;
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
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function createMapsRepo(db: Db) {
  const selectMaps = db.prepare<[], MapRow>('SELECT * FROM maps ORDER BY display_name COLLATE NOCASE, id');
  const selectMap = db.prepare<[string], MapRow>('SELECT * FROM maps WHERE id = ?');
  const insertMap = db.prepare(
    `INSERT INTO maps (id, display_name, image_url, workshop_id, enabled, created_at, updated_at)
     VALUES (@id, @displayName, @imageUrl, @workshopId, @enabled, @now, @now)`,
  );
  const updateMap = db.prepare(
    `UPDATE maps SET display_name = @displayName, image_url = @imageUrl, workshop_id = @workshopId,
       enabled = @enabled, updated_at = @now WHERE id = @id`,
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
    'INSERT INTO map_pools (name, is_default, created_at, updated_at) VALUES (?, ?, ?, ?)',
  );
  const updatePool = db.prepare('UPDATE map_pools SET name = ?, updated_at = ? WHERE id = ?');
  const deletePoolMaps = db.prepare('DELETE FROM map_pool_maps WHERE pool_id = ?');
  const insertPoolMap = db.prepare('INSERT INTO map_pool_maps (pool_id, map_id, position) VALUES (?, ?, ?)');
  const deletePool = db.prepare('DELETE FROM map_pools WHERE id = ?');

  const toPool = (r: PoolRow): MapPool => ({
    id: r.id,
    name: r.name,
    mapIds: selectPoolMaps.all(r.id).map((m) => m.map_id),
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
    now,
  });

  return {
    listMaps: () => selectMaps.all().map(toMap),
    getMap: (id: string) => {
      const row = selectMap.get(id);
      return row ? toMap(row) : undefined;
    },
    insertMap: (m: Omit<GameMap, 'createdAt' | 'updatedAt'>, now: number) => insertMap.run(mapParams(m, now)),
    updateMap: (m: GameMap, now: number) => updateMap.run(mapParams(m, now)),
    deleteMap: (id: string) => deleteMap.run(id).changes > 0,

    listPools: () => selectPools.all().map(toPool),
    getPool: (id: number) => {
      const row = selectPool.get(id);
      return row ? toPool(row) : undefined;
    },
    defaultPool: () => {
      const row = selectDefaultPool.get();
      return row ? toPool(row) : undefined;
    },
    poolNameTaken: (name: string, exceptId?: number) => {
      const row = selectPoolByName.get(name);
      return row !== undefined && row.id !== exceptId;
    },
    insertPool: (name: string, isDefault: boolean, now: number) =>
      Number(insertPool.run(name, isDefault ? 1 : 0, now, now).lastInsertRowid),
    renamePool: (id: number, name: string, now: number) => updatePool.run(name, now, id),
    replacePoolMaps(poolId: number, mapIds: readonly string[]) {
      deletePoolMaps.run(poolId);
      mapIds.forEach((mapId, i) => insertPoolMap.run(poolId, mapId, i));
    },
    deletePool: (id: number) => deletePool.run(id).changes > 0,
  };
}
