import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { PluginEvent } from '../../../shared/contracts/plugin-events.js';
import type { LivePayload } from '../../../shared/contracts/live.js';
import { APPLIED } from './apply-to-match.js';
import type { Delivery, PluginEventsRepo } from './repo.js';

/**
 * Step 2 of an event's way: every delivery is stored raw before it is applied (ARCHITECTURE.md).
 * Nothing on the wire tells a retry from a new identical event (PROTOCOL.md 3.1.1: no id, no sequence;
 * a retry re-sends the same bytes, and two equal pauses or a replayed round send the same bytes too),
 * so none is dropped: same bytes as an earlier delivery are only noted, and applying decides.
 */
export function createEventLog(ctx: Pick<AppContext, 'clock'>, repo: PluginEventsRepo) {
  return {
    hashOf: (raw: Buffer) => createHash('sha256').update(raw).digest('hex'),
    /** Same bytes were stored before: a retry, or the same fact again (for the log, never to drop it). */
    isRepeat: (bodyHash: string) => repo.isStored(bodyHash),
    /** The first delivery of these bytes, if they came before. */
    firstDelivery: (bodyHash: string) => repo.firstDelivery(bodyHash),
    /** The delivery that began the match's current pause (its last applied match_paused). */
    pauseStart: (slug: string) => repo.pauseStart(slug, APPLIED),
    /** Stores the event with what was done with it; answers the event monitor's line. */
    async store(
      bodyHash: string,
      raw: Buffer,
      e: PluginEvent,
      sender: string | undefined,
      outcome: string,
      matchSlug: string | null,
    ): Promise<LivePayload> {
      const receivedAt = ctx.clock.now();
      await repo.store({
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

/**
 * The one event whose bytes name the fact: a match_paused carries its pause_time, so the same bytes
 * again are a retry of a pause already applied (a new pause has a new time, PROTOCOL.md 3.1.1) and must
 * not pause the match again after its unpause. Answers why it is not applied, or undefined.
 */
export function retriedPause(e: PluginEvent, repeat: boolean): string | undefined {
  return e.event === 'match_paused' && repeat
    ? `a retry of the pause of ${String(e.pause_time)}, already applied`
    : undefined;
}

/** Seconds a pause's start and an unpause's arrival may be off by (whole-second times, delivery lag). */
const UNPAUSE_SLACK_S = 2;

/**
 * A `match_unpaused` ends the pause it was sent for; its bytes name no pause (a retry re-sends them,
 * and two pauses of one length send the same ones, PROTOCOL.md 3.1.1). So a delivery whose bytes
 * first reached Matchday before the current pause began, arriving before that pause can have lasted
 * its `pause_duration`, is a retry of an earlier unpause and must not end this pause. The same bytes
 * once the pause has lasted that long are its own unpause. Answers why it is not applied, or undefined.
 */
export function retriedUnpause(
  e: PluginEvent,
  first: Delivery | undefined,
  pauseStart: Delivery | undefined,
  receivedAt: number,
): string | undefined {
  const duration = Number(e.pause_duration);
  if (
    e.event !== 'match_unpaused' ||
    first === undefined ||
    pauseStart === undefined ||
    first.id > pauseStart.id ||
    !Number.isFinite(duration) ||
    receivedAt - pauseStart.receivedAt + UNPAUSE_SLACK_S >= duration
  ) {
    return undefined;
  }
  return `a retry of an unpause received before the current pause began (which has not lasted ${duration} s)`;
}
