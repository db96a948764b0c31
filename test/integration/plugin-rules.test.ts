/**
 * The real plugin's rules that Matchday must play by (PROTOCOL.md 4.1, 4.4, 6.1), against the fake
 * game server, which follows them: the ready gate, admission of casters, workshop maps per version and
 * a load queued behind a long postgame.
 */
import { describe, expect, it } from 'vitest';
import { FakeGameServer, type FakeGameServerOptions } from '../fakes/index.js';
import { TOKENS, type TestServer } from '../helpers/server.js';
import { useMatchdayAndFakes } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const RCON_PASSWORD = 'rcon-password-rules';
const { fakes, startMatchday } = useMatchdayAndFakes();

const player = (team: number, i: number) => ({
  platformId: String(76561198000000000n + BigInt(team * 10 + i)),
  name: `t${team}p${i}`,
});

/** A fake game server added to Matchday and set up; `flavour` names both sides' generation. */
async function addServer(server: TestServer, id: string, options: FakeGameServerOptions = {}) {
  const fake = new FakeGameServer({
    password: RCON_PASSWORD,
    msPerGameSecond: 0.05,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    demoSizeBytes: 16 * 1024,
    ...options,
  });
  fakes.push(fake);
  await fake.start();
  const res = await server.request('POST', '/api/servers', {
    body: {
      id,
      name: id,
      host: '127.0.0.1',
      port: fake.rconPort,
      rconPassword: RCON_PASSWORD,
      flavour: options.flavour ?? 'plugin',
    },
  });
  expect(res.status).toBe(201);
  await fake.waitForEvent('server_configured', (p) => p.server_id === id);
  return fake;
}

async function postTeam(server: TestServer, team: number, size: number) {
  const res = await server.request('POST', '/api/teams', {
    body: {
      id: `team${team}`,
      name: `Team ${team}`,
      tag: `T${team}`,
      players: Array.from({ length: size }, (_, i) => player(team, i + 1)),
    },
  });
  expect(res.status).toBe(201);
}

