import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../fakes/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { RETRY_DELAYS_SECONDS } from '../../shared/domain/webhook-events.js';
import { WEBHOOK_EVENT_TYPES } from '../../shared/contracts/webhooks.js';

/** Matchday's injected clock; the receivers check signatures against the same time. */
let now = 1_800_000_000;
const clock = { now: () => now };

let server: TestServer;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  server = await startTestServer({
    clock,
    // The one name tests resolve: it points at loopback, like a LAN or rebinding trick would.
    resolveHost: async (host) => {
      if (host === 'hooks.example.test') {
        return [{ address: '127.0.0.1', family: 4 }];
      }
      throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    },
  });
  await allowPrivate(true);
});
afterAll(async () => {
  await server.stop();
});
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
  for (const w of (await server.request('GET', '/api/webhooks')).body.webhooks) {
    await server.request('DELETE', `/api/webhooks/${w.id}`);
  }
});

const allowPrivate = (on: boolean) =>
  server.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: on } });
const runDue = () => server.running.app.services.webhooks.dispatcher.runDue();

async function receiver(options: ConstructorParameters<typeof WebhookReceiver>[0] = {}) {
  const r = await new WebhookReceiver({ now: clock.now, ...options }).start();
  receivers.push(r);
  return r;
}

/** An endpoint for this receiver; the receiver learns the secret from the create answer. */
async function subscribe(r: WebhookReceiver, body: Record<string, unknown> = {}) {
  const res = await server.request('POST', '/api/webhooks', { body: { url: r.url, ...body } });
  expect(res.status).toBe(201);
  r.secret = res.body.secret;
  return res.body.webhook.id as number;
}

const log = async (id: number) =>
  (await server.request('GET', `/api/webhooks/${id}/deliveries`)).body.deliveries as {
    id: number;
    eventId: string;
    state: string;
    resendOf: number | null;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    request: any;
    attempts: { statusCode: number | null; error: string | null }[];
  }[];

describe('webhook endpoints', () => {
  it('shows the signing secret once, in the create answer only', async () => {
    const created = await server.request('POST', '/api/webhooks', {
      body: { url: 'https://example.com/hooks', teamsSource: 'website' },
    });
    expect(created.status).toBe(201);
    const { secret, webhook } = created.body;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(webhook).toMatchObject({
      url: 'https://example.com/hooks',
      teamsSource: 'website',
      enabled: true,
    });
    // Every event when none is chosen.
    expect(webhook.events).toEqual([...WEBHOOK_EVENT_TYPES]);
    for (const [path, token] of [
      ['/api/webhooks', 'admin'],
      [`/api/webhooks/${webhook.id}`, 'admin'],
      ['/api/webhooks', 'readonly'],
    ] as const) {
      const res = await server.request('GET', path, { token });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(secret);
      expect(res.text).not.toContain('"secret"');
    }
    const updated = await server.request('PUT', `/api/webhooks/${webhook.id}`, {
      body: { events: ['match.finished', 'match.ready'], enabled: false },
    });
    expect(updated.body.webhook).toMatchObject({ events: ['match.ready', 'match.finished'], enabled: false });
    expect(updated.text).not.toContain(secret);
    expect(server.logs.join('\n')).not.toContain(secret);
  });

  it.each([
    [{ url: 'ftp://example.com/x' }, 'url'],
    [{ url: 'not a url' }, 'url'],
    [{ url: 'https://example.com', events: ['match.exploded'] }, 'events.0'],
    [{ url: 'https://example.com', events: [] }, 'events'],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const res = await server.request('POST', '/api/webhooks', { body });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe(field);
  });

  it('answers 404 for an unknown endpoint and deletes an endpoint with its log', async () => {
    expect((await server.request('GET', '/api/webhooks/999')).status).toBe(404);
    const r = await receiver();
    const id = await subscribe(r);
    expect((await server.request('DELETE', `/api/webhooks/${id}`)).status).toBe(200);
    expect((await server.request('GET', `/api/webhooks/${id}/deliveries`)).status).toBe(404);
  });
});

