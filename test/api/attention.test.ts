import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUCK_LOAD_S } from '../../shared/domain/waiting-work.js';
import { DEMO_GRACE_SECONDS } from '../../shared/domain/attention.js';
import { WebhookReceiver } from '../fakes/index.js';
import { Browser } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SseReader } from '../helpers/sse.js';
import { TOKENS } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

let now = 1_800_000_000;
const clock = { now: () => now };

let server: TestServer;
let receiver: WebhookReceiver;
let reds: string;
let blues: string;
const ALICE = '76561198000000001';

interface Item {
  id: number;
  kind: string;
  matchSlug?: string;
  serverId?: string;
  teamId?: string;
  since: number;
  message: string;
  acknowledged: boolean;
}

beforeAll(async () => {
  server = await startTestServer({ clock });
  receiver = await new WebhookReceiver({ now: clock.now }).start();
  await server.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: true, autoAllocate: false } });
  const hook = await server.request('POST', '/api/webhooks', {
    body: { url: receiver.url, events: ['match.attention'] },
  });
  receiver.secret = hook.body.secret;
  reds = (
    await server.request('POST', '/api/teams', {
      body: { name: 'Reds', tag: 'RED', players: [{ platformId: ALICE, name: 'alice' }] },
    })
  ).body.team.id;
  blues = (
    await server.request('POST', '/api/teams', {
      body: { name: 'Blues', tag: 'BLU', players: [{ platformId: '76561198000000002', name: 'bob' }] },
    })
  ).body.team.id;
  await server.request('POST', '/api/servers', {
    body: { id: 'srv-1', name: 'Server 1', host: '10.0.0.5', port: 27015, rconPassword: 'rcon-secret' },
  });
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

const sweep = () => server.running.app.services.attention.sweep();
const items = async (): Promise<Item[]> => {
  const res = await server.request('GET', '/api/attention');
  expect(res.status).toBe(200);
  return res.body.items as Item[];
};
const itemOf = async (kind: string, slug: string) =>
  (await items()).find((i) => i.kind === kind && i.matchSlug === slug);

/** A manual match of the two teams, stored as live on srv-1 (no RCON here). */
async function liveMatch(status: 'live' | 'loaded' = 'live') {
  const res = await server.request('POST', '/api/matches', {
    body: { team1Id: reds, team2Id: blues, format: 'bo1', maps: ['de_mirage'], veto: false, teamSize: 1 },
  });
  expect(res.status).toBe(201);
  const slug = res.body.match.slug as string;
  const { repos } = server.running.app.ctx;
  await repos.matches.save({ ...(await repos.matches.get(slug))!, status, serverId: 'srv-1', loadedAt: now });
  return { slug, matchid: res.body.match.matchid as number };
}

async function setStatus(slug: string, status: 'completed' | 'needs_decision') {
  const { repos } = server.running.app.ctx;
  await repos.matches.save({ ...(await repos.matches.get(slug))!, status, completedAt: now });
}

const event = (slug: string, body: Record<string, unknown>) =>
  server.request('POST', `/api/events/${slug}`, { token: 'server', body });

