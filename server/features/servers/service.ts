import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import type { CreateServer, UpdateServer } from '../../../shared/contracts/servers.js';
import { createServersRepo, type ServerRecord } from './repo.js';

export type { ServerRecord };

export function createServersService(ctx: AppContext) {
  const repo = createServersRepo(ctx.db);

  /** Passwords read from the database are secrets the logger must scrub too. */
  const remember = (server: ServerRecord): ServerRecord => {
    ctx.secrets.add(server.rconPassword);
    ctx.secrets.add(server.serverPassword);
    return server;
  };

  function get(id: string): ServerRecord {
    const server = repo.get(id);
    if (!server) {
      throw notFound(`Server "${id}"`);
    }
    return remember(server);
  }

  function update(id: string, patch: UpdateServer): ServerRecord {
    const now = ctx.clock.now();
    ctx.db.transaction(() => repo.update({ ...get(id), ...patch }, now))();
    return get(id);
  }

  return {
    list: () => repo.list().map(remember),
    get,
    update,

    create(input: CreateServer): ServerRecord {
      const now = ctx.clock.now();
      ctx.db.transaction(() => {
        if (repo.get(input.id)) {
          throw new AppError('ALREADY_EXISTS', 409, `A server with id "${input.id}" already exists.`);
        }
        repo.insert(
          {
            ...input,
            gameBuildId: null,
            gameVersion: null,
            lastSeenAt: null,
            createdAt: now,
            updatedAt: now,
          },
          now,
        );
      })();
      return get(input.id);
    },

    setEnabled: (id: string, enabled: boolean): ServerRecord => update(id, { enabled }),

    delete(id: string): void {
      if (!repo.delete(id)) {
        throw notFound(`Server "${id}"`);
      }
    },
  };
}

export type ServersService = ReturnType<typeof createServersService>;
