import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { PluginEvent } from '../../../shared/contracts/plugin-events.js';
import type { LivePayload } from '../../../shared/contracts/live.js';
import type { PluginEventsRepo } from './repo.js';

/**
 * Step 2 of an event's way: every event is stored raw, keyed by the hash of its bytes, before it is
 * applied; the plugin retries identical bodies (possibly hours late), so a stored hash is a duplicate.
 */
export function createEventLog(ctx: Pick<AppContext, 'clock'>, repo: PluginEventsRepo) {
  return {
    hashOf: (raw: Buffer) => createHash('sha256').update(raw).digest('hex'),
    isDuplicate: (bodyHash: string) => repo.isStored(bodyHash),
    /** Stores the event with what was done with it; answers the event monitor's line. */
    store(
      bodyHash: string,
      raw: Buffer,
      e: PluginEvent,
      sender: string | undefined,
      outcome: string,
      matchSlug: string | null,
    ): LivePayload {
      const receivedAt = ctx.clock.now();
      repo.store({
        bodyHash,
        event: e.event,
        matchid: e.matchid ?? null,
        mapNumber: e.map_number ?? null,
        sender: sender ?? null,
        matchSlug,
        body: raw.toString('utf8'),
        receivedAt,
        outcome,
      });
      const { event, matchid = null } = e;
      return { topic: 'plugin.event', event, matchid, sender: sender ?? null, outcome, receivedAt };
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
