import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../fakes/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Rounds of one match that arrive together are applied together (ingest-batch.ts); what they leave must
 * be what they leave one by one: answers, stored outcomes, match, maps, player stats and webhooks.
 */

let now = 1_800_000_000;
const clock = { now: () => now };

let server: TestServer;
let receiver: WebhookReceiver;
const teamIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ clock });
  receiver = await new WebhookReceiver({ now: clock.now }).start();
  await server.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: true } });
  const created = await server.request('POST', '/api/webhooks', { body: { url: receiver.url } });
  receiver.secret = created.body.secret;
  for (const name of ['Alpha', 'Bravo']) {
    const res = await server.request('POST', '/api/teams', { body: { name } });
    teamIds.push(res.body.team.id);
  }
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

/** Straight into the service: calls made in one turn of the event loop land in one group commit. */
const ingest = (slug: string, body: Record<string, unknown>) => {
  const { event, ...rest } = body;
  return server.running.app.services.pluginEvents.ingest(
    Buffer.from(JSON.stringify({ ...rest, event })),
    slug,
  );
};

const player = (n: number, kills: number) => ({
  steamid: String(76561198000000000n + BigInt(n)),
  name: `player ${n}`,
  stats: { kills, deaths: 1, damage: kills * 100 },
});
const roundEnd = (matchid: number, t1: number, t2: number, players: readonly number[]) => {
  const kills = t1 + t2;
  const team = (score: number, ids: readonly number[]) => ({
    series_score: 0,
    score,
    score_ct: 0,
    score_t: 0,
    players: ids.map((n) => player(n, kills + n)),
    id: '',
    name: 'x',
  });
  return {
    reason: 9,
    winner: { side: '2', team: t1 >= t2 ? 'team1' : 'team2' },
    team1: team(
      t1,
      players.filter((n) => n <= 5),
    ),
    team2: team(
      t2,
      players.filter((n) => n > 5),
    ),
    round_time: 0,
    round_number: t1 + t2,
    map_number: 0,
    matchid,
    event: 'round_end',
  };
};

/** A stretch of one map as the plugin may send it: a retry, a late older round, an unreadable round. */
function rounds(matchid: number): Record<string, unknown>[] {
  const second = roundEnd(matchid, 2, 0, [1, 2, 6, 7]);
  return [
    roundEnd(matchid, 1, 0, [1, 2, 6, 7]),
    second,
    second,
    roundEnd(matchid, 1, 0, [1, 2, 6, 7]),
    { ...roundEnd(matchid, 2, 1, [1, 2, 6, 7]), round_number: 'three' },
    roundEnd(matchid, 2, 1, [1, 2, 6, 7]),
    // Player 2 left: their line stays at round 3; player 3 joined.
    roundEnd(matchid, 3, 1, [1, 3, 6, 7]),
    roundEnd(matchid, 4, 1, [1, 3, 6, 7]),
  ];
}

async function liveMatch() {
  const res = await server.request('POST', '/api/matches', {
    body: { team1Id: teamIds[0], team2Id: teamIds[1], format: 'bo1', maps: ['de_dust2'], veto: false },
  });
  expect(res.status).toBe(201);
  const { slug, matchid } = res.body.match as { slug: string; matchid: number };
  await ingest(slug, { matchid, event: 'series_start' });
  await ingest(slug, { map_number: 0, matchid, event: 'going_live' });
  return { slug, matchid };
}

/** Everything the events left of a match, without what names the match itself. */
async function left(slug: string, webhooksFrom: number) {
  const match = (await server.request('GET', `/api/matches/${slug}`)).body.match;
  const events = (await server.request('GET', `/api/matches/${slug}/events`)).body.events as {
    event: string;
    outcome: string;
  }[];
  const stats = (await server.request('GET', `/api/matches/${slug}/stats`)).body;
  const webhooks = receiver.received
    .slice(webhooksFrom)
    .filter((r) => r.body.data.match.slug === slug)
    .map((r) => ({ type: r.body.type, sequence: r.body.data.sequence, map: r.body.data.map }));
  return {
    match: {
      status: match.status,
      phase: match.phase,
      currentMapNumber: match.currentMapNumber,
      team1MapScore: match.team1MapScore,
      team2MapScore: match.team2MapScore,
      maps: match.maps,
    },
    events: events.map(({ event, outcome }) => ({ event, outcome })),
    stats,
    webhooks,
  };
}

describe('plugin events arriving together', () => {
  it('apply rounds of one match together as they apply one by one, a bad one stored with its reason', async () => {
    const webhooksFrom = receiver.received.length;
    const alone = await liveMatch();
    const together = await liveMatch();

    const answersAlone = [];
    for (const body of rounds(alone.matchid)) {
      answersAlone.push(await ingest(alone.slug, body));
    }
    const answersTogether = await Promise.all(rounds(together.matchid).map((b) => ingest(together.slug, b)));

    expect(answersTogether).toEqual(answersAlone);
    expect(answersAlone.map((a) => a.outcome)).toEqual([
      'applied',
      'applied',
      'ignored',
      'ignored',
      'ignored',
      'applied',
      'applied',
      'applied',
    ]);
    expect(answersAlone[2]!.message).toContain('same bytes as an earlier delivery');
    expect(answersAlone[4]!.message).toContain('could not be applied');

    await server.running.app.services.webhooks.dispatcher.runDue();
    const first = await left(alone.slug, webhooksFrom);
    expect(first.match).toMatchObject({ status: 'live', team1MapScore: 4, team2MapScore: 1 });
    expect(first.events.slice(2)).toEqual([
      { event: 'round_end', outcome: 'applied' },
      { event: 'round_end', outcome: 'applied' },
      { event: 'round_end', outcome: 'ignored: changes nothing' },
      { event: 'round_end', outcome: 'ignored: changes nothing' },
      { event: 'round_end', outcome: expect.stringMatching(/^failed: /) as unknown },
      { event: 'round_end', outcome: 'applied' },
      { event: 'round_end', outcome: 'applied' },
      { event: 'round_end', outcome: 'applied' },
    ]);
    // The first score goes out at once, the later ones are held for 5 s (a webhook reads the match as
    // the round that sent it left it).
    expect(first.webhooks.filter((w) => w.type === 'match.score_updated')).toEqual([
      {
        type: 'match.score_updated',
        sequence: expect.any(Number) as unknown,
        map: expect.objectContaining({ team1_score: 1, team2_score: 0 }) as unknown,
      },
    ]);
    // Each player's line is their latest round's: player 2's from round 3, when they left.
    const kills = Object.fromEntries(
      (first.stats.maps[0].team1 as { name: string; kills: number }[]).map((p) => [p.name, p.kills]),
    );
    expect(kills).toEqual({ 'player 1': 6, 'player 2': 5, 'player 3': 8 });
    expect(await left(together.slug, webhooksFrom)).toEqual(first);

    now += 5;
    await server.running.app.services.webhooks.dispatcher.runDue();
    const later = await left(alone.slug, webhooksFrom);
    expect(later.webhooks.at(-1)).toMatchObject({
      type: 'match.score_updated',
      map: { team1_score: 4, team2_score: 1 },
    });
    expect(await left(together.slug, webhooksFrom)).toEqual(later);
  });
});
