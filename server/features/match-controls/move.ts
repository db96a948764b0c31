import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { loadBackupFromUrlCommand } from '../../integrations/plugin/commands.js';
import { movedItemKey } from '../../../shared/domain/attention.js';
import type { AttentionService } from '../attention/index.js';
import type { LoadingService } from '../loading/index.js';
import { assertAllowed, type MatchRecord, type MatchWriter } from '../matches/index.js';
import type { RoundBackupsService } from '../round-backups/index.js';
import type { ServersService } from '../servers/index.js';
import type { EmitMatchEvent } from '../webhooks/index.js';

export interface MoveDeps {
  servers: Pick<ServersService, 'list' | 'record' | 'run' | 'markFailed'>;
  loading: Pick<LoadingService, 'loadMatch' | 'currentLoad'>;
  roundBackups: Pick<RoundBackupsService, 'list'>;
  emitMatchEvent: EmitMatchEvent;
  matchWriter: Pick<MatchWriter, 'transition'>;
  /** A done move goes to the organiser's queue (API.md decision 64); a waiting one is swept there. */
  attention: Pick<AttentionService, 'raise'>;
  /** Ends the match on its old server without waiting for an answer (it may be gone). */
  stopOnServer(serverId: string): void;
}

export interface MoveRequest {
  serverId?: string;
  /** Rounds played when the backup was written (as `GET /api/matches/:slug/backups` lists them). */
  round?: number;
  /** Who asked, for the log. */
  actor: string;
}

export interface MoveAnswer {
  match: MatchRecord;
  from: string;
  to: string;
  mapNumber: number;
  /** The round the current map goes on from; null when no backup of it was stored (it starts over). */
  round: number | null;
  message: string;
}

/** How long the new server may take to fetch the config before the restore is given up. */
const CONFIG_FETCH_WAIT_MS = 60_000;
const CONFIG_FETCH_POLL_MS = 250;

/**
 * Move a match (API.md decision 55): the match leaves its server and is loaded on another one; once
 * that server fetched the config, the current map is restored there from the stored round backup
 * with the plugin's load-backup-from-URL command. Finished maps stay finished.
 */
