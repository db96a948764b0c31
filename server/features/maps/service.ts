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
import { MAPS_IN_SERIES, VETO_POOL_SIZE } from '../../../shared/domain/tournament-rules.js';
import type { MatchFormat } from '../../../shared/contracts/matches.js';

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

  async function getMap(id: string): Promise<GameMap> {
    const map = await repo.getMap(id);
    if (!map) {
      throw notFound(`Map "${id}"`);
    }
    return map;
  }

  async function getPool(id: number): Promise<MapPool> {
    const pool = await repo.getPool(id);
    if (!pool) {
      throw notFound(`Map pool ${id}`);
    }
    return pool;
  }

  const createMap = async (input: CreateMap): Promise<GameMap> => {
    const now = ctx.clock.now();
    await ctx.sql.tx(async () => {
      if (await repo.getMap(input.id)) {
        throw new AppError('ALREADY_EXISTS', 409, `Map "${input.id}" already exists.`);
      }
      await repo.insertMap(
        { ...input, imageUrl: input.imageUrl ?? null, workshopId: input.workshopId ?? null },
        now,
      );
    });
    return getMap(input.id);
  };

  /** Every map id of a pool must exist; the error names each unknown one. */
  async function assertMapsExist(mapIds: readonly string[], field = 'mapIds'): Promise<void> {
    const unknown: { id: string; i: number }[] = [];
    for (const [i, id] of mapIds.entries()) {
      if (!(await repo.getMap(id))) {
        unknown.push({ id, i });
      }
    }
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
  async function poolProblems(
    mapIds: readonly string[],
    path: string,
    veto: boolean,
    /** The best-of the pool is for: a pool exactly that large plays in order without a veto (decision 78). */
    format?: MatchFormat,
  ): Promise<ErrorDetail[]> {
    const problems: ErrorDetail[] = [];
    for (const [i, id] of mapIds.entries()) {
      const map = await repo.getMap(id);
      const problem = !map ? `unknown map "${id}"` : !map.enabled ? `map "${id}" is disabled` : null;
      if (problem) {
        problems.push({ path: `${path}.${i}`, message: problem });
      }
    }
    const playedInOrder = format !== undefined && mapIds.length === MAPS_IN_SERIES[format];
    if (veto && mapIds.length !== VETO_POOL_SIZE && !playedInOrder) {
      problems.push({ path, message: `a veto needs exactly ${VETO_POOL_SIZE} maps; has ${mapIds.length}` });
    }
    return problems;
  }

  async function assertPoolNameFree(name: string, exceptId?: number): Promise<void> {
    if (await repo.poolNameTaken(name, exceptId)) {
      throw new AppError('ALREADY_EXISTS', 409, `A map pool named "${name}" already exists.`);
    }
  }

  return {
    listMaps: () => repo.listMaps(),
    getMap,
    createMap,
    importMaps: (items: readonly unknown[]) => runBatch(items, createMapSchema, 'id', createMap),

    async updateMap(id: string, patch: UpdateMap): Promise<GameMap> {
      const now = ctx.clock.now();
      await ctx.sql.tx(async () => repo.updateMap({ ...(await getMap(id)), ...patch }, now));
      return getMap(id);
    },

    async deleteMap(id: string): Promise<void> {
      await ctx.sql.tx(async () => {
        await getMap(id);
        const pools = (await repo.listPools()).filter((p) => p.mapIds.includes(id));
        if (pools.length > 0) {
          throw new AppError(
            'CONFLICT',
            409,
            `Map "${id}" is in the pool(s) ${pools.map((p) => `"${p.name}"`).join(', ')}; remove it there first.`,
          );
        }
        await repo.deleteMap(id);
      });
    },

    listPools: () => repo.listPools(),
    getPool,
    assertMapsExist,
    poolProblems,
    /** The modes a map is played in; undefined for an unknown map (checked elsewhere). */
    modesOf: async (id: string) => (await repo.getMap(id))?.modes,
    /** The map ids of the default pool (the veto pool when none is chosen). */
    defaultPoolMapIds: async (): Promise<string[]> => (await repo.defaultPool())?.mapIds ?? [],

    async createPool(input: MapPoolInput): Promise<MapPool> {
      const now = ctx.clock.now();
      const id = await ctx.sql.tx(async () => {
        await assertMapsExist(input.mapIds);
        await assertPoolNameFree(input.name);
        const poolId = await repo.insertPool(input.name, false, now);
        await repo.replacePoolMaps(poolId, input.mapIds);
        return poolId;
      });
      return getPool(id);
    },

    async updatePool(id: number, input: MapPoolInput): Promise<MapPool> {
      const now = ctx.clock.now();
      await ctx.sql.tx(async () => {
        await getPool(id);
        await assertMapsExist(input.mapIds);
        await assertPoolNameFree(input.name, id);
        await repo.renamePool(id, input.name, now);
        await repo.replacePoolMaps(id, input.mapIds);
      });
      return getPool(id);
    },

    async deletePool(id: number): Promise<void> {
      if ((await getPool(id)).isDefault) {
        throw new AppError('CONFLICT', 409, 'The default map pool cannot be deleted; edit it instead.');
      }
      await repo.deletePool(id);
    },

    /**
     * First start: the shipped maps and the default pool, with no internet needed. Idempotent, and
     * checked inside the write so instances starting together seed once.
     */
    async seedDefaults(): Promise<void> {
      const defaults = readDefaultMaps();
      const now = ctx.clock.now();
      await ctx.sql.tx(async () => {
        if (await repo.defaultPool()) {
          return;
        }
        for (const map of defaults.maps) {
          if (!(await repo.getMap(map.id))) {
            await repo.insertMap(
              { ...map, imageUrl: null, workshopId: null, enabled: true, modes: ['competitive'] },
              now,
            );
          }
        }
        const poolId = await repo.insertPool(defaults.poolName, true, now);
        await repo.replacePoolMaps(
          poolId,
          defaults.maps.map((m) => m.id),
        );
      });
    },
  };
}

export type MapsService = ReturnType<typeof createMapsService>;