async function manualMatch(server: TestServer, body: Record<string, unknown> = {}) {
  const res = await server.request('POST', '/api/matches', {
    body: { team1Id: 'team1', team2Id: 'team2', format: 'bo1', veto: false, maps: ['de_mirage'], ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.match.slug as string;
}

const statusOf = async (server: TestServer, slug: string) =>
  (await server.request('GET', `/api/matches/${slug}`)).body.match.status as string;

describe('readiness: the team size played, the lineup listed (PROTOCOL.md 4.4)', () => {
  it('starts a 5v5 whose team has a sixth player (a substitute), with no team size given', async () => {
    const matchday = await startMatchday();
    const fake = await addServer(matchday, 'srv-1');
    await postTeam(matchday, 1, 6);
    await postTeam(matchday, 2, 5);
    const slug = await manualMatch(matchday);
    // The roster length (6) as players_per_team would never ready team 2's side of five.
    await fake.waitForEvent('going_live', undefined, 30_000);
    expect(fake.match?.config.playersPerTeam).toBe(5);
    expect(fake.match?.config.minPlayersToReady).toBe(5);
    // The lineup, not the roster: 1.4.21 waits for every listed player (API.md decision 62).
    expect(fake.match?.config.team1.players).toHaveLength(5);
    await waitFor(async () => (await statusOf(matchday, slug)) === 'live', {
      message: 'the match to be live',
    });
  }, 60_000);

  it('plays the tournament’s teamSize', async () => {
    const matchday = await startMatchday();
    const fake = await addServer(matchday, 'srv-1');
    await postTeam(matchday, 1, 3);
    await postTeam(matchday, 2, 2);
    const created = await matchday.request('POST', '/api/tournament', {
      body: {
        name: 'Wingman Cup',
        type: 'single_elimination',
        format: 'bo1',
        teamIds: ['team1', 'team2'],
        settings: { veto: false, teamSize: 2 },
      },
    });
    expect(created.status).toBe(201);
    expect((await matchday.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    await fake.waitForEvent('going_live', undefined, 30_000);
    expect(fake.match?.config.playersPerTeam).toBe(2);
    expect(fake.match?.config.team1.players).toHaveLength(2);
  }, 60_000);
});

describe('casters (API.md decision 48, PROTOCOL.md 4.4)', () => {
  it('lets the casters of the settings in as spectators; the plugin kicks anyone else on no roster', async () => {
    const matchday = await startMatchday();
    const caster = { steamid: '76561198000000099', name: 'Caster One' };
    const stranger = { steamid: '76561198000000098', name: 'Stranger' };
    const fake = await addServer(matchday, 'srv-1', { script: { visitors: [caster, stranger] } });
    const saved = await matchday.request('PUT', '/api/settings', {
      body: { casters: [{ platformId: caster.steamid, name: caster.name }] },
    });
    expect(saved.status).toBe(200);
    await postTeam(matchday, 1, 2);
    await postTeam(matchday, 2, 2);
    await manualMatch(matchday, { teamSize: 2 });
    await fake.waitForEvent('going_live', undefined, 30_000);
    expect(fake.match?.config.spectators).toEqual([caster]);
    expect(fake.delivered('player_connect').map((p) => (p.player as { steamid: string }).steamid)).toContain(
      caster.steamid,
    );
    expect(fake.logs.map((l) => l.message)).toContain('Kicking player Stranger - Not a player in this game.');
  }, 60_000);
});

describe('workshop maps (PROTOCOL.md 4.1)', () => {
  for (const flavour of ['matchzy', 'at'] as const) {
    it(`loads a workshop map on ${flavour === 'matchzy' ? '1.4.21' : '2.0.0'}`, async () => {
      const matchday = await startMatchday();
      const workshopId = '3070212801';
      const fake = await addServer(matchday, 'srv-1', {
        flavour,
        workshopMaps: { [workshopId]: 'de_cache_classic' },
      });
      const map = await matchday.request('POST', '/api/maps', {
        body: { id: 'de_cache_classic', displayName: 'Cache Classic', workshopId },
      });
      expect(map.status).toBe(201);
      await postTeam(matchday, 1, 2);
      await postTeam(matchday, 2, 2);
      await manualMatch(matchday, { teamSize: 2, maps: ['de_cache_classic'] });
      await fake.waitForEvent('going_live', undefined, 30_000);
      // 1.4.21 changes nothing, silently, for a workshop map's name.
      expect(fake.match?.config.maps).toEqual([workshopId]);
      expect(fake.currentMap).toBe('de_cache_classic');
    }, 60_000);
  }
});

describe('a load queued behind the postgame (PROTOCOL.md 6.1)', () => {
  it('waits out a postgame longer than the fetch timeout; nothing is rolled back, no error', async () => {
    const matchday = await startMatchday();
    // Half a real second per game second: a 71 s postgame lasts about 35 s, past the 30 s fetch timeout.
    const fake = await addServer(matchday, 'srv-1', {
      msPerGameSecond: 500,
      script: {
        pace: {
          playerConnect: 0.1,
          playerReady: 0.1,
          knifeRound: 1,
          sideDecision: 1,
          round: [1, 1],
          roundRestart: 1,
        },
        maps: [{ score: [2, 0] }],
      },
    });
    await matchday.request('PUT', '/api/settings', { body: { demoRecording: false } });
    await fake.execute('plugin_series_end_kick_delay_no_demo 60');
    await postTeam(matchday, 1, 2);
    await postTeam(matchday, 2, 2);
    await postTeam(matchday, 3, 2);
    const first = await manualMatch(matchday, { teamSize: 2, maxRounds: 2 });
    await fake.waitForEvent('going_live', undefined, 30_000);
    const second = await manualMatch(matchday, { teamSize: 2, maxRounds: 2, team1Id: 'team3' });
    await fake.waitForEvent('series_end', undefined, 30_000);
    await waitFor(() => fake.loads.some((l) => l.result === 'queued'), {
      timeoutMs: 30_000,
      message: 'the second load to be queued',
    });
    await waitFor(
      () => fake.loads.some((l) => l.result === 'loaded' && l.matchId !== fake.loads[0]!.matchId),
      {
        timeoutMs: 90_000,
        message: 'the queued load to fetch its config after the postgame',
      },
    );
    expect(await statusOf(matchday, first)).toBe('completed');
    expect(await statusOf(matchday, second)).toMatch(/loaded|live/);
    // The second match went out once, at the series end: queued, then fetched after the postgame. A load
    // of the first match sent again (its RCON reply late on a busy machine) is refused as already set up.
    const loads = JSON.stringify(fake.loads.map(({ result, url, reason }) => ({ result, url, reason })));
    const resultsOf = (slug: string) =>
      fake.loads.filter((l) => new URL(l.url).pathname.endsWith(`/${slug}.json`)).map((l) => l.result);
    expect(resultsOf(second), loads).toEqual(['queued', 'loaded']);
    expect(resultsOf(first)[0], loads).toBe('loaded');
    expect(
      fake.loads.filter((l) => l.result === 'refused').every((l) => l.reason === 'match already set up'),
      loads,
    ).toBe(true);
    expect(resultsOf(first).length + resultsOf(second).length, loads).toBe(fake.loads.length);
    expect(fake.statusHistory).not.toContain('error');
    // 1.4.x has no clear_queued_match: Matchday never sent it.
    expect(fake.commands.filter((c) => c.includes('clear_queued_match'))).toEqual([]);
  }, 150_000);
});

describe('servers the plugin has left with nothing set up are free (PROTOCOL.md 6)', () => {
  const serverView = async (server: TestServer) =>
    (await server.request('GET', '/api/servers/srv-1/status')).body.server as {
      plugin: { status: string | null };
      availability: { free: boolean };
    };

  it('frees a server whose last load failed (status error)', async () => {
    const matchday = await startMatchday();
    const fake = await addServer(matchday, 'srv-1');
    // A config fetch Matchday refuses (a stale load): the plugin is left in error, nothing set up.
    const url = `${matchday.url}/api/matches/gone.json?loadId=stale`;
    await fake.execute(`plugin_loadmatch_url "${url}" "X-Plugin-Token" "${TOKENS.server}"`);
    expect(fake.status).toBe('error');
    const view = await serverView(matchday);
    expect(view.plugin.status).toBe('error');
    expect(view.availability.free).toBe(true);
  }, 30_000);

  it('frees a server reporting idle about a match that is over (the plugin never clears the id)', async () => {
    const matchday = await startMatchday();
    const fake = await addServer(matchday, 'srv-1', { script: { pace: { round: [1000, 1000] } } });
    await postTeam(matchday, 1, 2);
    await postTeam(matchday, 2, 2);
    const slug = await manualMatch(matchday, { teamSize: 2 });
    await fake.waitForEvent('going_live', undefined, 30_000);
    const { matchid } = (await matchday.request('GET', `/api/matches/${slug}`)).body.match;
    const report = (status: string) =>
      matchday.request('POST', '/api/events/report', {
        token: null,
        headers: { 'X-Plugin-Token': fake.convar('plugin_report_token') },
        body: {
          serverId: 'srv-1',
          report: { server: { tournamentStatus: status }, match: { matchId: matchid } },
        },
      });
    expect((await report('playing')).status).toBe(200);
    expect((await matchday.request('POST', `/api/matches/${slug}/force-cancel`)).status).toBe(200);
    expect((await report('idle')).status).toBe(200);
    const server = (await matchday.request('GET', '/api/servers/srv-1')).body.server;
    expect([server.plugin.status, server.availability.free]).toEqual(['idle', true]);
  }, 60_000);
});

describe('an admin stop of a match queued behind another series (PROTOCOL.md 6.1)', () => {
  /**
   * Match 1 plays fast and its postgame lasts 600 game s (3 real s); every later match plays 800 game s,
   * so a match loaded during that postgame would still be on the server when its kick resets it.
   */
  async function queuedBehindPostgame(flavour: 'matchzy' | 'at') {
    const matchday = await startMatchday();
    let firstMatchId: number | undefined;
    const fake = await addServer(matchday, 'srv-1', {
      flavour,
      msPerGameSecond: 5,
      script: (config) => {
        firstMatchId ??= config.matchId;
        const round: [number, number] = config.matchId === firstMatchId ? [1, 1] : [400, 400];
        return {
          pace: {
            playerConnect: 0.1,
            playerReady: 0.1,
            knifeRound: 1,
            sideDecision: 1,
            round,
            roundRestart: 1,
          },
          maps: [{ score: [2, 0] }],
        };
      },
    });
    await matchday.request('PUT', '/api/settings', { body: { demoRecording: false } });
    for (const kind of ['no_demo', 'demo_no_upload', 'demo_upload']) {
      await fake.execute(`${flavour}_series_end_kick_delay_${kind} 600`);
    }
    for (const team of [1, 2, 3, 4, 5]) {
      await postTeam(matchday, team, 2);
    }
    const first = await manualMatch(matchday, { teamSize: 2, maxRounds: 2 });
    await fake.waitForEvent('going_live', undefined, 30_000);
    const queued = await manualMatch(matchday, { teamSize: 2, maxRounds: 2, team1Id: 'team3' });
    await waitFor(() => fake.loads.some((l) => l.result === 'queued'), {
      timeoutMs: 30_000,
      message: 'the second match to be queued behind the first one’s postgame',
    });
    expect(await statusOf(matchday, first)).toBe('completed');
    return { matchday, fake, queued };
  }

  const completed = (matchday: TestServer, slug: string) =>
    waitFor(async () => (await statusOf(matchday, slug)) === 'completed', {
      timeoutMs: 60_000,
      message: `match ${slug} to be played to its end on the server`,
    });

  for (const flavour of ['matchzy', 'at'] as const) {
    const version = flavour === 'matchzy' ? '1.4.21' : '2.0.0';

    it(`${version}: a restart keeps the queued load, which plays after the postgame`, async () => {
      const { matchday, fake, queued } = await queuedBehindPostgame(flavour);
      const res = await matchday.request('POST', `/api/matches/${queued}/restart`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await completed(matchday, queued);
      // The finishing series was never reset by hand.
      expect(fake.commands).not.toContain('css_endmatch');
    }, 90_000);

    it(`${version}: a force cancel drops only the queued load; the next match plays after the postgame`, async () => {
      const { matchday, fake, queued } = await queuedBehindPostgame(flavour);
      const res = await matchday.request('POST', `/api/matches/${queued}/force-cancel`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const next = await manualMatch(matchday, {
        teamSize: 2,
        maxRounds: 2,
        team1Id: 'team4',
        team2Id: 'team5',
      });
      await completed(matchday, next);
      expect(fake.commands).not.toContain('css_endmatch');
      // 2.0.0 can drop a queued load; 1.4.21 cannot, and its fetch was refused.
      expect(fake.commands.includes('at_clear_queued_match')).toBe(flavour === 'at');
      expect(fake.loads.filter((l) => l.result === 'loaded').map((l) => l.matchId)).toHaveLength(2);
    }, 90_000);
  }
});