describe('the attention queue (API.md decision 64)', () => {
  it('lists a match needing a decision, announces it by webhook and on the admin stream, and drops it once decided', async () => {
    const stream = await SseReader.open(`${server.url}/api/live/admin`, {
      Authorization: `Bearer ${TOKENS.admin}`,
    });
    const publicStream = await SseReader.open(`${server.url}/api/live`);
    const { slug } = await liveMatch();
    await setStatus(slug, 'needs_decision');
    await sweep();
    const item = await itemOf('decision', slug);
    expect(item).toMatchObject({ kind: 'decision', matchSlug: slug, serverId: 'srv-1', acknowledged: false });
    expect(item!.message).toContain('Reds vs Blues');

    await stream.until(
      (events) => events.some((e) => e.message.topic === 'attention' && e.message.change === 'raised'),
      'the raised item',
    );
    await server.running.app.services.webhooks.dispatcher.runDue();
    const hook = await waitFor(
      () =>
        receiver.received.find((r) => r.body.type === 'match.attention' && r.body.data.match.slug === slug),
      { message: 'the match.attention webhook' },
    );
    expect(hook.body.data.attention).toMatchObject({ id: item!.id, kind: 'decision', server_id: 'srv-1' });

    // Raised again by the next sweep: still one item, and no second webhook.
    await sweep();
    expect((await items()).filter((i) => i.kind === 'decision' && i.matchSlug === slug)).toHaveLength(1);

    await setStatus(slug, 'completed');
    await sweep();
    expect(await itemOf('decision', slug)).toBeUndefined();
    await stream.until(
      (events) => events.some((e) => e.message.topic === 'attention' && e.message.change === 'cleared'),
      'the cleared item',
    );
    stream.close();
    // Viewers of the public stream never see the queue (its messages name players and servers).
    await publicStream.until((events) => events.some((e) => e.message.topic === 'match'), 'a match message');
    expect(publicStream.of('attention')).toEqual([]);
    publicStream.close();
    // One item, one webhook: raising it again announced nothing.
    expect(
      receiver.received.filter((r) => r.body.type === 'match.attention' && r.body.data.match.slug === slug),
    ).toHaveLength(1);
  });

  it('lists a load no server fetched in time, until it is fetched', async () => {
    const { slug } = await liveMatch('loaded');
    const { repos } = server.running.app.ctx;
    const loadId = `load-${slug}`;
    await repos.loads.insert({
      loadId,
      matchSlug: slug,
      serverId: 'srv-1',
      createdAt: now - STUCK_LOAD_S - 30,
    });
    await sweep();
    expect(await itemOf('stuck_load', slug)).toMatchObject({
      serverId: 'srv-1',
      since: now - STUCK_LOAD_S - 30,
    });
    await repos.loads.markFetched(loadId, now);
    await sweep();
    expect(await itemOf('stuck_load', slug)).toBeUndefined();
    await setStatus(slug, 'completed');
  });

  it('lists a match paused longer than pauseAlertMinutes, until it is unpaused', async () => {
    const { slug, matchid } = await liveMatch();
    await event(slug, { map_number: 0, matchid, event: 'going_live' });
    expect(
      (await event(slug, { map_number: 0, matchid, event: 'match_paused', is_admin: false })).status,
    ).toBe(200);
    now += 4 * 60;
    await sweep();
    expect(await itemOf('paused', slug)).toBeUndefined();
    now += 60;
    await sweep();
    expect(await itemOf('paused', slug)).toMatchObject({ since: now, serverId: 'srv-1' });

    await event(slug, { map_number: 0, matchid, event: 'match_unpaused' });
    await sweep();
    expect(await itemOf('paused', slug)).toBeUndefined();

    // A longer setting: the same pause is not yet long enough.
    await server.request('PUT', '/api/settings', { body: { pauseAlertMinutes: 30 } });
    now += 1;
    await event(slug, { map_number: 0, matchid, event: 'match_paused', is_admin: true, pause_time: now });
    now += 10 * 60;
    await sweep();
    expect(await itemOf('paused', slug)).toBeUndefined();
    await server.request('PUT', '/api/settings', { body: { pauseAlertMinutes: 5 } });
    await sweep();
    expect(await itemOf('paused', slug)).toBeDefined();
    await setStatus(slug, 'completed');
    await sweep();
    expect(await itemOf('paused', slug)).toBeUndefined();
  });

  it('lists a demo still missing 10 minutes after its map ended, until it arrives', async () => {
    const { slug, matchid } = await liveMatch();
    await event(slug, { map_number: 0, matchid, event: 'going_live' });
    const side = (score: number) => ({
      series_score: 0,
      score,
      score_ct: 0,
      score_t: 0,
      players: [],
      id: '',
      name: 'x',
    });
    const ended = await event(slug, {
      winner: { side: '2', team: 'team1' },
      team1: side(13),
      team2: side(5),
      map_number: 0,
      matchid,
      event: 'map_result',
    });
    expect(ended.status).toBe(200);
    const endedAt = now;
    now += DEMO_GRACE_SECONDS - 60;
    await sweep();
    expect(await itemOf('demo_missing', slug)).toBeUndefined();
    now += 60;
    await sweep();
    expect(await itemOf('demo_missing', slug)).toMatchObject({ since: endedAt + DEMO_GRACE_SECONDS });

    const { repos } = server.running.app.ctx;
    await repos.demos.save({
      matchSlug: slug,
      mapNumber: 0,
      fileName: 'demo.dem',
      pluginFileName: 'demo.dem',
      sizeBytes: 10,
      serverId: 'srv-1',
      storedAt: now,
    });
    await sweep();
    expect(await itemOf('demo_missing', slug)).toBeUndefined();
    await setStatus(slug, 'completed');
  });

  it('greys an item on ack (admin only), and answers 404 for an unknown one', async () => {
    const { slug } = await liveMatch();
    await setStatus(slug, 'needs_decision');
    await sweep();
    const item = (await itemOf('decision', slug))!;
    expect(
      (await server.request('POST', `/api/attention/${item.id}/ack`, { token: 'readonly' })).status,
    ).toBe(403);
    const acked = await server.request('POST', `/api/attention/${item.id}/ack`);
    expect(acked.status).toBe(200);
    expect(acked.body.item).toMatchObject({ id: item.id, acknowledged: true });
    expect(await itemOf('decision', slug)).toMatchObject({ acknowledged: true });
    // Acknowledged is not gone: the cause still stands.
    await sweep();
    expect(await itemOf('decision', slug)).toBeDefined();
    const missing = await server.request('POST', '/api/attention/999999/ack');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    expect((await server.request('POST', '/api/attention/abc/ack')).status).toBe(400);
    expect((await server.request('GET', '/api/attention', { token: null })).status).toBe(401);
    await setStatus(slug, 'completed');
    await sweep();
  });
});

