import { AppError } from '../../errors.js';
import type { MatchRecord } from '../matches/index.js';
import type { ServersService } from '../servers/index.js';
import type { BulkResult } from '../../../shared/contracts/servers.js';

/** Bulk controls: one admin action on the match of each of several servers. */

/** Admin actions that can run on the matches of several servers at once. */
export const BULK_ACTIONS = [
  'pause',
  'unpause',
  'swap-teams',
  'restart-round',
  'restore-backup',
  'add-time',
  'broadcast',
  'end-warmup',
  'end-match',
  'restart',
  'force-cancel',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export interface BulkRequest {
  serverIds: readonly string[];
  action: BulkAction;
  message?: string;
  seconds?: number;
  round?: number;
}

export type { BulkResult };

type BulkControls = Record<
  'pause' | 'unpause' | 'swapTeams' | 'restartRound' | 'endWarmup' | 'endMatch' | 'restart' | 'forceCancel',
  (slug: string) => Promise<MatchRecord>
> & {
  restoreBackup(slug: string, round: number): Promise<MatchRecord>;
  addTime(slug: string, seconds: number): Promise<MatchRecord>;
  broadcast(slug: string, message: string): Promise<MatchRecord>;
};

/** One bulk action on one match; the action's own fields are checked here (400 when missing). */
function runBulk(
  controls: BulkControls,
  action: BulkAction,
  slug: string,
  b: BulkRequest,
): Promise<MatchRecord> {
  const need = <T>(value: T | undefined, field: string): T => {
    if (value === undefined) {
      throw new AppError('VALIDATION_FAILED', 400, `The action ${action} needs "${field}".`);
    }
    return value;
  };
  switch (action) {
    case 'pause':
      return controls.pause(slug);
    case 'unpause':
      return controls.unpause(slug);
    case 'swap-teams':
      return controls.swapTeams(slug);
    case 'restart-round':
      return controls.restartRound(slug);
    case 'restore-backup':
      return controls.restoreBackup(slug, need(b.round, 'round'));
    case 'add-time':
      return controls.addTime(slug, need(b.seconds, 'seconds'));
    case 'broadcast':
      return controls.broadcast(slug, need(b.message, 'message'));
    case 'end-warmup':
      return controls.endWarmup(slug);
    case 'end-match':
      return controls.endMatch(slug);
    case 'restart':
      return controls.restart(slug);
    case 'force-cancel':
      return controls.forceCancel(slug);
  }
}

/** Runs `request` on each server's loaded or live match in turn; a failure is its row, the others still run. */
export async function runOnServers(
  controls: BulkControls,
  servers: Pick<ServersService, 'get'>,
  request: BulkRequest,
): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const serverId of request.serverIds) {
    let matchSlug: string | null = null;
    try {
      matchSlug = (await servers.get(serverId)).availability.activeMatch;
      if (matchSlug === null) {
        throw new AppError('INVALID_STATE', 422, `Server ${serverId} has no loaded or live match.`);
      }
      await runBulk(controls, request.action, matchSlug, request);
      results.push({ serverId, ok: true, matchSlug });
    } catch (err) {
      const e = err instanceof AppError ? err : new AppError('INTERNAL', 500, (err as Error).message);
      results.push({ serverId, ok: false, matchSlug, code: e.code, error: e.message });
    }
  }
  return results;
}