describe('test events, the delivery log and resend', () => {
  it('signs a test event the receiver verifies, logs it with the server details hidden, and resends the same event id', async () => {
    const r = await receiver();
    const id = await subscribe(r);
    const sent = await server.request('POST', `/api/webhooks/${id}/test`, { body: {} });
    expect(sent.status).toBe(201);
    await runDue();
    expect(r.received).toHaveLength(1);
    const [first] = r.received;
    expect(first!.verified).toBe(true);
    expect(first!.headers['x-service-signature']).toMatch(new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
    expect(first!.body).toMatchObject({
      type: 'match.ready',
      test: true,
      created_at: now,
      data: { sequence: 0 },
    });
    expect(first!.body.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(first!.body.data.connect.console).toMatch(/^connect .+:\d+; password .+$/);

    const [entry] = await log(id);
    expect(entry).toMatchObject({ state: 'delivered', eventId: first!.body.id, resendOf: null });
    expect(entry!.attempts).toMatchObject([{ statusCode: 200, error: null }]);
    expect(entry!.request.data.connect).toBe('[hidden]');

    const resent = await server.request('POST', `/api/webhooks/deliveries/${entry!.id}/resend`);
    expect(resent.status).toBe(201);
    expect(resent.body.delivery).toMatchObject({ eventId: first!.body.id, resendOf: entry!.id });
    await runDue();
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.body.id).toBe(first!.body.id);
    expect(r.received[1]!.raw.equals(first!.raw)).toBe(true);
    expect(r.received[1]!.verified).toBe(true);
  });
});

describe('private and local addresses', () => {
  afterEach(async () => {
    await allowPrivate(true);
  });

  it('refuses loopback while the setting is off and calls it once the setting is on', async () => {
    await allowPrivate(false);
    const r = await receiver();
    const id = await subscribe(r);
    await server.request('POST', `/api/webhooks/${id}/test`);
    await runDue();
    expect(r.received).toHaveLength(0);
    const [refused] = await log(id);
    expect(refused!.state).toBe('pending');
    expect(refused!.attempts[0]!.error).toContain('127.0.0.1');
    expect(refused!.attempts[0]!.error).toContain('Allow webhooks to private and local addresses');

    await allowPrivate(true);
    now += RETRY_DELAYS_SECONDS[0];
    await runDue();
    expect(r.received).toHaveLength(1);
    expect((await log(id))[0]!.state).toBe('delivered');
  });

  it('checks the address a name resolves to, not the name, and connects to that address', async () => {
    const r = await receiver();
    const id = await subscribe(r);
    await server.request('PUT', `/api/webhooks/${id}`, {
      body: { url: `http://hooks.example.test:${r.port}/hooks` },
    });
    await allowPrivate(false);
    await server.request('POST', `/api/webhooks/${id}/test`);
    await runDue();
    expect(r.received).toHaveLength(0);
    expect((await log(id))[0]!.attempts[0]!.error).toContain('hooks.example.test resolves to 127.0.0.1');

    await allowPrivate(true);
    now += RETRY_DELAYS_SECONDS[0];
    await runDue();
    expect(r.received).toHaveLength(1);
    expect(r.received[0]!.headers.host).toBe(`hooks.example.test:${r.port}`);
  });

  it('does not follow a redirect', async () => {
    const r = await receiver({ respond: () => 302 });
    const id = await subscribe(r);
    await server.request('POST', `/api/webhooks/${id}/test`);
    await runDue();
    expect((await log(id))[0]!.attempts[0]).toMatchObject({
      statusCode: 302,
      error: 'redirects are not followed',
    });
  });
});

describe('retries', () => {
  /** Walks the clock through the schedule: nothing goes out a second early, one attempt when due. */
  async function walkSchedule(r: WebhookReceiver, delays: readonly number[], restartAfter: number) {
    for (const [i, delay] of delays.entries()) {
      const before = r.received.length;
      now += delay - 1;
      await runDue();
      expect(r.received).toHaveLength(before);
      now += 1;
      if (i === restartAfter) {
        await restart();
      }
      await runDue();
      expect(r.received).toHaveLength(before + 1);
    }
  }

  /** Stops Matchday and starts it again on the same data folder and clock. */
  async function restart() {
    const { dataDir } = server;
    await server.stop();
    server = await startTestServer({ clock, dataDir });
  }

  it('retries after 10 s, 30 s, 2 min ... 8 h, across a restart, and stops once delivered', async () => {
    const r = await receiver({ respond: (n) => (n < RETRY_DELAYS_SECONDS.length ? 500 : 200) });
    const id = await subscribe(r);
    await server.request('POST', `/api/webhooks/${id}/test`);
    await runDue();
    await walkSchedule(r, RETRY_DELAYS_SECONDS, 4);
    expect(r.received).toHaveLength(10);
    expect(r.accepted).toHaveLength(1);
    expect(new Set(r.received.map((x) => x.body.id)).size).toBe(1);
    now += 24 * 3600;
    await runDue();
    expect(r.received).toHaveLength(10);
    const [entry] = await log(id);
    expect(entry!.state).toBe('delivered');
    expect(entry!.attempts).toHaveLength(10);
    expect((await server.request('GET', `/api/webhooks/${id}`)).body.webhook.enabled).toBe(true);
  });

  it('turns the endpoint off with a notice after the last retry fails', async () => {
    const r = await receiver({ respond: () => 503 });
    const id = await subscribe(r);
    await server.request('POST', `/api/webhooks/${id}/test`);
    await runDue();
    await walkSchedule(r, RETRY_DELAYS_SECONDS, 7);
    const { webhook } = (await server.request('GET', `/api/webhooks/${id}`)).body;
    expect(webhook.enabled).toBe(false);
    expect(webhook.notice).toContain('failed 10 times');
    expect(webhook.notice).toContain('answered 503');
    expect((await log(id))[0]!.state).toBe('failed');
    expect(server.logs.some((line) => line.includes('failed 10 times'))).toBe(true);
    expect((await server.request('POST', `/api/webhooks/${id}/test`)).status).toBe(422);

    const enabled = await server.request('PUT', `/api/webhooks/${id}`, { body: { enabled: true } });
    expect(enabled.body.webhook).toMatchObject({ enabled: true, notice: null });
  });
});