describe('calling an admin (API.md decision 65)', () => {
  it('queues the call naming player, team, match and server; a second within 2 minutes is 429', async () => {
    const { slug } = await liveMatch();
    const alice = new Browser(server);
    const code = (await server.request('GET', `/api/teams/${reds}`)).body.team.joinCode as string;
    expect(
      (await alice.request('POST', '/api/auth/lan', { body: { platformId: ALICE, teamCode: code } })).status,
    ).toBe(200);

    const call = await alice.request('POST', '/api/me/call-admin', { body: { message: 'Our mouse broke' } });
    expect(call.status).toBe(201);
    expect(call.body.item).toMatchObject({ kind: 'call', matchSlug: slug, serverId: 'srv-1', teamId: reds });
    for (const part of ['alice', 'Reds', 'Reds vs Blues', 'Server 1', 'Our mouse broke']) {
      expect(call.body.item.message).toContain(part);
    }
    expect((await items()).some((i) => i.id === call.body.item.id)).toBe(true);

    now += 119;
    const again = await alice.request('POST', '/api/me/call-admin', { body: { message: 'Hello?' } });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('RATE_LIMITED');
    expect((await items()).filter((i) => i.kind === 'call' && i.teamId === reds)).toHaveLength(1);

    now += 1;
    expect((await alice.request('POST', '/api/me/call-admin', { body: { message: 'Hello?' } })).status).toBe(
      201,
    );

    // The calls leave with their match.
    await setStatus(slug, 'completed');
    await sweep();
    expect((await items()).filter((i) => i.kind === 'call')).toEqual([]);
  });

  it('refuses a call without a player session, and a message that is too long or empty', async () => {
    expect(
      (await server.request('POST', '/api/me/call-admin', { token: null, body: { message: 'hi' } })).status,
    ).toBe(401);
    const byToken = await server.request('POST', '/api/me/call-admin', { body: { message: 'hi' } });
    expect(byToken.status).toBe(403);
    const alice = new Browser(server);
    const code = (await server.request('GET', `/api/teams/${reds}`)).body.team.joinCode as string;
    await alice.request('POST', '/api/auth/lan', { body: { platformId: ALICE, teamCode: code } });
    const long = await alice.request('POST', '/api/me/call-admin', { body: { message: 'x'.repeat(201) } });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('VALIDATION_FAILED');
    expect((await alice.request('POST', '/api/me/call-admin', { body: { message: '  ' } })).status).toBe(400);
    expect((await alice.request('POST', '/api/me/call-admin', { body: {} })).status).toBe(400);
  });
});

