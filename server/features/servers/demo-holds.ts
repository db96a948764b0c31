import type { AppContext } from '../../context.js';
import {
  holdAfterMapEnd,
  holdAfterUploadStart,
  holdWhileReceiving,
} from '../../../shared/domain/server-availability.js';
import type { ServersRepo } from './repo.js';

/**
 * How a map's demo holds its server (spec, Server freeing): from the map end until the upload
 * reports back, about 5 minutes when it never does, up to 15 while its bytes keep arriving. The
 * deadlines are stored, so a restart in between changes nothing.
 */
export function createDemoHolds(
  ctx: Pick<AppContext, 'clock' | 'logger'>,
  repo: Pick<ServersRepo, 'get' | 'list' | 'patchPluginState'>,
  announce: (serverId: string) => void,
) {
  /** Frees a server held for a demo (the upload reported back, or its match is gone). */
  async function releaseHold(id: string): Promise<void> {
    await repo.patchPluginState(id, { demoHoldUntil: null, demoHoldMatch: null, demoHoldUploading: false });
    announce(id);
  }

  return {
    releaseHold,
    demoUploadReported: releaseHold,

    /** A map ended on the server with demo recording on: hold it until the upload reports back. */
    async holdForDemo(id: string, matchSlug: string, tvDelaySeconds: number): Promise<void> {
      await repo.patchPluginState(id, {
        demoHoldUntil: holdAfterMapEnd(ctx.clock.now(), tvDelaySeconds),
        demoHoldMatch: matchSlug,
        demoHoldUploading: false,
      });
      announce(id);
    },

    async demoUploadStarted(id: string, matchSlug: string): Promise<void> {
      const current = await repo.get(id);
      await repo.patchPluginState(id, {
        demoHoldUntil: holdAfterUploadStart(
          ctx.clock.now(),
          current?.demoHoldMatch === matchSlug ? current.demoHoldUntil : null,
        ),
        demoHoldMatch: matchSlug,
        demoHoldUploading: true,
      });
      announce(id);
    },

    /** Demo bytes of `matchSlug` keep arriving: the server holding that demo stays held (at most 15 min). */
    async demoBytesArriving(matchSlug: string, firstByteAt: number): Promise<void> {
      for (const server of await repo.list()) {
        if (server.demoHoldMatch === matchSlug && server.demoHoldUntil !== null) {
          await repo.patchPluginState(server.id, {
            demoHoldUntil: holdWhileReceiving(ctx.clock.now(), firstByteAt, server.demoHoldUntil),
          });
        }
      }
    },

    /**
     * A force-cancelled match frees its server at once, even offline: the plugin's last status is
     * forgotten until it reports again, and no demo of the cancelled match holds it.
     */
    async freeAfterCancel(id: string): Promise<void> {
      await repo.patchPluginState(id, {
        pluginStatus: null,
        demoHoldUntil: null,
        demoHoldMatch: null,
        demoHoldUploading: false,
      });
      announce(id);
    },

    /** Lets go of servers whose demo never reported back in time; the warning is logged once. */
    async releaseExpiredHolds(): Promise<string[]> {
      const now = ctx.clock.now();
      const released: string[] = [];
      for (const server of await repo.list()) {
        if (server.demoHoldUntil !== null && server.demoHoldUntil <= now) {
          ctx.logger.warn(
            { module: 'servers', server: server.id, match: server.demoHoldMatch },
            server.demoHoldUploading
              ? 'a demo upload started but never reported back in time; the server is freed without it'
              : 'a demo upload never reported back; the server is freed without it',
          );
          await releaseHold(server.id);
          released.push(server.id);
        }
      }
      return released;
    },
  };
}
