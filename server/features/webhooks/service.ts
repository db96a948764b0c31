import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { RELOAD_CHANNEL } from '../../db/sql-port.js';
import { generateSecret } from '../../secrets.js';
import {
  WEBHOOK_EVENT_TYPES,
  type CreateWebhook,
  type Delivery,
  isTeamEvent,
  type TeamEventType,
  type UpdateWebhook,
  type Webhook,
  type WebhookEventType,
} from '../../../shared/contracts/webhooks.js';
import {
  bodyForLog,
  buildTeamWebhookBody,
  buildWebhookBody,
  CLOSING_EVENTS,
  scoreUpdateTiming,
  type WebhookAttention,
  type TeamEventInput,
  type MovedPayload,
  type WebhookEventInput,
} from '../../../shared/domain/webhook-events.js';
import type { MatchRecord } from '../matches/index.js';
import type { SettingsService } from '../settings/index.js';
import { createDispatcher } from './dispatcher.js';
import { TEST_MATCH, TEST_SERVER } from './test-event.js';
import { createPayloads } from './payload.js';
import type { DeliveryRecord, StoredWebhook } from './repo.js';

export interface MatchEventOptions {
  /** The map a map event is about; score updates and map starts use the current map. */
  mapNumber?: number;
  /** Why a match was cancelled or reset. */
  reason?: string;
  /** The item a `match.attention` announces. */
  attention?: WebhookAttention;
  /** `match.moved`: from which server to which, and the round restored. */
  moved?: MovedPayload;
}

/** What a withdrawal calls, inside its transaction (API.md decision 66). */
export type EmitTeamEvent = (
  type: TeamEventType,
  teamId: string,
  about: { tournament: { id: number; name: string } | null; reason: string },
) => Promise<void>;

/** What the match pipeline calls, inside the transaction of the change it announces. */
export type EmitMatchEvent = (
  type: WebhookEventType,
  matchSlug: string,
  options?: MatchEventOptions,
) => Promise<void>;

const publicView = ({ secret: _secret, ...webhook }: StoredWebhook): Webhook => webhook;

const newEventId = () => `evt_${randomUUID().replaceAll('-', '')}`;

