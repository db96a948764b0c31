import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../fakes/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let now = 1_800_000_000;
const clock = { now: () => now };

let server: TestServer;
let receiver: WebhookReceiver;
const teamIds: string[] = [];

const player = (n: number) => ({ platformId: String(76561198000000000n + BigInt(n)), name: `player ${n}` });

beforeAll(async () => {
  server = await startTestServer({ clock });
  receiver = await new WebhookReceiver({ now: clock.now }).start();
  await server.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: true } });
  const created = await server.request('POST', '/api/webhooks', {
    body: { url: receiver.url, teamsSource: 'website' },
  });
  receiver.secret = created.body.secret;
  for (const [i, externalId] of ['ext-a', 'ext-b'].entries()) {
    const res = await server.request('PUT', `/api/integrations/teams/${externalId}`, {
      token: 'integrator',
      body: { name: `Team ${externalId}`, tag: `T${i}`, players: [player(i * 5 + 1), player(i * 5 + 2)] },
    });
    teamIds.push(res.body.teamId);
  }
  await server.request('POST', '/api/servers', {
    body: {
      id: 'srv-1',
      name: 'Server 1',
      host: '10.0.0.5',
      port: 27015,
      rconPassword: 'rcon-secret',
      serverPassword: 'pw',
    },
  });
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

const runDue = () => server.running.app.services.webhooks.dispatcher.runDue();

async function manualMatch() {
  const res = await server.request('POST', '/api/matches', {
    body: {
      team1Id: teamIds[0],
      team2Id: teamIds[1],
      format: 'bo1',
      maps: ['de_dust2'],
      veto: false,
      serverId: 'srv-1',
      teamSize: 2,
    },
  });
  expect(res.status).toBe(201);
  return res.body.match as { slug: string; matchid: number };
}

function post(slug: string, body: Record<string, unknown>) {
  return server.request('POST', `/api/events/${slug}`, { token: 'server', body });
}
const side = (score: number) => ({
  series_score: 0,
  score,
  score_ct: 0,
  score_t: 0,
  players: [],
  id: '',
  name: 'x',
});
const roundEnd = (matchid: number, t1: number, t2: number) =>
  post(slugOf.get(matchid)!, {
    reason: 9,
    winner: { side: '2', team: 'team1' },
    team1: side(t1),
    team2: side(t2),
    round_time: 0,
    round_number: t1 + t2,
    map_number: 0,
    matchid,
    event: 'round_end',
  });
const slugOf = new Map<number, string>();

/** What the receiver got from this point on, for one match. */
function from(start: number, slug: string) {
  return receiver.received.slice(start).filter((r) => r.body.data.match.slug === slug);
}

