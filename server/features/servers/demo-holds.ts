import type { AppContext } from '../../context.js';
import { holdAfterMapEnd, holdWhileUploading } from '../../../shared/domain/server-availability.js';
import type { ServerCore } from './service.js';

/** A server held after a map ends until its demo upload reports back, or freed when that never comes. */
export function createDemoHolds(
  ctx: Pick<AppContext, 'repos' | 'clock' | 'logger'>,
  core: Pick<ServerCore, 'announce'>,
) {
  const repo = ctx.repos.servers;
  const { announce } = core;

  function releaseHold(id: string): void {
    repo.patchPluginState(id, { demoHoldUntil: null, demoHoldMatch: null, demoHoldUploading: false });
    announce(id);
  }

  return {
    /** A map ended on the server with demo recording on: hold it until the upload reports back. */
    holdForDemo(id: string, matchSlug: string, tvDelaySeconds: number): void {
      repo.patchPluginState(id, {
        demoHoldUntil: holdAfterMapEnd(ctx.clock.now(), tvDelaySeconds),
        demoHoldMatch: matchSlug,
        demoHoldUploading: false,
      });
      announce(id);
    },
    demoUploadStarted(id: string, matchSlug: string): void {
      repo.patchPluginState(id, {
        demoHoldUntil: holdWhileUploading(ctx.clock.now()),
        demoHoldMatch: matchSlug,
        demoHoldUploading: true,
      });
      announce(id);
    },
    demoUploadReported: releaseHold,
    /** Frees a server held for a demo (the upload reported back, or its match is gone). */
    releaseHold,

    /**
     * Lets go of servers whose demo never reported back in time. The deadlines are stored, so a
     * restart in between changes nothing; the warning is logged once, when the hold is cleared.
     */
    releaseExpiredHolds(): string[] {
      const now = ctx.clock.now();
      const released: string[] = [];
      for (const server of repo.list()) {
        if (server.demoHoldUntil !== null && server.demoHoldUntil <= now) {
          ctx.logger.warn(
            { module: 'servers', server: server.id, match: server.demoHoldMatch },
            server.demoHoldUploading
              ? 'a demo upload ran longer than 15 minutes; the server is freed without it'
              : 'a demo upload never reported back; the server is freed without it',
          );
          repo.patchPluginState(server.id, {
            demoHoldUntil: null,
            demoHoldMatch: null,
            demoHoldUploading: false,
          });
          released.push(server.id);
          announce(server.id);
        }
      }
      return released;
    },
  };
}
