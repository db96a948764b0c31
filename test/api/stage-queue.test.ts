import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGameServer, PluginFlavour } from '../fakes/index.js';
import { Browser } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { addFakeServer, playerOf, postTeams } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

let server: TestServer;
const fakes: FakeGameServer[] = [];
const CASTER = playerOf(3, 1);
const PLAYER = playerOf(1, 1);

async function signedIn(platformId: string, teamId: string): Promise<Browser> {
  const browser = new Browser(server);
  const { joinCode } = (await server.request('GET', `/api/teams/${teamId}`)).body.team;
  const res = await browser.request('POST', '/api/auth/lan', { body: { platformId, teamCode: joinCode } });
  expect(res.status).toBe(200);
  return browser;
}

const matchOf = async (slug: string) => (await server.request('GET', `/api/matches/${slug}`)).body.match;

beforeAll(async () => {
  server = await startTestServer();
  await postTeams(server, 3);
  const saved = await server.request('PUT', '/api/settings', {
    body: { casters: [{ platformId: CASTER.platformId, name: 'The Caster' }] },
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.stop()));
  await server.stop();
});

describe('server tags (decision 74)', () => {
  it('refuses tags that are not lowercase words, too long, repeated or more than 8, naming the field', async () => {
    const base = { id: 'tagged', name: 'Tagged', host: '127.0.0.1', port: 27999, rconPassword: 'x' };
    for (const tags of [
      ['Stage'],
      ['a'.repeat(25)],
      ['stage', 'stage'],
      Array.from({ length: 9 }, (_, i) => `t${i}`),
    ]) {
      const res = await server.request('POST', '/api/servers', { body: { ...base, tags } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.details[0].path).toMatch(/^tags/);
    }
  });
});

describe('game modes and map modes (decision 74)', () => {
  it('refuses a wingman pool of competitive maps, then plays 2v2 once the maps list wingman', async () => {
    const pool = ['de_inferno', 'de_nuke', 'de_overpass', 'de_dust2', 'de_ancient', 'de_anubis', 'de_mirage'];
    const body = {
      name: 'Wingman cup',
      type: 'single_elimination',
      gameMode: 'wingman',
      settings: { mapPool: pool },
    };
    const refused = await server.request('POST', '/api/tournament', { body });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(refused.body.details.map((d: { path: string }) => d.path)).toContain('settings.mapPool.0');

    for (const id of pool) {
      const res = await server.request('PUT', `/api/maps/${id}`, {
        body: { modes: ['competitive', 'wingman'] },
      });
      expect(res.status).toBe(200);
      expect(res.body.map.modes).toEqual(['competitive', 'wingman']);
    }
    const created = await server.request('POST', '/api/tournament', {
      body: { ...body, serverTags: ['wingman'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.tournament).toMatchObject({ gameMode: 'wingman', serverTags: ['wingman'] });
    expect(created.body.tournament.settings.teamSize).toBe(2);
    expect((await server.request('DELETE', '/api/tournament')).status).toBeLessThan(300);
  });

  it('defaults to competitive and refuses an unknown mode', async () => {
    const bad = await server.request('PUT', '/api/maps/de_dust2', { body: { modes: ['deathmatch'] } });
    expect(bad.status).toBe(400);
    const created = await server.request('POST', '/api/tournament', {
      body: { name: 'Main', type: 'single_elimination' },
    });
    expect(created.status).toBe(201);
    expect(created.body.tournament).toMatchObject({ gameMode: 'competitive', serverTags: [] });
    expect((await server.request('DELETE', '/api/tournament')).status).toBeLessThan(300);
  });
});

describe.each<[PluginFlavour, string]>([
  ['matchzy', '1.4.21'],
  ['at', '2.0.0'],
])('the stage queue on the %s fake (%s, decision 76)', (flavour) => {
  it('waits for a stage server, holds each map in warmup until a caster presses Go', async () => {
    const created = await server.request('POST', '/api/matches', {
      body: {
        team1Id: 'team1',
        team2Id: 'team2',
        format: 'bo3',
        maps: ['de_mirage', 'de_nuke', 'de_inferno'],
        maxRounds: 2,
      },
    });
    expect(created.status).toBe(201);
    const slug: string = created.body.match.slug;
    // On stage before any server exists: it may only ever go to one tagged stage.
    const staged = await server.request('PUT', `/api/matches/${slug}/stage`, { body: { onStage: true } });
    expect(staged.status).toBe(200);
    expect(staged.body.match.onStage).toBe(true);

    const id = `stage-${flavour}`;
    await addFakeServer(server, id, fakes, { flavour, msPerGameSecond: 0.02 });
    const waiting = await waitFor(
      async () =>
        (await server.request('GET', '/api/tournament/allocation-status')).body.waiting.find(
          (w: { slug: string; reason: string }) => w.slug === slug && w.reason === 'no_tagged_server',
        ),
      { message: `match ${slug} to wait for a server tagged stage` },
    );
    expect(waiting).toMatchObject({ tags: ['stage'], detail: 'no free server tagged stage' });
    expect((await matchOf(slug)).status).toBe('ready');

    const tagged = await server.request('PUT', `/api/servers/${id}`, { body: { tags: ['stage'] } });
    expect(tagged.status).toBe(200);
    expect(tagged.body.server.tags).toEqual(['stage']);
    await waitFor(
      async () => (await matchOf(slug)).status === 'loaded' && (await matchOf(slug)).serverId === id,
      {
        message: `match ${slug} to be loaded on ${id}`,
      },
    );
    const queue = await server.request('GET', '/api/stage-queue', { token: null });
    expect(queue.status).toBe(200);
    expect(queue.body.matches.map((m: { slug: string }) => m.slug)).toContain(slug);

    // Players of a fast fake ready up in a few ms; the stage match must still be in warmup after a while.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await matchOf(slug)).status).toBe('loaded');

    const player = await signedIn(PLAYER.platformId, 'team1');
    expect((await player.request('POST', `/api/matches/${slug}/go`)).status).toBe(403);
    const caster = await signedIn(CASTER.platformId, 'team3');
    const go = await caster.request('POST', `/api/matches/${slug}/go`);
    expect(go.status).toBe(200);
    expect(go.body.match.goAt).toEqual(expect.any(Number));
    await waitFor(async () => ['live', 'completed'].includes((await matchOf(slug)).status), {
      message: `match ${slug} to go live after Go`,
    });
    // Map 2 waits in its warmup for a ready caster too (src/Utility.cs IsLiveRequirementSatisfied): Go
    // starts it.
    const betweenMaps = await waitFor(
      async () => {
        const m = await matchOf(slug);
        return m.status === 'live' && m.phase === null && m.team1SeriesScore + m.team2SeriesScore === 1
          ? m
          : undefined;
      },
      { message: `match ${slug} to wait between maps 1 and 2`, timeoutMs: 15_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await matchOf(slug)).toMatchObject({
      phase: null,
      currentMapNumber: betweenMaps.currentMapNumber,
    });
    expect((await player.request('POST', `/api/matches/${slug}/go`)).status).toBe(403);
    expect((await caster.request('POST', `/api/matches/${slug}/go`)).status).toBe(200);
    // Live on map 2, or already past it: two short rounds can go live and end between two polls.
    await waitFor(
      async () => {
        const m = await matchOf(slug);
        return (
          m.status === 'completed' ||
          m.team1SeriesScore + m.team2SeriesScore === 2 ||
          (m.phase !== null && m.currentMapNumber !== betweenMaps.currentMapNumber)
        );
      },
      { message: `map 2 of match ${slug} to go live after the second Go`, timeoutMs: 15_000 },
    );
    // A decider waits for Go as well; the series ends so that its players are free for the next test.
    let deciderGo: number | undefined;
    await waitFor(
      async () => {
        const m = await matchOf(slug);
        // Once: a second Go before the going_live arrives is the plugin's "already started" (409).
        const decider =
          m.status === 'live' && m.phase === null && m.team1SeriesScore + m.team2SeriesScore === 2;
        if (decider && deciderGo === undefined) {
          deciderGo = (await caster.request('POST', `/api/matches/${slug}/go`)).status;
        }
        return m.status === 'completed';
      },
      { message: `match ${slug} to complete`, timeoutMs: 20_000, intervalMs: 200 },
    );
    expect(deciderGo ?? 200).toBe(200);
    // Done on stage: free the server for the next flavour's test.
    await server.request('DELETE', `/api/servers/${id}`);
  });
});