export function createMatchMove(ctx: AppContext, deps: MoveDeps) {
  const matches = ctx.repos.matches;
  const log = ctx.logger.child({ module: 'match-controls' });

  async function targetServer(match: MatchRecord, wanted: string | undefined): Promise<string> {
    const free = (await deps.servers.list()).filter((s) => s.availability.free && s.id !== match.serverId);
    if (wanted !== undefined) {
      await deps.servers.record(wanted);
      if (wanted === match.serverId) {
        throw new AppError('CONFLICT', 409, `Match "${match.slug}" is already on server ${wanted}.`);
      }
      if (!free.some((s) => s.id === wanted)) {
        throw new AppError('NO_FREE_SERVER', 409, `Server ${wanted} is not free; choose a free one.`);
      }
      return wanted;
    }
    const first = free[0];
    if (!first) {
      throw new AppError(
        'NO_FREE_SERVER',
        409,
        `No server is free to take match "${match.slug}": it waits with moving: true and moves as soon as one frees.`,
      );
    }
    return first.id;
  }

  /**
   * No server free: the match waits, ahead of every queued match, and moves when one frees
   * (`retryWaiting`). Hook point for the attention queue's "move waiting" item (decision 64): a match
   * with `moving: true`.
   */
  async function wait(match: MatchRecord, round: number | undefined): Promise<void> {
    await ctx.sql.tx(async () => {
      const current = (await matches.get(match.slug)) ?? match;
      await deps.matchWriter.transition(current, [], { moving: true, moveRound: round ?? null });
    });
    ctx.live.matches(match.slug);
    log.info({ match: match.slug }, 'the move waits for a free server');
  }

  /** The backup to restore: the one asked for (404 when not stored), else the newest of the current map. */
  async function chosenRound(slug: string, mapNumber: number, wanted: number | undefined) {
    const ofMap = (await deps.roundBackups.list(slug)).filter((b) => b.mapNumber === mapNumber);
    if (wanted === undefined) {
      return ofMap[0]?.round ?? null;
    }
    if (!ofMap.some((b) => b.round === wanted)) {
      throw notFound(`A backup of round ${wanted} of map ${mapNumber + 1} of match "${slug}"`);
    }
    return wanted;
  }

  /** Resolves once the server fetched the config of the match's open load; false when it never did. */
  async function configFetched(slug: string): Promise<boolean> {
    const deadline = Date.now() + CONFIG_FETCH_WAIT_MS;
    while (Date.now() < deadline) {
      if ((await deps.loading.currentLoad(slug))?.fetchedAt != null) {
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, CONFIG_FETCH_POLL_MS));
    }
    return false;
  }

  async function restore(slug: string, to: string, mapNumber: number, round: number): Promise<void> {
    if (!(await configFetched(slug))) {
      log.warn({ match: slug, server: to }, 'the moved match was never fetched: no backup restored');
      return;
    }
    const server = await deps.servers.record(to);
    const url = `${ctx.publicUrl}/api/matches/${encodeURIComponent(slug)}/backups/${mapNumber}/${round}`;
    await deps.servers.run(to, loadBackupFromUrlCommand(server.flavour, url, ctx.serverToken));
    log.info({ match: slug, server: to, map: mapNumber, round }, 'round backup sent to the new server');
  }

  /** Restores the backup once the server fetched the config; waits here only when it did already. */
  async function restoreOnceFetched(
    slug: string,
    to: string,
    mapNumber: number,
    round: number | null,
    confirmed: boolean,
  ): Promise<void> {
    if (round === null) {
      return;
    }
    const restoring = confirmed
      ? restore(slug, to, mapNumber, round)
      : // Waits outside the request: the new server may take its time with the config.
        ctx.sql.detached(() => restore(slug, to, mapNumber, round));
    const done = restoring.catch((err: unknown) =>
      log.warn({ match: slug, server: to, err }, 'the round backup was not restored'),
    );
    if (confirmed) {
      await done;
    }
  }

  /**
   * A lost server that came back in time (API.md decision 56): the match is loaded there again and
   * its current map restored from the newest stored backup, instead of a move.
   */
  async function reload(slug: string, actor: string): Promise<{ round: number | null }> {
    const match = await matches.get(slug);
    if (!match || match.serverId === null) {
      throw notFound(`Match "${slug}" on a server`);
    }
    const serverId = match.serverId;
    const mapNumber = match.currentMapNumber ?? 0;
    const round = await chosenRound(slug, mapNumber, undefined);
    const { confirmed } = await deps.loading.loadMatch(slug, serverId, 'move');
    log.info({ match: slug, server: serverId, map: mapNumber, round, actor }, 'match loaded again');
    await restoreOnceFetched(slug, serverId, mapNumber, round, confirmed);
    return { round };
  }

  async function move(slug: string, request: MoveRequest): Promise<MoveAnswer> {
    const match = await matches.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    assertAllowed(match, 'move');
    if (match.serverId === null) {
      throw new AppError('INVALID_STATE', 422, `Match "${slug}" is on no server; there is nothing to move.`);
    }
    const from = match.serverId;
    const mapNumber = match.currentMapNumber ?? 0;
    const round = await chosenRound(slug, mapNumber, request.round);
    let to: string;
    try {
      to = await targetServer(match, request.serverId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NO_FREE_SERVER' && request.serverId === undefined) {
        await wait(match, request.round);
      }
      throw err;
    }
    if (match.moving) {
      await ctx.sql.tx(async () => {
        await deps.matchWriter.transition((await matches.get(slug))!, [], { moving: false, moveRound: null });
      });
    }
    deps.stopOnServer(from);
    await deps.servers.markFailed(from);
    const { confirmed } = await deps.loading.loadMatch(slug, to, 'move');
    await ctx.sql.tx(async () => {
      // The old server's late events are told apart by this (API.md decision 56).
      await deps.matchWriter.transition((await matches.get(slug))!, [], { movedFrom: from });
      await deps.emitMatchEvent('match.moved', slug, {
        mapNumber,
        moved: { from, to, mapNumber, round },
      });
    });
    log.info({ match: slug, from, to, map: mapNumber, round, actor: request.actor }, 'match moved');
    await deps.attention.raise({
      kind: 'move',
      key: movedItemKey(slug, to),
      matchSlug: slug,
      serverId: to,
      message: `${match.label} was moved from ${from} to ${to} (map ${mapNumber + 1}${round === null ? ', from round 1' : `, from round ${round + 1}`}).`,
    });
    await restoreOnceFetched(slug, to, mapNumber, round, confirmed);
    return {
      match: (await matches.get(slug))!,
      from,
      to,
      mapNumber,
      round,
      message:
        round === null
          ? `Moved to ${to}. No backup of map ${mapNumber + 1} was stored: it starts from round 1 there.`
          : `Moved to ${to}. Map ${mapNumber + 1} goes on from round ${round + 1}.`,
    };
  }

  /**
   * Moves the matches whose move waits, oldest first, while servers are free: the allocation loop runs
   * it before it loads queued matches, so a waiting move is at the head of the queue.
   */
  async function retryWaiting(): Promise<void> {
    const waiting = (await matches.list())
      .filter((m) => m.moving)
      .sort((a, b) => (a.loadedAt ?? 0) - (b.loadedAt ?? 0));
    for (const match of waiting) {
      if (match.serverId === null || (match.status !== 'loaded' && match.status !== 'live')) {
        // Ended or taken off its server meanwhile: nothing to move any more.
        await ctx.sql.tx(() => deps.matchWriter.transition(match, [], { moving: false, moveRound: null }));
        continue;
      }
      const free = (await deps.servers.list()).some((s) => s.availability.free && s.id !== match.serverId);
      if (!free) {
        return;
      }
      await move(match.slug, { round: match.moveRound ?? undefined, actor: 'waiting move' }).catch(
        (err: unknown) => log.warn({ match: match.slug, err }, 'a waiting move failed'),
      );
    }
  }

  return { move, reload, retryWaiting };
}
