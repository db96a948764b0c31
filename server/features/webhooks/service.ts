import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { generateSecret } from '../../secrets.js';
import {
  WEBHOOK_EVENT_TYPES,
  type CreateWebhook,
  type Delivery,
  type UpdateWebhook,
  type Webhook,
  type WebhookEventType,
} from '../../../shared/contracts/webhooks.js';
import {
  bodyForLog,
  buildWebhookBody,
  CLOSING_EVENTS,
  scoreUpdateTiming,
  type PayloadMatch,
  type PayloadServer,
  type PayloadTeam,
  type MovedPayload,
  type WebhookEventInput,
} from '../../../shared/domain/webhook-events.js';
import type { MatchRecord } from '../matches/index.js';
import type { SettingsService } from '../settings/index.js';
import { createDispatcher } from './dispatcher.js';
import type { DeliveryRecord, StoredWebhook } from './repo.js';

export interface MatchEventOptions {
  /** The map a map event is about; score updates and map starts use the current map. */
  mapNumber?: number;
  /** Why a match was cancelled or reset. */
  reason?: string;
  /** `match.moved`: from which server to which, and the round restored. */
  moved?: MovedPayload;
}

/** What the match pipeline calls, inside the transaction of the change it announces. */
export type EmitMatchEvent = (
  type: WebhookEventType,
  matchSlug: string,
  options?: MatchEventOptions,
) => Promise<void>;

const publicView = ({ secret: _secret, ...webhook }: StoredWebhook): Webhook => webhook;

const newEventId = () => `evt_${randomUUID().replaceAll('-', '')}`;

/** A made-up match for test events, so a receiver exercises its real code path. */
const TEST_PLAYERS = (first: number) =>
  [0, 1, 2, 3, 4].map((i) => ({
    platformId: String(76561198000000000n + BigInt(first + i)),
    name: `player ${first + i}`,
  }));
const TEST_MATCH: PayloadMatch = {
  slug: 'test-match',
  matchid: 0,
  status: 'loaded',
  format: 'bo1',
  label: 'Test match',
  team1: {
    id: 'test-team-1',
    name: 'Test Team 1',
    tag: 'TT1',
    externalIds: new Map(),
    players: TEST_PLAYERS(1),
  },
  team2: {
    id: 'test-team-2',
    name: 'Test Team 2',
    tag: 'TT2',
    externalIds: new Map(),
    players: TEST_PLAYERS(6),
  },
  maps: [{ number: 0, name: 'de_mirage', team1Score: 0, team2Score: 0, winner: null }],
  team1SeriesScore: 0,
  team2SeriesScore: 0,
  winnerId: null,
};
const TEST_SERVER: PayloadServer = { host: '192.0.2.10', port: 27015, password: 'test-password' };

export function createWebhooksService(ctx: AppContext, deps: { settings: SettingsService }) {
  const repo = ctx.repos.webhooks;
  const matches = ctx.repos.matches;
  const teams = ctx.repos.teams;
  const externalIds = ctx.repos.externalIds;
  const servers = ctx.repos.servers;

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

  async function payloadTeam(id: string | null): Promise<PayloadTeam | null> {
    if (id === null) {
      return null;
    }
    const team = await teams.get(id);
    return {
      id,
      name: team?.name ?? id,
      tag: team?.tag ?? '',
      externalIds: await externalIds.ofTeam(id),
      players: team?.players ?? [],
    };
  }

  async function payloadMatch(m: MatchRecord): Promise<PayloadMatch> {
    return {
      slug: m.slug,
      matchid: m.matchid,
      status: m.status,
      format: m.format,
      label: m.label,
      team1: await payloadTeam(m.team1Id),
      team2: await payloadTeam(m.team2Id),
      maps: (await matches.maps(m.slug)).map(({ number, name, team1Score, team2Score, winner }) => ({
        number,
        name,
        team1Score,
        team2Score,
        winner,
      })),
      team1SeriesScore: m.team1SeriesScore,
      team2SeriesScore: m.team2SeriesScore,
      winnerId: m.winnerId,
    };
  }

  async function payloadServer(m: MatchRecord): Promise<PayloadServer | null> {
    const server = m.serverId === null ? undefined : await servers.get(m.serverId);
    return server ? { host: server.host, port: server.port, password: server.serverPassword } : null;
  }

  /** Writes one delivery per endpoint; endpoints of the same teams source share one body. */
  async function enqueue(
    event: WebhookEventInput,
    to: readonly StoredWebhook[],
    matchid: number | null,
  ): Promise<void> {
    const bodies = new Map<string | null, string>();
    const now = ctx.clock.now();
    for (const target of to) {
      let body = bodies.get(target.teamsSource);
      if (body === undefined) {
        body = JSON.stringify(buildWebhookBody(event, target.teamsSource));
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
    await enqueue(
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
      const id = await repo.insertEndpoint(
        {
          url: input.url,
          events: input.events ?? [...WEBHOOK_EVENT_TYPES],
          teamsSource: input.teamsSource ?? null,
          secret,
          enabled: input.enabled,
        },
        ctx.clock.now(),
      );
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
      const event: WebhookEventInput = {
        id: newEventId(),
        type,
        createdAt: ctx.clock.now(),
        test: true,
        sequence: 0,
        match: TEST_MATCH,
        mapNumber: 0,
        server: TEST_SERVER,
        reason: CLOSING_EVENTS.has(type) ? 'test' : undefined,
      };
      const deliveryId = await ctx.sql.tx(async () => {
        await enqueue(event, [target], null);
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
