import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver, type FakeGameServer, type MatchScript, type TeamSlot } from '../fakes/index.js';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';
import { addFakeServer, postBo1, postTeams } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

// Event payloads are read as loose JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let server: TestServer;
let receiver: WebhookReceiver;
const fakes: FakeGameServer[] = [];
beforeAll(async () => {
  server = await startTestServer();
  await postTeams(server, 2);
  receiver = await new WebhookReceiver().start();
  await server.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: true } });
  const hook = await server.request('POST', '/api/webhooks', {
    body: { url: receiver.url, events: ['match.moved'] },
  });
  expect(hook.status).toBe(201);
  receiver.secret = hook.body.secret;
});
afterEach(async () => {
  // Each test starts with no match in play and no server.
  for (const m of (await server.request('GET', '/api/matches')).body.matches as {
    slug: string;
    status: string;
  }[]) {
    if (m.status !== 'completed' && m.status !== 'cancelled') {
      await server.request('POST', `/api/matches/${m.slug}/force-cancel`);
    }
  }
  await Promise.all(fakes.splice(0).map((f) => f.stop()));
  for (const s of (await server.request('GET', '/api/servers')).body.servers as { id: string }[]) {
    await server.request('DELETE', `/api/servers/${s.id}`);
  }
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

const WAIT = { timeoutMs: 30_000, intervalMs: 50 };
const matchOf = async (slug: string) => (await server.request('GET', `/api/matches/${slug}`)).body.match;

/** 13-7 for team1 over 20 rounds, the same on every server: a moved map goes on with the same plan. */
const ROUNDS: TeamSlot[] = [
  ...Array.from({ length: 12 }, (_, i): TeamSlot => (i % 3 === 2 ? 'team2' : 'team1')),
  ...Array.from({ length: 8 }, (_, i): TeamSlot => (i < 3 ? 'team2' : 'team1')),
];
const final = (rounds: TeamSlot[]) => ({
  team1: rounds.filter((r) => r === 'team1').length,
  team2: rounds.filter((r) => r === 'team2').length,
});

/** A 1.4.21 fake that plays ROUNDS; `holdBeforeRound` stops it there (an admin pause that never ends). */
function script(holdBeforeRound?: number): MatchScript {
  return {
    maps: [
      {
        rounds: ROUNDS,
        knife: { winner: 'team1', choice: 'stay' },
        ...(holdBeforeRound ? { pause: { beforeRound: holdBeforeRound, by: 'admin', seconds: 1e7 } } : {}),
      },
    ],
  };
}

async function liveOnFirstServer(holdBeforeRound: number) {
  const first = await addFakeServer(server, 'srv-1', fakes, {
    flavour: 'matchzy',
    msPerGameSecond: 0.02,
    demoSizeBytes: 16 * 1024,
    script: script(holdBeforeRound),
  });
  const { slug } = await postBo1(server);
  // Held before round `holdBeforeRound`: its backups up to `holdBeforeRound - 2` rounds played are stored.
  const newest = holdBeforeRound - 2;
  await waitFor(
    async () => {
      const backups = (await server.request('GET', `/api/matches/${slug}/backups`)).body.backups;
      return backups?.[0]?.round === newest ? backups : undefined;
    },
    { ...WAIT, message: `the round backup of ${newest} rounds played stored from srv-1` },
  );
  return { first, slug, newest };
}

describe('move a match (API.md decision 55)', () => {
  // A whole map on two servers and a setup: longer than the default on a busy machine.
  it(
    'moves a live map to a free server, which goes on from the newest backup and plays the map out once',
    { timeout: 60_000 },
    async () => {
      const { first, slug, newest } = await liveOnFirstServer(9);
      expect((await matchOf(slug)).status).toBe('live');
      const spare = await addFakeServer(server, 'srv-2', fakes, {
        flavour: 'matchzy',
        msPerGameSecond: 0.02,
        demoSizeBytes: 16 * 1024,
        script: script(),
      });

      const moved = await server.request('POST', `/api/matches/${slug}/move`, { body: {} });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ from: 'srv-1', to: 'srv-2', mapNumber: 0, round: newest });
      expect(moved.body.match.serverId).toBe('srv-2');
      expect(moved.body.match.status).toBe('live');

      // The old server is told to end the match and is blocked until it is set up again.
      await waitFor(() => first.commands.some((c) => c.startsWith('css_endmatch')), {
        ...WAIT,
        message: 'css_endmatch on srv-1',
      });
      const old = (await server.request('GET', '/api/servers/srv-1')).body.server;
      expect(old.availability.blockedReason).toBe('failed');
      // Its setup run again by an admin, it takes matches again.
      expect((await server.request('POST', '/api/servers/srv-1/setup')).status).toBeLessThan(300);
      expect(
        (await server.request('GET', '/api/servers/srv-1')).body.server.availability.blockedReason,
      ).not.toBe('failed');

      // The spare downloads the backup with the plugin token in the header Matchday named.
      const load = await waitFor(() => spare.commands.find((c) => c.startsWith('matchzy_loadbackup_url')), {
        ...WAIT,
        message: 'matchzy_loadbackup_url on srv-2',
      });
      expect(load).toMatch(
        new RegExp(
          `^matchzy_loadbackup_url "http://[^"]+/api/matches/${slug}/backups/0/${newest}" "X-MatchZy-Token" "${TOKENS.server}"$`,
        ),
      );
      const restored = await spare.waitForEvent('backup_loaded');
      expect(restored.payload.round_number).toBe(newest);
      // The plugin pauses after a restore; the admin lifts it.
      await spare.execute('css_forceunpause');

      const done = await waitFor(
        async () => {
          const m = await matchOf(slug);
          return m.status === 'completed' ? m : undefined;
        },
        { ...WAIT, message: `match ${slug} completed on srv-2` },
      );
      expect(done.maps[0]).toMatchObject({
        team1Score: final(ROUNDS).team1,
        team2Score: final(ROUNDS).team2,
      });
      // Every round counted once, stats included: the spare's figures go on from the backup's (one round
      // more than srv-1's after the backed-up rounds), and Matchday keeps the spare's final figures.
      const kills = (roundEnd: Json) =>
        (['team1', 'team2'] as const)
          .flatMap((team) => (roundEnd[team].players as { stats: { kills: number } }[]) ?? [])
          .reduce((sum, p) => sum + p.stats.kills, 0);
      const oldEnds = first.delivered('round_end') as Json[];
      const spareEnds = spare.delivered('round_end') as Json[];
      expect(spareEnds).toHaveLength(ROUNDS.length - newest);
      const atBackup = kills(oldEnds[newest - 1]!);
      const firstOnSpare = kills(spareEnds[0]!);
      expect(firstOnSpare).toBeGreaterThan(atBackup);
      expect(firstOnSpare - atBackup).toBeLessThanOrEqual(kills(oldEnds[0]!) + 4);
      const stats = (await server.request('GET', `/api/matches/${slug}/stats`, { token: null })).body;
      const lines = [...stats.maps[0].team1, ...stats.maps[0].team2] as { kills: number }[];
      expect(lines.reduce((sum, l) => sum + l.kills, 0)).toBe(kills(spareEnds.at(-1)!));
    },
  );

  it('restores the round an admin chose, and refuses one that was never stored', async () => {
    const { slug } = await liveOnFirstServer(8);
    const spare = await addFakeServer(server, 'srv-2', fakes, {
      flavour: 'matchzy',
      msPerGameSecond: 0.02,
      script: script(),
    });
    const missing = await server.request('POST', `/api/matches/${slug}/move`, { body: { round: 40 } });
    expect(missing).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const moved = await server.request('POST', `/api/matches/${slug}/move`, {
      body: { serverId: 'srv-2', round: 3 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.round).toBe(3);
    expect(moved.body.message).toMatch(/round 4/);
    const restored = await spare.waitForEvent('backup_loaded');
    expect(restored.payload.round_number).toBe(3);
    await server.running.app.services.webhooks.dispatcher.runDue();
    const hook = await waitFor(
      () => receiver.received.find((r) => r.body.type === 'match.moved' && r.body.data.match.slug === slug),
      { ...WAIT, message: `the match.moved webhook of ${slug}` },
    );
    // Webhook bodies are snake_case, as every other webhook field (webhooks/service.ts).
    expect(hook.body.data.moved).toEqual({ from: 'srv-1', to: 'srv-2', map_number: 0, round: 3 });
    // The admin's monitor (the log on the admin live stream) names who moved it.
    const logs = (await server.request('GET', '/api/logs')).body.entries as Json[];
    expect(logs.find((e) => e.msg === 'match moved' && e.details.match === slug)?.details).toMatchObject({
      from: 'srv-1',
      to: 'srv-2',
      round: 3,
      actor: 'token admin',
    });
  });

  it('with no free server answers 409 NO_FREE_SERVER and the match waits, moving as soon as one frees', async () => {
    const { slug, newest } = await liveOnFirstServer(5);
    const busy = await server.request('POST', `/api/matches/${slug}/move`, { body: {} });
    expect(busy).toMatchObject({ status: 409, body: { success: false, code: 'NO_FREE_SERVER' } });
    expect(await matchOf(slug)).toMatchObject({ serverId: 'srv-1', moving: true });
    const moveItems = async () =>
      (
        (await server.request('GET', '/api/attention')).body.items as {
          kind: string;
          matchSlug?: string;
          message: string;
        }[]
      ).filter((i) => i.kind === 'move' && i.matchSlug === slug);
    // API.md decision 64: the waiting move is in the organiser's queue.
    await server.running.app.services.attention.sweep();
    expect((await moveItems()).map((i) => i.message)).toEqual([expect.stringContaining('waits to move')]);

    const spare = await addFakeServer(server, 'srv-2', fakes, {
      flavour: 'matchzy',
      msPerGameSecond: 0.02,
      script: script(),
    });
    const moved = await waitFor(
      async () => {
        const m = await matchOf(slug);
        return m.serverId === 'srv-2' ? m : undefined;
      },
      { ...WAIT, message: `match ${slug} moved to srv-2 once it freed` },
    );
    expect(moved.moving).toBe(false);
    const restored = await spare.waitForEvent('backup_loaded');
    expect(restored.payload.round_number).toBe(newest);
    // The waiting item left; the done move is there while the match is played.
    await server.running.app.services.attention.sweep();
    expect((await moveItems()).map((i) => i.message)).toEqual([
      expect.stringContaining('was moved from srv-1 to srv-2'),
    ]);
    await server.request('POST', `/api/matches/${slug}/force-cancel`);
    await server.running.app.services.attention.sweep();
    expect(await moveItems()).toEqual([]);
  });

  it('clears a server_lost item an earlier leader raised once the admin moved the match', async () => {
    const { slug } = await liveOnFirstServer(5);
    await addFakeServer(server, 'srv-2', fakes, {
      flavour: 'matchzy',
      msPerGameSecond: 0.02,
      script: script(),
    });
    // Raised before a leader change: this instance's failover job never saw it raised.
    await server.running.app.services.attention.raise({
      kind: 'server_lost',
      key: slug,
      matchSlug: slug,
      serverId: 'srv-1',
      message: 'Server srv-1 neither answers RCON nor posts events. Move the match to another server.',
    });
    const lostItems = async () =>
      ((await server.request('GET', '/api/attention')).body.items as Json[]).filter(
        (i) => i.kind === 'server_lost' && i.matchSlug === slug,
      );
    expect(await lostItems()).toHaveLength(1);

    expect(
      (await server.request('POST', `/api/matches/${slug}/move`, { body: { serverId: 'srv-2' } })).status,
    ).toBe(200);
    await waitFor(async () => ((await lostItems()).length === 0 ? true : undefined), {
      ...WAIT,
      message: `the server_lost item of ${slug} cleared after the move`,
    });
  });

  it('refuses a match on no server with 422 INVALID_STATE', async () => {
    const waiting = await postBo1(server);
    const offServer = await server.request('POST', `/api/matches/${waiting.slug}/move`, { body: {} });
    expect(offServer).toMatchObject({ status: 422, body: { code: 'INVALID_STATE' } });
  });
});
