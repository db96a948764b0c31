import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../fakes/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let now = 1_800_000_000;
const clock = { now: () => now };
let server: TestServer;
let receiver: WebhookReceiver;
const teamIds = ['fx1', 'fx2', 'fx3'];
const playerOf = (i: number) => String(76561198200000000n + BigInt(i));

beforeAll(async () => {
  server = await startTestServer({ clock });
  receiver = await new WebhookReceiver({ now: clock.now }).start();
  await server.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: true } });
  const created = await server.request('POST', '/api/webhooks', {
    body: { url: receiver.url, events: ['match.finished', 'match.reset'] },
  });
  receiver.secret = created.body.secret;
  for (const [i, id] of teamIds.entries()) {
    await server.request('POST', '/api/teams', {
      body: { id, name: `Team ${id}`, players: [{ platformId: playerOf(i), name: `p${i}` }] },
    });
  }
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

const runDue = () => server.running.app.services.webhooks.dispatcher.runDue();
const ratingOf = async (i: number) =>
  (await server.request('GET', `/api/players/${playerOf(i)}/rating-history`)).body as {
    rating: number;
    history: { matchLabel: string; ratingAfter: number }[];
  };

describe('effects of a result correction (decision 39)', () => {
  it('redoes the rating changes of a manual match and announces it finished again', async () => {
    const match = (
      await server.request('POST', '/api/matches', {
        body: {
          team1Id: 'fx1',
          team2Id: 'fx2',
          format: 'bo3',
          veto: false,
          maps: ['de_dust2', 'de_mirage', 'de_nuke'],
        },
      })
    ).body.match;
    await server.request('POST', `/api/matches/${match.slug}/winner`, { body: { winner: 'team1' } });
    const winnerBefore = await ratingOf(0);
    const loserBefore = await ratingOf(1);
    expect(winnerBefore.rating).toBeGreaterThan(loserBefore.rating);

    now += 60;
    const start = receiver.received.length;
    const res = await server.request('POST', `/api/matches/${match.slug}/correction`, {
      body: { winner: 'team2', team2SeriesScore: 2, team1SeriesScore: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.match).toMatchObject({
      winnerId: 'fx2',
      team1SeriesScore: 1,
      team2SeriesScore: 2,
      correctedAt: now,
    });
    const winnerAfter = await ratingOf(1);
    const loserAfter = await ratingOf(0);
    // Undone and applied the other way round: the new winner gains what the old one had gained.
    expect(winnerAfter.rating).toBe(winnerBefore.rating);
    expect(loserAfter.rating).toBe(loserBefore.rating);
    expect(winnerAfter.history).toHaveLength(1);

    await runDue();
    const sent = receiver.received.slice(start).filter((r) => r.body.data.match.slug === match.slug);
    expect(sent.map((r) => [r.body.type, r.body.data.reason])).toEqual([
      ['match.finished', 'result_corrected'],
    ]);
  });

  it("changes a completed round robin's winner and its leaderboard", async () => {
    await server.request('POST', '/api/tournament', {
      body: { name: 'RR Cup', type: 'round_robin', teamIds, settings: { veto: false } },
    });
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const all = async () =>
      (await server.request('GET', '/api/tournament/bracket')).body.matches as {
        slug: string;
        team1: { id: string } | null;
        team2: { id: string } | null;
        status: string;
      }[];
    // fx1 beats everyone; fx2 beats fx3.
    for (const m of (await all()).filter((x) => x.team1 && x.team2)) {
      const winner = m.team1!.id < m.team2!.id ? 'team1' : 'team2';
      await server.request('POST', `/api/matches/${m.slug}/winner`, { body: { winner } });
    }
    const done = (await server.request('GET', '/api/tournament')).body.tournament;
    expect(done.status).toBe('completed');
    expect(done.winner?.id).toBe('fx1');

    const fx1fx2 = (await all()).find((m) => [m.team1?.id, m.team2?.id].sort().join() === 'fx1,fx2')!;
    const fx1fx3 = (await all()).find((m) => [m.team1?.id, m.team2?.id].sort().join() === 'fx1,fx3')!;
    const flip = (m: typeof fx1fx2) => (m.team1!.id === 'fx1' ? 'team2' : 'team1');
    await server.request('POST', `/api/matches/${fx1fx2.slug}/correction`, {
      body: { winner: flip(fx1fx2) },
    });
    await server.request('POST', `/api/matches/${fx1fx3.slug}/correction`, {
      body: { winner: flip(fx1fx3) },
    });
    const after = (await server.request('GET', '/api/tournament')).body.tournament;
    expect(after.status).toBe('completed');
    expect(after.winner?.id).toBe('fx2');
    const board = (await server.request('GET', `/api/tournament/${after.id}/leaderboard`)).body;
    expect(board.entries[0].teamId).toBe('fx2');
    expect((await server.request('GET', '/api/tournament/corrections')).body.count).toBe(2);
    expect((await server.request('DELETE', '/api/tournament')).status).toBe(200);
  });

  it('announces a repaired downstream match as reset', async () => {
    await server.request('POST', '/api/tournament', {
      body: { name: 'SE Cup', type: 'single_elimination', teamIds, settings: { veto: false } },
    });
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    const list = (await server.request('GET', '/api/tournament/bracket')).body.matches as {
      slug: string;
      label: string;
      isBye?: boolean;
      team1: { id: string } | null;
      team2: { id: string } | null;
    }[];
    const played = list.find((m) => m.team1 && m.team2 && m.label !== 'Final')!;
    await server.request('POST', `/api/matches/${played.slug}/winner`, { body: { winner: 'team1' } });
    await runDue();
    const start = receiver.received.length;
    const res = await server.request('POST', `/api/matches/${played.slug}/correction`, {
      body: { winner: 'team2' },
    });
    expect(res.body.repaired).toEqual(['final']);
    await runDue();
    const sent = receiver.received
      .slice(start)
      .map((r) => [r.body.type, r.body.data.match.slug, r.body.data.reason]);
    // In order per match only (decision 71): two matches' deliveries may cross.
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(
      expect.arrayContaining([
        ['match.finished', played.slug, 'result_corrected'],
        ['match.reset', 'final', 'result_corrected'],
      ]),
    );
  });
});