describe('match events from the plugin', () => {
  it('announces live, map start, scores (at most once per 5 s, the latest always), map end and finish in sequence order', async () => {
    const start = receiver.received.length;
    const { slug, matchid } = await manualMatch();
    slugOf.set(matchid, slug);
    await post(slug, { matchid, event: 'series_start' });
    await post(slug, { map_number: 0, matchid, event: 'going_live' });
    await roundEnd(matchid, 1, 0);
    now += 1;
    await roundEnd(matchid, 2, 0);
    now += 1;
    await roundEnd(matchid, 3, 0);
    await runDue();
    expect(from(start, slug).map((r) => r.body.type)).toEqual([
      'match.live',
      'match.map_started',
      'match.score_updated',
    ]);
    expect(from(start, slug)[2]!.body.data.map).toMatchObject({ team1_score: 1, team2_score: 0 });

    now += 2;
    await runDue();
    expect(from(start, slug).map((r) => r.body.type)).toHaveLength(3);
    now += 1;
    await runDue();
    const latest = from(start, slug)[3]!.body;
    expect(latest.type).toBe('match.score_updated');
    expect(latest.data.map).toMatchObject({ number: 0, name: 'de_dust2', team1_score: 3, team2_score: 0 });

    now += 1;
    await roundEnd(matchid, 4, 0);
    await runDue();
    expect(from(start, slug)).toHaveLength(4);
    now += 4;
    await runDue();
    expect(from(start, slug)[4]!.body.data.map.team1_score).toBe(4);

    await roundEnd(matchid, 13, 0);
    await post(slug, {
      winner: { side: '2', team: 'team1' },
      team1: side(13),
      team2: side(0),
      map_number: 0,
      matchid,
      event: 'map_result',
    });
    await post(slug, { winner: { side: '2', team: 'team1' }, matchid, event: 'series_end' });
    now += 60;
    await runDue();

    const got = from(start, slug);
    expect(got.map((r) => r.body.type)).toEqual([
      'match.live',
      'match.map_started',
      'match.score_updated',
      'match.score_updated',
      'match.score_updated',
      'match.map_ended',
      'match.finished',
    ]);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(got.map((r) => r.body.data.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(got.map((r) => r.body.id)).size).toBe(7);

    const live = got[0]!.body;
    expect(live.test).toBe(false);
    expect(live.data.match.team1).toEqual({
      id: teamIds[0],
      external_id: 'ext-a',
      name: 'Team ext-a',
      tag: 'T0',
      players: [
        { platform_id64: player(1).platformId, name: 'player 1' },
        { platform_id64: player(2).platformId, name: 'player 2' },
      ],
    });
    expect(live.data.connect).toEqual({
      host: '10.0.0.5',
      port: 27015,
      password: 'pw',
      platform_url: 'steam://connect/10.0.0.5:27015/pw',
      console: 'connect 10.0.0.5:27015; password pw',
    });
    const finished = got[6]!.body;
    expect(finished.data.match).toMatchObject({
      status: 'completed',
      score: { team1: 1, team2: 0 },
      winner_team_id: teamIds[0],
      maps: [{ number: 0, name: 'de_dust2', team1_score: 13, team2_score: 0, winner: 'team1' }],
    });
    expect(finished.data.connect).toBeUndefined();
    expect(got[5]!.body.data.map).toMatchObject({ number: 0, team1_score: 13, winner: 'team1' });
  });

  it('drops a held score update once the match is over: the finish carries the final score', async () => {
    const start = receiver.received.length;
    const { slug, matchid } = await manualMatch();
    slugOf.set(matchid, slug);
    await post(slug, { map_number: 0, matchid, event: 'going_live' });
    await roundEnd(matchid, 1, 0);
    await roundEnd(matchid, 2, 0);
    await server.request('POST', `/api/matches/${slug}/winner`, { body: { winner: 'team2' } });
    now += 60;
    await runDue();
    const got = from(start, slug).map((r) => [r.body.type, r.body.data.sequence]);
    expect(got).toEqual([
      ['match.live', 1],
      ['match.map_started', 2],
      ['match.score_updated', 3],
      ['match.finished', 4],
    ]);
  });
});

describe('match events from admin actions', () => {
  it('announces a deleted match as cancelled', async () => {
    const start = receiver.received.length;
    const { slug } = await manualMatch();
    expect((await server.request('DELETE', `/api/matches/${slug}`)).status).toBe(200);
    await runDue();
    const [cancelled] = from(start, slug);
    expect(cancelled!.body).toMatchObject({ type: 'match.cancelled', data: { reason: 'deleted' } });
  });

  it('announces every match of a tournament reset as reset', async () => {
    await server.request('POST', '/api/tournament', {
      body: { name: 'Cup', type: 'single_elimination', format: 'bo1', teamIds, settings: { teamSize: 2 } },
    });
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const { matches } = (await server.request('GET', '/api/tournament/bracket')).body;
    const start = receiver.received.length;
    expect((await server.request('POST', '/api/tournament/reset')).status).toBe(200);
    await runDue();
    const reset = receiver.received.slice(start);
    expect(reset.map((r) => [r.body.type, r.body.data.match.slug, r.body.data.reason])).toEqual(
      matches.map((m: { slug: string }) => ['match.reset', m.slug, 'tournament_reset']),
    );
  });

  it('sends an endpoint only the kinds it chose', async () => {
    const picky = await new WebhookReceiver({ now: clock.now }).start();
    const created = await server.request('POST', '/api/webhooks', {
      body: { url: picky.url, events: ['match.finished'] },
    });
    picky.secret = created.body.secret;
    const { slug, matchid } = await manualMatch();
    slugOf.set(matchid, slug);
    await post(slug, { map_number: 0, matchid, event: 'going_live' });
    await server.request('POST', `/api/matches/${slug}/winner`, { body: { winner: 'team1' } });
    await runDue();
    expect(picky.received.map((r) => r.body.type)).toEqual(['match.finished']);
    // No teams source on this endpoint and one website feeds the teams: its ids are used.
    expect(picky.received[0]!.body.data.match.team1.external_id).toBe('ext-a');
    await picky.close();
  });
});
