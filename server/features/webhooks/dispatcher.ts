import { setMaxListeners } from 'node:events';
import type { AppContext } from '../../context.js';
import { systemResolver } from '../../net/resolver.js';
import { retryDelay } from '../../../shared/domain/webhook-events.js';
import type { DeliveryRecord, StoredWebhook, WebhooksRepo } from './repo.js';
import { sendWebhook, type OutboundResult } from './sender.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';

/** Deliveries sent at once per round. */
const ROUND_SIZE = 64;
/** How often the job looks for deliveries that came due (their times are in the database). */
const POLL_MS = 1000;

export interface DispatcherDeps {
  repo: WebhooksRepo;
  allowPrivate(): boolean;
  /** Runs first in every round: held score updates whose time came are queued. */
  beforeRound(now: number): Promise<void>;
  /** An endpoint whose last retry failed was turned off; the cached endpoint list is stale. */
  endpointsChanged(): void;
}

const succeeded = (r: OutboundResult) => r.error === null && r.statusCode !== null;

/**
 * The outbox job: sends due deliveries, records every attempt, schedules the retries and turns an
 * endpoint off after the last one. All times come from the database and `ctx.clock`, so a restart
 * picks up where the last run stopped (a delivery cut off by the stop is sent again).
 */
export function createDispatcher(ctx: AppContext, deps: DispatcherDeps) {
  const { repo } = deps;
  const inFlight = new Set<number>();
  // Made at each start: the leader's dispatcher stops when leadership moves and may start again later.
  let stopController: AbortController | undefined;
  let chain: Promise<void> = Promise.resolve();
  let queued = 0;
  let nudged = false;
  let timer: NodeJS.Timeout | undefined;

  const running = () => stopController !== undefined && !stopController.signal.aborted;

  async function disable(
    endpoint: StoredWebhook,
    delivery: DeliveryRecord,
    result: OutboundResult,
    now: number,
  ): Promise<void> {
    const notice =
      `Turned off at ${new Date(now * 1000).toISOString()}: event ${delivery.eventId} (${delivery.type}) ` +
      `failed ${delivery.attempts + 1} times; last error: ${result.error}.`;
    await repo.saveEndpoint({ ...endpoint, enabled: false, notice, disabledAt: now }, now);
    ctx.logger.warn({ module: 'webhooks', endpoint: endpoint.id, url: endpoint.url }, notice);
    deps.endpointsChanged();
  }

  async function record(
    delivery: DeliveryRecord,
    endpoint: StoredWebhook,
    result: OutboundResult,
  ): Promise<void> {
    const now = ctx.clock.now();
    await ctx.sql.tx(async () => {
      await repo.insertAttempt({ deliveryId: delivery.id, attemptedAt: now, ...result });
      if (succeeded(result)) {
        await repo.markDelivered(delivery.id, now);
        return;
      }
      const delay = retryDelay(delivery.attempts + 1);
      if (delay !== null) {
        await repo.markRetry(delivery.id, now + delay);
        return;
      }
      await repo.markFailed(delivery.id);
      await disable(endpoint, delivery, result, now);
    });
  }

  async function attempt(delivery: DeliveryRecord, signal: AbortSignal): Promise<void> {
    const endpoint = await repo.endpoint(delivery.endpointId);
    if (!endpoint) {
      return;
    }
    inFlight.add(delivery.id);
    try {
      const result = await sendWebhook({
        url: endpoint.url,
        body: delivery.body,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': `Matchday/${ctx.version}`,
          'X-Service-Event': delivery.type,
          'X-Service-Delivery': String(delivery.id),
          [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, ctx.clock.now(), delivery.body),
        },
        allowPrivate: deps.allowPrivate(),
        resolve: ctx.resolveHost ?? systemResolver,
        signal,
      });
      if (!signal.aborted) {
        await record(delivery, endpoint, result);
      }
    } finally {
      inFlight.delete(delivery.id);
    }
  }

  async function drain(): Promise<void> {
    while (running()) {
      const signal = stopController!.signal;
      const now = ctx.clock.now();
      await deps.beforeRound(now);
      const due = (await repo.due(now, ROUND_SIZE)).filter((d) => !inFlight.has(d.id));
      if (due.length === 0) {
        return;
      }
      await Promise.all(due.map((d) => attempt(d, signal)));
    }
  }

  /** Sends everything due now, round after round, and resolves when nothing due is left. */
  function runDue(): Promise<void> {
    queued += 1;
    const run = async () => {
      try {
        await drain();
      } catch (err) {
        ctx.logger.error({ module: 'webhooks', err }, 'the webhook dispatcher failed a round');
      } finally {
        queued -= 1;
      }
    };
    // Never inside the caller's transaction: a round's writes are transactions of their own.
    chain = ctx.sql.detached(() => chain.then(run));
    return chain;
  }

  /** Runs a round soon unless one is already waiting (after the change's transaction committed). */
  function nudge(): void {
    ctx.sql.afterCommit(() => {
      if (nudged || queued > 0 || !running()) {
        return;
      }
      nudged = true;
      setImmediate(() => {
        nudged = false;
        void runDue();
      });
    });
  }

  return {
    runDue,
    nudge,
    start(): void {
      if (!running()) {
        stopController = new AbortController();
        // Every delivery of a round listens for the stop.
        setMaxListeners(ROUND_SIZE * 2, stopController.signal);
      }
      timer ??= setInterval(() => {
        if (queued === 0) {
          void runDue();
        }
      }, POLL_MS);
      timer.unref();
      nudge();
    },
    /** Stops sending; deliveries cut off stay pending in the outbox. */
    stop(): void {
      clearInterval(timer);
      timer = undefined;
      stopController?.abort();
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;