describe('deadlines across a restart', () => {
  it('finds a pause that began before the restart overdue after it', async () => {
    let t = 1_800_000_000;
    const first = await startTestServer({ clock: { now: () => t } });
    await first.request('PUT', '/api/settings', { body: { autoAllocate: false } });
    const ids: string[] = [];
    for (const name of ['North', 'South']) {
      ids.push((await first.request('POST', '/api/teams', { body: { name } })).body.team.id);
    }
    const created = await first.request('POST', '/api/matches', {
      body: { team1Id: ids[0], team2Id: ids[1], format: 'bo1', maps: ['de_nuke'], veto: false },
    });
    const { slug, matchid } = created.body.match as { slug: string; matchid: number };
    const { repos } = first.running.app.ctx;
    await repos.matches.save({ ...(await repos.matches.get(slug))!, status: 'live', loadedAt: t });
    const post = (s: TestServer, body: Record<string, unknown>) =>
      s.request('POST', `/api/events/${slug}`, {
        token: 'server',
        body: { matchid, map_number: 0, ...body },
      });
    await post(first, { event: 'going_live' });
    expect((await post(first, { event: 'match_paused', is_admin: false })).status).toBe(200);
    await first.stop();

    t += 6 * 60;
    const second = await startTestServer({ dataDir: first.dataDir, clock: { now: () => t } });
    try {
      await second.running.app.services.attention.sweep();
      const queued = (await second.request('GET', '/api/attention')).body.items as Item[];
      expect(queued.find((i) => i.kind === 'paused' && i.matchSlug === slug)).toMatchObject({
        since: 1_800_000_000 + 5 * 60,
      });
    } finally {
      await second.stop();
    }
  });

  it('lists a move waiting for a free server until it no longer waits (decision 55)', async () => {
    const { slug } = await liveMatch();
    const { repos } = server.running.app.ctx;
    await repos.matches.save({ ...(await repos.matches.get(slug))!, moving: true });
    await sweep();
    expect(await itemOf('move', slug)).toMatchObject({ serverId: 'srv-1' });
    expect((await itemOf('move', slug))!.message).toContain('Reds vs Blues');
    await repos.matches.save({ ...(await repos.matches.get(slug))!, moving: false });
    await sweep();
    expect(await itemOf('move', slug)).toBeUndefined();
    await setStatus(slug, 'completed');
  });

  it("lists the last preflight's errors, not its warnings, until a run passes them (decision 57)", async () => {
    const { repos } = server.running.app.ctx;
    const check = { scope: 'server', id: 'srv-1', name: 'Server 1', check: 'rcon' } as const;
    await repos.preflight.save({
      ok: false,
      ranAt: now,
      checks: [
        { ...check, ok: false, severity: 'error', message: 'RCON refused the password.' },
        { ...check, check: 'gotv', ok: false, severity: 'warning', message: 'GOTV is off.' },
      ],
    });
    await sweep();
    const preflight = (await items()).filter((i) => i.kind === 'preflight');
    expect(preflight).toEqual([
      expect.objectContaining({
        serverId: 'srv-1',
        since: now,
        message: expect.stringContaining('RCON refused'),
      }),
    ]);
    await repos.preflight.save({
      ok: true,
      ranAt: now + 1,
      checks: [{ ...check, ok: true, severity: 'error', message: 'RCON answered.' }],
    });
    await sweep();
    expect((await items()).filter((i) => i.kind === 'preflight')).toEqual([]);
  });
});
