import { describe, expect, it } from 'vitest';
import {
  addFakeServers,
  PLAY_WAIT,
  postTeams,
  TEAM_SIZE,
  useMatchdayAndFakes,
  waitForChampion,
} from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

describe('a tournament played by itself on fake game servers', () => {
  it('8-team single elimination bo1 on 4 servers in simulation: started once, plays to a champion', async () => {
    const matchday = await startMatchday();
    const teamIds = await postTeams(matchday, 8);
    const servers = await addFakeServers(matchday, 4, fakes);
    expect(
      (
        await matchday.request('PUT', '/api/settings', {
          body: { simulateMatches: true, simulationTimescale: 10 },
        })
      ).status,
    ).toBe(200);
    await matchday.request('POST', '/api/tournament', {
      body: {
        name: 'Sim Cup',
        type: 'single_elimination',
        format: 'bo1',
        teamIds,
        settings: { veto: true, maxRounds: 4, overtimeMode: 'disabled_tiebreak', teamSize: TEAM_SIZE },
      },
    });
    expect((await matchday.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );

    const done = await waitForChampion(matchday);
    expect(teamIds).toContain(done.winner.id);

    // The final's demo finishes uploading after its series end crowned the champion.
    const { matches } = await waitFor(
      async () => {
        const bracket = (await matchday.request('GET', '/api/tournament/bracket', { token: null })).body;
        const allDemos = bracket.matches.every((m: { maps: { demo: { available: boolean } | null }[] }) =>
          m.maps.every((map) => map.demo?.available),
        );
        return allDemos ? bracket : undefined;
      },
      { ...PLAY_WAIT, message: 'every demo stored' },
    );
    expect(matches).toHaveLength(7);
    for (const m of matches) {
      expect(m).toMatchObject({ status: 'completed', veto: { status: 'completed' } });
      expect(m.winnerId).not.toBeNull();
      const board = (await matchday.request('GET', `/api/veto/${m.slug}`, { token: null })).body.veto;
      expect(board.history.map((h: { actionName: string }) => h.actionName)).toEqual([
        ...Array(6).fill('map ban'),
        'side pick',
      ]);
      expect(m.maps).toHaveLength(1);
      expect(m.maps[0].name).toBe(board.maps[0].map);
      expect(m.maps[0].demo).toMatchObject({ available: true });
      const { events } = (await matchday.request('GET', `/api/matches/${m.slug}/events`)).body;
      const names = new Set(events.map((e: { event: string }) => e.event));
      expect([...names]).toEqual(
        expect.arrayContaining(['series_start', 'round_end', 'map_result', 'series_end']),
      );
    }
    // Simulated matches ran at the timescale the plugin allows (1.4.21 clamps 10 to 4).
    const timescales = servers.flatMap((s) =>
      s.loads.filter((l) => l.result === 'loaded').map((l) => l.timescale),
    );
    expect(new Set(timescales)).toEqual(new Set([4]));
    // Every match's config was fetched by a server (the load's proof), each exactly once.
    const fetched = servers.flatMap((s) => s.loads.filter((l) => l.outcome === 200).map((l) => l.matchId));
    expect(fetched.sort()).toEqual(matches.map((m: { matchid: number }) => m.matchid).sort());
    // The final is played last, after both semi-finals.
    const final = matches.find((m: { label: string }) => m.label === 'Final');
    for (const semi of matches.filter((m: { round: number }) => m.round === 2)) {
      expect(final.loadedAt).toBeGreaterThanOrEqual(semi.completedAt);
    }
  }, 120_000);
});

describe('a tournament on the real plugins', () => {
  it('plays to a champion on MatchZy-Enhanced 1.4.21 and Auto Tournament CS2 2.0.0 with default server settings', async () => {
    const matchday = await startMatchday();
    const teamIds = await postTeams(matchday, 4);
    // No flavour set: setup detects each plugin. GOTV is off in both servers' own config.
    const servers = await addFakeServers(matchday, 2, fakes, (i) => ({
      flavour: i === 1 ? 'matchzy' : 'at',
    }));
    const detected = (await matchday.request('GET', '/api/servers')).body.servers.map(
      (s: { id: string; flavour: string; plugin: { detected: string } }) => [
        s.id,
        s.flavour,
        s.plugin.detected,
      ],
    );
    expect(detected).toEqual([
      ['srv-1', 'auto', 'matchzy'],
      ['srv-2', 'auto', 'at'],
    ]);
    const settings = {
      simulateMatches: true,
      simulationTimescale: 4,
      hostnameFormat: 'Cup: {team1} vs {team2}',
    };
    expect((await matchday.request('PUT', '/api/settings', { body: settings })).status).toBe(200);
    await matchday.request('POST', '/api/tournament', {
      body: {
        name: 'Two Plugins Cup',
        type: 'single_elimination',
        format: 'bo1',
        teamIds,
        settings: { veto: false, maxRounds: 4, overtimeMode: 'disabled_tiebreak', teamSize: TEAM_SIZE },
      },
    });
    expect((await matchday.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );

    const done = await waitForChampion(matchday);
    expect(teamIds).toContain(done.winner.id);
    // Every map recorded (GOTV was on before each first map loaded) and its demo arrived.
    const { matches } = await waitFor(
      async () => {
        const bracket = (await matchday.request('GET', '/api/tournament/bracket', { token: null })).body;
        const allDemos = bracket.matches.every((m: { maps: { demo: { available: boolean } | null }[] }) =>
          m.maps.every((map) => map.demo?.available),
        );
        return allDemos ? bracket : undefined;
      },
      { message: 'every demo stored', timeoutMs: 60_000 },
    );
    expect(matches).toHaveLength(3);
    // Both plugins played: each fetched at least one config.
    for (const fake of servers) {
      expect(fake.loads.filter((l) => l.outcome === 200).length).toBeGreaterThan(0);
      // The plugin's hostname_format, which rewrites the hostname every round, carries Matchday's name.
      expect(fake.convar('hostname')).toMatch(/^Cup: Team \d vs Team \d$/);
      expect(fake.demos.every((demo) => demo.outcome === 200)).toBe(true);
    }
  }, 120_000);
});

describe('GET /api/tournament/allocation-status', () => {
  it('shows players the queue in play order while no server is free', async () => {
    const matchday = await startMatchday();
    const teamIds = await postTeams(matchday, 4);
    await matchday.request('POST', '/api/tournament', {
      body: {
        name: 'Queue Cup',
        type: 'single_elimination',
        format: 'bo1',
        teamIds,
        settings: { veto: false, teamSize: TEAM_SIZE },
      },
    });
    await matchday.request('POST', '/api/tournament/start', { body: { force: true } });
    const res = await matchday.request('GET', '/api/tournament/allocation-status', { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, freeServers: 0, nextInQueue: 'r1-m1' });
    expect(
      res.body.waiting.map((w: { slug: string; position: number; reason: string }) => [
        w.slug,
        w.position,
        w.reason,
      ]),
    ).toEqual([
      ['r1-m1', 1, 'no_free_server'],
      ['r1-m2', 2, 'no_free_server'],
    ]);
    expect(res.body.waiting[0].displayStatus).toBe('Waiting for a server');
  });
});
