import fs from 'node:fs';
import path from 'node:path';
import { appRoot } from '../../app-root.js';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { runBatch } from '../../http/batch.js';
import {
  createMapSchema,
  type CreateMap,
  type GameMap,
  type MapPool,
  type MapPoolInput,
  type UpdateMap,
} from '../../../shared/contracts/maps.js';
import type { ErrorDetail } from '../../../shared/contracts/errors.js';
import { VETO_POOL_SIZE } from '../../../shared/domain/tournament-rules.js';

interface DefaultMaps {
  poolName: string;
  maps: { id: string; displayName: string }[];
}

/** The shipped default pool: no internet is needed on first start. */
function readDefaultMaps(): DefaultMaps {
  const file = path.join(appRoot(), 'resources/app/default-maps.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DefaultMaps;
}

export function createMapsService(ctx: AppContext) {
  const repo = ctx.repos.maps;

  function getMap(id: string): GameMap {
    const map = repo.getMap(id);
    if (!map) {
      throw notFound(`Map "${id}"`);
    }
    return map;
  }

  function getPool(id: number): MapPool {
    const pool = repo.getPool(id);
    if (!pool) {
      throw notFound(`Map pool ${id}`);
    }
    return pool;
  }

  const createMap = (input: CreateMap): GameMap => {
    const now = ctx.clock.now();
    ctx.db.transaction(() => {
      if (repo.getMap(input.id)) {
        throw new AppError('ALREADY_EXISTS', 409, `Map "${input.id}" already exists.`);
      }
      repo.insertMap(
        { ...input, imageUrl: input.imageUrl ?? null, workshopId: input.workshopId ?? null },
        now,
      );
    })();
    return getMap(input.id);
  };

  /** Every map id of a pool must exist; the error names each unknown one. */
  function assertMapsExist(mapIds: readonly string[], field = 'mapIds'): void {
    const unknown = mapIds.map((id, i) => ({ id, i })).filter(({ id }) => !repo.getMap(id));
    if (unknown.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        400,
        `Unknown map ids: ${unknown.map((u) => u.id).join(', ')}. Add the maps first.`,
        unknown.map(({ id, i }) => ({ path: `${field}.${i}`, message: `unknown map "${id}"` })),
      );
    }
  }

  /**
   * What is wrong with a stage's or round's pool (API.md decision 31): unknown or disabled maps and,
   * with a veto, a size other than 7; each detail names `path`.
   */
  function poolProblems(mapIds: readonly string[], path: string, veto: boolean): ErrorDetail[] {
    const problems: ErrorDetail[] = mapIds.flatMap((id, i) => {
      const map = repo.getMap(id);
      const problem = !map ? `unknown map "${id}"` : !map.enabled ? `map "${id}" is disabled` : null;
      return problem ? [{ path: `${path}.${i}`, message: problem }] : [];
    });
    if (veto && mapIds.length !== VETO_POOL_SIZE) {
      problems.push({ path, message: `a veto needs exactly ${VETO_POOL_SIZE} maps; has ${mapIds.length}` });
    }
    return problems;
  }

  function assertPoolNameFree(name: string, exceptId?: number): void {
    if (repo.poolNameTaken(name, exceptId)) {
      throw new AppError('ALREADY_EXISTS', 409, `A map pool named "${name}" already exists.`);
    }
  }

  return {
    listMaps: () => repo.listMaps(),
    getMap,
    createMap,
    importMaps: (items: readonly unknown[]) => runBatch(items, createMapSchema, 'id', createMap),

    updateMap(id: string, patch: UpdateMap): GameMap {
      const now = ctx.clock.now();
      ctx.db.transaction(() => repo.updateMap({ ...getMap(id), ...patch }, now))();
      return getMap(id);
    },

    deleteMap(id: string): void {
      ctx.db.transaction(() => {
        getMap(id);
        const pools = repo.listPools().filter((p) => p.mapIds.includes(id));
        if (pools.length > 0) {
          throw new AppError(
            'CONFLICT',
            409,
            `Map "${id}" is in the pool(s) ${pools.map((p) => `"${p.name}"`).join(', ')}; remove it there first.`,
          );
        }
        repo.deleteMap(id);
      })();
    },

    listPools: () => repo.listPools(),
    getPool,
    assertMapsExist,
    poolProblems,
    /** The map ids of the default pool (the veto pool when none is chosen). */
    defaultPoolMapIds: (): string[] => repo.defaultPool()?.mapIds ?? [],

    createPool(input: MapPoolInput): MapPool {
      const now = ctx.clock.now();
      const id = ctx.db.transaction(() => {
        assertMapsExist(input.mapIds);
        assertPoolNameFree(input.name);
        const poolId = repo.insertPool(input.name, false, now);
        repo.replacePoolMaps(poolId, input.mapIds);
        return poolId;
      })();
      return getPool(id);
    },

    updatePool(id: number, input: MapPoolInput): MapPool {
      const now = ctx.clock.now();
      ctx.db.transaction(() => {
        getPool(id);
        assertMapsExist(input.mapIds);
        assertPoolNameFree(input.name, id);
        repo.renamePool(id, input.name, now);
        repo.replacePoolMaps(id, input.mapIds);
      })();
      return getPool(id);
    },

    deletePool(id: number): void {
      if (getPool(id).isDefault) {
        throw new AppError('CONFLICT', 409, 'The default map pool cannot be deleted; edit it instead.');
      }
      repo.deletePool(id);
    },

    /** First start: the shipped maps and the default pool, with no internet needed. Idempotent. */
    seedDefaults(): void {
      if (repo.defaultPool()) {
        return;
      }
      const defaults = readDefaultMaps();
      const now = ctx.clock.now();
      ctx.db.transaction(() => {
        for (const map of defaults.maps) {
          if (!repo.getMap(map.id)) {
            repo.insertMap({ ...map, imageUrl: null, workshopId: null, enabled: true }, now);
          }
        }
        const poolId = repo.insertPool(defaults.poolName, true, now);
        repo.replacePoolMaps(
          poolId,
          defaults.maps.map((m) => m.id),
        );
      })();
    },
  };
}

export type MapsService = ReturnType<typeof createMapsService>;