export function createWebhooksService(ctx: AppContext, deps: { settings: SettingsService }) {
  const repo = ctx.repos.webhooks;
  const matches = ctx.repos.matches;

  // Every plugin event asks who listens: the endpoint list is kept until an endpoint changes (on
  // SQLite; in a cluster another instance may change one, so it is read each time).
  const cacheEndpoints = ctx.sql.dialect === 'sqlite';
  let endpointCache: StoredWebhook[] | undefined;
  const endpoints = async () =>
    cacheEndpoints ? (endpointCache ??= await repo.endpoints()) : repo.endpoints();
  const endpointsChanged = () => {
    endpointCache = undefined;
  };

  async function endpoint(id: number): Promise<StoredWebhook> {
    const found = await repo.endpoint(id);
    if (!found) {
      throw notFound(`Webhook ${id}`);
    }
    return found;
  }

  const { payloadTeam, payloadMatch, payloadServer } = createPayloads(ctx.repos);

  /** Writes one delivery per endpoint; endpoints of the same teams source share one body. */
  async function enqueue(
    event: Pick<WebhookEventInput, 'id' | 'type'> & { sequence: number },
    bodyFor: (teamsSource: string | null) => unknown,
    to: readonly StoredWebhook[],
    matchid: number | null,
  ): Promise<void> {
    const bodies = new Map<string | null, string>();
    const now = ctx.clock.now();
    for (const target of to) {
      let body = bodies.get(target.teamsSource);
      if (body === undefined) {
        body = JSON.stringify(bodyFor(target.teamsSource));
        bodies.set(target.teamsSource, body);
      }
      await repo.insertDelivery(
        {
          endpointId: target.id,
          eventId: event.id,
          type: event.type,
          matchid,
          sequence: event.sequence,
          body,
          resendOf: null,
        },
        now,
      );
    }
    dispatcher.nudge();
  }

  /** A match event to its listeners, each body built for the endpoint's teams source. */
  const enqueueMatchEvent = (
    event: WebhookEventInput,
    to: readonly StoredWebhook[],
    matchid: number | null,
  ) => enqueue(event, (source) => buildWebhookBody(event, source), to, matchid);

  /** A team event to its listeners: no match, so no sequence (API.md decision 66). */
  const enqueueTeamEvent = (event: TeamEventInput, to: readonly StoredWebhook[]) =>
    enqueue({ ...event, sequence: 0 }, (source) => buildTeamWebhookBody(event, source), to, null);

  /** Announces a team event inside the transaction of the change (a withdrawal). */
  async function emitTeamEvent(
    type: TeamEventType,
    teamId: string,
    about: Pick<TeamEventInput, 'tournament' | 'reason'>,
  ): Promise<void> {
    const listeners = (await endpoints()).filter((e) => e.enabled && e.events.includes(type));
    if (listeners.length === 0) {
      return;
    }
    const team = (await payloadTeam(teamId))!;
    await enqueueTeamEvent(
      { id: newEventId(), type, createdAt: ctx.clock.now(), test: false, team, ...about },
      listeners,
    );
  }

  /** The score a score update reports; an update is sent only when it differs from the last one sent. */
  const scoreKey = (m: MatchRecord) => `${m.currentMapNumber}:${m.team1MapScore}-${m.team2MapScore}`;

  const emitMatchEvent: EmitMatchEvent = async (type, matchSlug, options = {}) => {
    const listeners = (await endpoints()).filter((e) => e.enabled && e.events.includes(type));
    if (listeners.length === 0) {
      return;
    }
    const match = await matches.get(matchSlug);
    if (!match) {
      return;
    }
    const now = ctx.clock.now();
    const state = (await repo.matchState(match.matchid)) ?? {
      matchid: match.matchid,
      matchSlug,
      sequence: 0,
      lastScoreAt: null,
      lastScoreKey: null,
      scoreDueAt: null,
    };
    if (type === 'match.score_updated') {
      if (scoreKey(match) === state.lastScoreKey) {
        return;
      }
      const timing = scoreUpdateTiming(now, state.lastScoreAt);
      if (!timing.send) {
        if (state.scoreDueAt === null) {
          await repo.saveMatchState({ ...state, scoreDueAt: timing.at });
        }
        return;
      }
      Object.assign(state, { lastScoreAt: now, lastScoreKey: scoreKey(match), scoreDueAt: null });
    } else if (CLOSING_EVENTS.has(type)) {
      // The closing event carries the final score; a held update would only repeat it afterwards.
      state.scoreDueAt = null;
    }
    state.sequence += 1;
    state.matchSlug = matchSlug;
    await repo.saveMatchState(state);
    const mapNumber =
      options.mapNumber ??
      (type === 'match.map_started' || type === 'match.score_updated' ? match.currentMapNumber : null);
    await enqueueMatchEvent(
      {
        id: newEventId(),
        type,
        createdAt: now,
        test: false,
        sequence: state.sequence,
        match: await payloadMatch(match),
        mapNumber,
        server: await payloadServer(match),
        reason: options.reason,
        attention: options.attention,
        moved: options.moved,
      },
      listeners,
      match.matchid,
    );
  };

  /** Held score updates whose 5 seconds are over go out now, with the score as it is now. */
  async function releaseDueScores(now: number): Promise<void> {
    const due = await repo.scoresDue(now);
    if (due.length === 0) {
      return;
    }
    await ctx.sql.tx(async () => {
      for (const state of due) {
        await repo.saveMatchState({ ...state, scoreDueAt: null });
        const match = await matches.get(state.matchSlug);
        if (match?.matchid === state.matchid && match.status === 'live') {
          await emitMatchEvent('match.score_updated', match.slug);
        }
      }
    });
  }

  const dispatcher = createDispatcher(ctx, {
    repo,
    allowPrivate: () => deps.settings.read().allowPrivateWebhooks,
    beforeRound: releaseDueScores,
    endpointsChanged,
  });

  async function presentDelivery(d: DeliveryRecord): Promise<Delivery> {
    return {
      id: d.id,
      eventId: d.eventId,
      type: d.type,
      sequence: d.sequence,
      state: d.state,
      attempts: (await repo.attempts(d.id)).map(({ deliveryId: _id, ...attempt }) => attempt),
      nextAttemptAt: d.nextAttemptAt,
      resendOf: d.resendOf,
      createdAt: d.createdAt,
      deliveredAt: d.deliveredAt,
      request: bodyForLog(d.body),
    };
  }

  async function save(id: number, change: (current: StoredWebhook) => StoredWebhook): Promise<Webhook> {
    await ctx.sql.tx(async () => repo.saveEndpoint(change(await endpoint(id)), ctx.clock.now()));
    endpointsChanged();
    return publicView(await endpoint(id));
  }

  return {
    emitMatchEvent,
    emitTeamEvent,
    dispatcher,

    /** Keeps every endpoint's signing secret out of the logs from the start. */
    async load(): Promise<void> {
      for (const stored of await repo.endpoints()) {
        ctx.secrets.add(stored.secret);
      }
    },

    list: async (): Promise<Webhook[]> => (await repo.endpoints()).map(publicView),
    get: async (id: number): Promise<Webhook> => publicView(await endpoint(id)),

    /** The secret is in this answer only. */
    async create(input: CreateWebhook): Promise<{ webhook: Webhook; secret: string }> {
      const secret = `whsec_${generateSecret(32)}`;
      ctx.secrets.add(secret);
      const id = await ctx.sql.tx(async () => {
        const inserted = await repo.insertEndpoint(
          {
            url: input.url,
            events: input.events ?? [...WEBHOOK_EVENT_TYPES],
            teamsSource: input.teamsSource ?? null,
            secret,
            enabled: input.enabled,
          },
          ctx.clock.now(),
        );
        // The other instances keep the secret out of their logs too.
        await ctx.sql.notify?.(RELOAD_CHANNEL);
        return inserted;
      });
      endpointsChanged();
      return { webhook: publicView(await endpoint(id)), secret };
    },

    /** Turning an endpoint on again clears the notice of why it was turned off. */
    update: (id: number, patch: UpdateWebhook): Promise<Webhook> =>
      save(id, (current) => {
        const enabling = patch.enabled === true && !current.enabled;
        return {
          ...current,
          url: patch.url ?? current.url,
          events: patch.events ?? current.events,
          teamsSource: patch.teamsSource === undefined ? current.teamsSource : patch.teamsSource,
          enabled: patch.enabled ?? current.enabled,
          notice: enabling ? null : current.notice,
          disabledAt: enabling ? null : current.disabledAt,
        };
      }),

    async delete(id: number): Promise<void> {
      if (!(await repo.deleteEndpoint(id))) {
        throw notFound(`Webhook ${id}`);
      }
      endpointsChanged();
    },

    async deliveries(id: number, limit: number): Promise<Delivery[]> {
      await endpoint(id);
      const deliveries: Delivery[] = [];
      for (const d of await repo.log(id, limit)) {
        deliveries.push(await presentDelivery(d));
      }
      return deliveries;
    },

    /** A made-up match with `test: true`, to this endpoint only. */
    async sendTest(id: number, type: WebhookEventType): Promise<Delivery> {
      const target = await endpoint(id);
      if (!target.enabled) {
        throw new AppError('INVALID_STATE', 422, `Webhook ${id} is turned off; turn it on first.`);
      }
      const common = { id: newEventId(), createdAt: ctx.clock.now(), test: true };
      const deliveryId = await ctx.sql.tx(async () => {
        if (isTeamEvent(type)) {
          const tournament = { id: 0, name: 'Test tournament' };
          await enqueueTeamEvent({ ...common, type, team: TEST_MATCH.team1!, tournament, reason: 'test' }, [
            target,
          ]);
        } else {
          await enqueueMatchEvent(
            {
              ...common,
              type,
              sequence: 0,
              match: TEST_MATCH,
              mapNumber: 0,
              server: TEST_SERVER,
              reason: CLOSING_EVENTS.has(type) ? 'test' : undefined,
            },
            [target],
            null,
          );
        }
        return (await repo.log(id, 1))[0]!.id;
      });
      return presentDelivery((await repo.delivery(deliveryId))!);
    },

    /** The same body again (same event id, so receivers drop it if they had it), as a new delivery. */
    async resend(deliveryId: number): Promise<Delivery> {
      const original = await repo.delivery(deliveryId);
      if (!original) {
        throw notFound(`Delivery ${deliveryId}`);
      }
      if (!(await endpoint(original.endpointId)).enabled) {
        throw new AppError(
          'INVALID_STATE',
          422,
          `Webhook ${original.endpointId} is turned off; turn it on first.`,
        );
      }
      const id = await ctx.sql.tx(() =>
        repo.insertDelivery({ ...original, resendOf: original.id }, ctx.clock.now()),
      );
      dispatcher.nudge();
      return presentDelivery((await repo.delivery(id))!);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
