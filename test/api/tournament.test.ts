import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/domain/seed-order.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
const teamIds: string[] = [];
const playerOf = (i: number) => String(76561198000000000n + BigInt(i));

beforeAll(async () => {
  server = await startTestServer();
  for (let i = 1; i <= 4; i++) {
    const res = await server.request('POST', '/api/teams', {
      body: { name: `Team ${i}`, players: [{ platformId: playerOf(i), name: `player ${i}` }] },
    });
    teamIds.push(res.body.team.id);
  }
});
afterAll(async () => {
  await server.stop();
});
// Every test starts with no tournament and no match, whatever the tests before it left.
beforeEach(async () => {
  if ((await server.request('GET', '/api/tournament')).status === 200) {
    expect((await server.request('DELETE', '/api/tournament')).status).toBe(200);
  }
  for (const { slug } of (await server.request('GET', '/api/matches')).body.matches as { slug: string }[]) {
    expect((await server.request('DELETE', `/api/matches/${slug}`)).status).toBe(200);
  }
});

const create = (body: Record<string, unknown>) =>
  server.request('POST', '/api/tournament', {
    body: { name: 'LAN Cup', type: 'single_elimination', teamIds, settings: { veto: false }, ...body },
  });

async function matchCount(): Promise<number> {
  return (await server.request('GET', '/api/matches')).body.count;
}

describe('tournament lifecycle', () => {
  it('answers 404 with no tournament, and is public once there is one', async () => {
    expect((await server.request('GET', '/api/tournament', { token: null })).status).toBe(404);
    expect((await create({})).status).toBe(201);
    const res = await server.request('GET', '/api/tournament', { token: null });
    expect(res.status).toBe(200);
    expect(res.body.tournament).toMatchObject({ name: 'LAN Cup', status: 'setup', winner: null, teamIds });
    expect(res.body.tournament.settings).toMatchObject({
      maxRounds: 24,
      overtimeMode: 'enabled',
      seeding: 'manual',
    });
  });

  it('refuses bad bodies with 400 and names the bad entries; nothing is saved', async () => {
    const unknown = await create({ teamIds: [teamIds[0], 'nobody', teamIds[0]] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('VALIDATION_FAILED');
    expect(unknown.body.details.map((d: { path: string }) => d.path)).toEqual(['teamIds.1', 'teamIds.2']);
    expect((await create({ type: 'ladder' })).status).toBe(400);
    expect((await create({ format: 'bo2' })).status).toBe(400);
    expect((await create({ settings: { maxRounds: 'many' } })).status).toBe(400);
    const badMap = await create({ settings: { mapPool: ['de_dust2', 'de_nowhere'] } });
    expect(badMap.status).toBe(400);
    expect(badMap.body.details[0].path).toBe('settings.mapPool.1');
    expect((await server.request('GET', '/api/tournament')).status).toBe(404);
  });

  it('allows one tournament at a time (409 TOURNAMENT_EXISTS)', async () => {
    await create({});
    const again = await create({});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TOURNAMENT_EXISTS');
  });

  it('warns about a player on two teams of the tournament, but saves', async () => {
    await server.request('PUT', `/api/teams/${teamIds[3]}`, {
      body: { players: [{ platformId: playerOf(3), name: 'player 3' }] },
    });
    const res = await create({});
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([expect.stringContaining(playerOf(3))]);
    const started = await server.request('POST', '/api/tournament/start');
    expect(started.status).toBe(200);
    expect(started.body.warnings).toEqual(res.body.warnings);
    await server.request('PUT', `/api/teams/${teamIds[3]}`, {
      body: { players: [{ platformId: playerOf(4), name: 'player 4' }] },
    });
  });

  it('refuses to start with every reason listed (422)', async () => {
    await create({ teamIds: [teamIds[0]], settings: { veto: true, mapPool: ['de_dust2', 'de_mirage'] } });
    const res = await server.request('POST', '/api/tournament/start');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INVALID_STATE');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['teamIds', 'settings.mapPool']);
    expect(res.body.error).toMatch(/at least 2 teams.*exactly 7 maps/);
    expect(await matchCount()).toBe(0);
  });

  it('starts once; after the start only name and format change, and unstarted matches follow the format', async () => {
    await create({});
    const started = await server.request('POST', '/api/tournament/start');
    expect(started.status).toBe(200);
    expect(started.body.tournament.status).toBe('in_progress');
    expect((await server.request('POST', '/api/tournament/start')).status).toBe(422);
    const edit = await server.request('PUT', '/api/tournament', { body: { teamIds: teamIds.slice(0, 2) } });
    expect(edit.status).toBe(422);
    expect(edit.body.error).toContain('teamIds');

    await server.request('POST', '/api/matches/r1-m1/winner', { body: { winner: 'team1' } });
    const format = await server.request('PUT', '/api/tournament', {
      body: { format: 'bo3', name: 'Renamed' },
    });
    expect(format.status).toBe(200);
    const matches = (await server.request('GET', '/api/tournament/bracket')).body.matches;
    const byLabel = new Map(matches.map((m: { label: string }) => [m.label, m]));
    expect(byLabel.get('R1 M1')).toMatchObject({ status: 'completed', settings: { matchFormat: 'bo1' } });
    expect(byLabel.get('R1 M2')).toMatchObject({ format: 'bo3', settings: { matchFormat: 'bo3' } });
  });

  it('plays to a champion through the winner endpoint; GET /api/tournament then names the winner', async () => {
    await create({ settings: { veto: false, thirdPlaceMatch: true } });
    await server.request('POST', '/api/tournament/start');
    for (const slug of ['r1-m1', 'r1-m2', 'third-place', 'final']) {
      const res = await server.request('POST', `/api/matches/${slug}/winner`, { body: { winner: 'team1' } });
      expect(res.status, slug).toBe(200);
      expect(res.body.match.status).toBe('completed');
    }
    const t = (await server.request('GET', '/api/tournament', { token: null })).body.tournament;
    expect(t.status).toBe('completed');
    expect(t.winner).toEqual({ id: teamIds[0], name: 'Team 1', tag: '' });
    const board = await server.request('GET', `/api/tournament/${t.id}/leaderboard`, { token: null });
    expect(board.body.entries[0]).toMatchObject({ rank: 1, teamId: teamIds[0], wins: 2, losses: 0 });
  });

  it('decides matches only in the right state (422), for known matches (404) with a valid body (400)', async () => {
    await create({});
    await server.request('POST', '/api/tournament/start');
    const win = (slug: string, body: unknown) =>
      server.request('POST', `/api/matches/${slug}/winner`, { body });
    expect((await win('final', { winner: 'team1' })).status).toBe(422);
    expect((await win('r1-m1', { winner: 'team3' })).status).toBe(400);
    expect((await win('no-such-match', { winner: 'team1' })).status).toBe(404);
    expect((await win('r1-m1', { winner: 'team2' })).status).toBe(200);
    const again = await win('r1-m1', { winner: 'team1' });
    expect(again.status).toBe(422);
    expect(again.body.code).toBe('INVALID_STATE');
  });

  it('reset returns every player to the rating held before the run and removes the matches', async () => {
    // Players of this test only: rating history outlives the tournaments of other tests.
    const players = [201, 202, 203, 204];
    const ownTeams: string[] = [];
    for (const i of players) {
      const res = await server.request('POST', '/api/teams', {
        body: { name: `Reset Team ${i}`, players: [{ platformId: playerOf(i), name: `player ${i}` }] },
      });
      ownTeams.push(res.body.team.id);
    }
    const ratings = () =>
      Promise.all(
        players.map(
          async (i) => (await server.request('GET', `/api/players/${playerOf(i)}`)).body.player.rating,
        ),
      );
    const before = await ratings();
    await create({ teamIds: ownTeams });
    await server.request('POST', '/api/tournament/start');
    await server.request('POST', '/api/matches/r1-m1/winner', { body: { winner: 'team1' } });
    await server.request('POST', '/api/matches/r1-m2/winner', { body: { winner: 'team2' } });
    const during = await ratings();
    expect(during).not.toEqual(before);
    expect(during[0]).toBeGreaterThan(before[0]);
    const history = await server.request('GET', `/api/players/${playerOf(201)}/rating-history`, {
      token: null,
    });
    expect(history.body.history).toEqual([
      expect.objectContaining({
        matchLabel: 'R1 M1',
        tournamentName: 'LAN Cup',
        ratingBefore: before[0],
        ratingAfter: during[0],
      }),
    ]);
    const reset = await server.request('POST', '/api/tournament/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.tournament.status).toBe('setup');
    const after = await ratings();
    expect(after).toEqual(before);
    expect(await matchCount()).toBe(0);
    expect(
      (await server.request('GET', `/api/players/${playerOf(201)}/rating-history`)).body.history,
    ).toEqual([]);
    expect((await server.request('GET', '/api/players/76561198999999999/rating-history')).status).toBe(404);
  });

  it('delete removes the matches; the next tournament reuses the slugs', async () => {
    await create({});
    await server.request('POST', '/api/tournament/start');
    const first = (await server.request('GET', '/api/matches/r1-m1')).body.match;
    await server.request('DELETE', '/api/tournament');
    expect((await server.request('GET', '/api/matches/r1-m1')).status).toBe(404);
    await create({});
    await server.request('POST', '/api/tournament/start');
    const second = (await server.request('GET', '/api/matches/r1-m1')).body.match;
    expect(second.slug).toBe(first.slug);
    // The plugin keys events on matchid: a new match never gets an old one.
    expect(second.matchid).not.toBe(first.matchid);
  });
});

describe('matches', () => {
  it("GET /api/team/:teamId/match: the team's current match, null when it has none", async () => {
    expect((await server.request('GET', `/api/team/${teamIds[0]}/match`, { token: null })).body).toEqual({
      success: true,
      match: null,
    });
    await create({});
    await server.request('POST', '/api/tournament/start');
    const res = await server.request('GET', `/api/team/${teamIds[0]}/match`, { token: null });
    expect(res.body.match).toMatchObject({ slug: 'r1-m1', displayStatus: 'Waiting for a server' });
    expect((await server.request('GET', '/api/team/nobody/match')).status).toBe(404);
  });

  it('manual matches: created with their maps, never in the bracket, deletable; bracket matches are not (409)', async () => {
    await create({});
    await server.request('POST', '/api/tournament/start');
    const manual = await server.request('POST', '/api/matches', {
      body: {
        team1Id: teamIds[0],
        team2Id: teamIds[1],
        format: 'bo3',
        maps: ['de_dust2', 'de_mirage', 'de_nuke'],
      },
    });
    expect(manual.status).toBe(201);
    expect(manual.body.match).toMatchObject({
      bracket: 'MANUAL',
      tournamentId: null,
      mapPool: ['de_dust2', 'de_mirage', 'de_nuke'],
      displayStatus: 'Waiting for a server',
    });
    const vetoed = await server.request('POST', '/api/matches', {
      body: { team1Id: teamIds[2], team2Id: teamIds[3], veto: true },
    });
    expect(vetoed.body.match.mapPool).toHaveLength(7);
    expect(vetoed.body.match.displayStatus).toBe('Veto pending');
    const bracket = (await server.request('GET', '/api/tournament/bracket')).body.matches;
    expect(bracket.some((m: { bracket: string }) => m.bracket === 'MANUAL')).toBe(false);

    const refused = await server.request('DELETE', '/api/matches/r1-m1');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('BRACKET_MATCH');
    expect((await server.request('DELETE', `/api/matches/${manual.body.match.slug}`)).status).toBe(200);
    expect((await server.request('GET', `/api/matches/${manual.body.match.slug}`)).status).toBe(404);
  });

  it('manual matches refuse bad input with 400 and save nothing', async () => {
    const countBefore = await matchCount();
    const post = (body: unknown) => server.request('POST', '/api/matches', { body });
    const cases = [
      { team1Id: teamIds[0], team2Id: teamIds[0], maps: ['de_dust2'] },
      { team1Id: teamIds[0], team2Id: 'nobody', maps: ['de_dust2'] },
      { team1Id: teamIds[0], team2Id: teamIds[1] },
      { team1Id: teamIds[0], team2Id: teamIds[1], format: 'bo3', maps: ['de_dust2'] },
      { team1Id: teamIds[0], team2Id: teamIds[1], maps: ['de_nowhere'] },
      { team1Id: teamIds[0], team2Id: teamIds[1], veto: true, maps: ['de_dust2', 'de_mirage'] },
    ];
    for (const body of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await post({ team1Id: teamIds[0], team2Id: teamIds[1], maps: ['de_dust2'], serverId: 'ghost' }))
        .status,
    ).toBe(404);
    expect(await matchCount()).toBe(countBefore);
  });
});

describe('templates', () => {
  it('saves, reads, replaces and deletes a tournament setup', async () => {
    const created = await server.request('POST', '/api/templates', {
      body: {
        name: 'Saturday bo3',
        type: 'double_elimination',
        format: 'bo3',
        settings: { grandFinalMode: 'double' },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.template.id;
    expect((await server.request('GET', `/api/templates/${id}`)).body.template).toMatchObject({
      name: 'Saturday bo3',
      settings: { grandFinalMode: 'double' },
    });
    const replaced = await server.request('PUT', `/api/templates/${id}`, {
      body: { name: 'Sunday bo1', type: 'swiss', settings: { swissRounds: 5 } },
    });
    expect(replaced.body.template).toMatchObject({ name: 'Sunday bo1', type: 'swiss', format: 'bo1' });
    expect((await server.request('GET', '/api/templates')).body.count).toBe(1);
    expect((await server.request('DELETE', `/api/templates/${id}`)).status).toBe(200);
    expect((await server.request('GET', `/api/templates/${id}`)).status).toBe(404);
    expect((await server.request('GET', '/api/templates/abc')).status).toBe(400);
  });
});

describe('shuffle tournaments', () => {
  const pool = Array.from({ length: 9 }, (_, i) => playerOf(100 + i));

  beforeAll(async () => {
    const res = await server.request('POST', '/api/players', {
      body: pool.map((platformId, i) => ({ platformId, name: `shuffler ${i}`, rating: 1400 + i * 25 })),
    });
    expect(res.status).toBe(201);
  });

  it('draws balanced teams each round, ranks players, names the top player champion; reset removes the teams', async () => {
    const created = await server.request('POST', '/api/tournament', {
      body: { name: 'Mix Night', type: 'shuffle', settings: { veto: false, teamSize: 2, swissRounds: 2 } },
    });
    expect(created.status).toBe(201);
    expect((await server.request('POST', '/api/tournament/start')).status).toBe(422);
    const unknown = await server.request('POST', '/api/tournament/shuffle/players', {
      body: { platformIds: [pool[0], '76561198999999998'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].path).toBe('platformIds.1');
    const registered = await server.request('POST', '/api/tournament/shuffle/players', {
      body: { platformIds: pool },
    });
    expect(registered.body.count).toBe(9);
    expect((await server.request('POST', '/api/tournament/start')).status).toBe(200);

    for (const round of [1, 2]) {
      const matches = (await server.request('GET', '/api/tournament/bracket')).body.matches.filter(
        (m: { round: number }) => m.round === round,
      );
      // 9 players in teams of 2: four teams (an even count), one player sits out.
      expect(matches).toHaveLength(2);
      for (const m of matches) {
        expect(
          (await server.request('POST', `/api/matches/${m.slug}/winner`, { body: { winner: 'team1' } }))
            .status,
        ).toBe(200);
      }
    }
    const t = (await server.request('GET', '/api/tournament')).body.tournament;
    expect(t.status).toBe('completed');
    const board = (await server.request('GET', `/api/tournament/${t.id}/leaderboard`)).body.entries;
    expect(board).toHaveLength(9);
    expect(board[0]).toMatchObject({ rank: 1, playerId: t.winner.id, name: t.winner.name, wins: 2 });
    expect(board.every((e: { playerId?: string; teamId?: string }) => e.playerId && !e.teamId)).toBe(true);

    const teamsDuring = (await server.request('GET', '/api/teams')).body.count;
    await server.request('POST', '/api/tournament/reset');
    expect((await server.request('GET', '/api/teams')).body.count).toBe(teamsDuring - 8);
  });

  it('keeps the pool for shuffle tournaments only', async () => {
    await create({});
    const res = await server.request('POST', '/api/tournament/shuffle/players', {
      body: { platformIds: pool },
    });
    expect(res.status).toBe(422);
  });
});

describe('seeding and settings defaults', () => {
  const firstRound = async () =>
    (await server.request('GET', '/api/tournament/bracket')).body.matches
      .filter((m: { round: number; bracket: string }) => m.round === 1)
      .map((m: { team1: { id: string } | null; team2: { id: string } | null }) => [m.team1?.id, m.team2?.id]);

  it('random seeding stores its seed, so a reset and restart draws the same bracket', async () => {
    await create({ settings: { veto: false, seeding: 'random' } });
    const started = await server.request('POST', '/api/tournament/start');
    const seed = started.body.tournament.settings.randomSeed;
    expect(Number.isInteger(seed)).toBe(true);
    const first = await firstRound();
    await server.request('POST', '/api/tournament/reset');
    await server.request('POST', '/api/tournament/start');
    expect((await server.request('GET', '/api/tournament')).body.tournament.settings.randomSeed).toBe(seed);
    expect(await firstRound()).toEqual(first);
  });

  it("random seeding draws its seed from the app's random source, so a seeded source draws the same seed", async () => {
    const seeded = await startTestServer({ random: seededRandom(2024) });
    try {
      const ids = [];
      for (let i = 1; i <= 4; i++) {
        ids.push(
          (await seeded.request('POST', '/api/teams', { body: { name: `Seeded ${i}` } })).body.team.id,
        );
      }
      await seeded.request('POST', '/api/tournament', {
        body: {
          name: 'Seeded Cup',
          type: 'single_elimination',
          teamIds: ids,
          settings: { seeding: 'random' },
        },
      });
      const started = await seeded.request('POST', '/api/tournament/start');
      expect(started.status).toBe(200);
      expect(started.body.tournament.settings.randomSeed).toBe(Math.floor(seededRandom(2024)() * 2 ** 31));
    } finally {
      await seeded.stop();
    }
  });

  it('rating seeding puts the strongest roster first', async () => {
    await server.request('PUT', `/api/players/${playerOf(4)}`, { body: { rating: 2400 } });
    await create({ settings: { veto: false, seeding: 'rating' } });
    await server.request('POST', '/api/tournament/start');
    // Seed 1 (team 4) meets seed 4 in the first semi-final.
    expect((await firstRound())[0]).toContain(teamIds[3]);
    await server.request('PUT', `/api/players/${playerOf(4)}`, { body: { rating: 1500 } });
  });

  it('switching the type to double elimination applies the simple grand final', async () => {
    await create({ type: 'single_elimination', settings: { veto: false, grandFinalMode: 'none' } });
    const switched = await server.request('PUT', '/api/tournament', { body: { type: 'double_elimination' } });
    expect(switched.body.tournament.settings.grandFinalMode).toBe('simple');
    const chosen = await server.request('PUT', '/api/tournament', {
      body: { type: 'single_elimination', settings: { grandFinalMode: 'double' } },
    });
    expect(chosen.body.tournament.settings.grandFinalMode).toBe('double');
  });
});

describe('the two-team warning on saving a team', () => {
  it('counts only the teams of the current tournament once the team is in one', async () => {
    const outsider = await server.request('POST', '/api/teams', {
      body: { name: 'Outsiders', players: [{ platformId: playerOf(1), name: 'player 1' }] },
    });
    expect(outsider.body.warnings).toEqual([expect.stringContaining('Team 1')]);
    await create({ teamIds: [teamIds[0], teamIds[1]] });
    const resaved = await server.request('PUT', `/api/teams/${teamIds[0]}`, { body: { tag: 'ONE' } });
    expect(resaved.body.warnings).toEqual([]);
    const joined = await server.request('PUT', `/api/teams/${teamIds[1]}`, {
      body: { players: [{ platformId: playerOf(1), name: 'player 1' }] },
    });
    expect(joined.body.warnings).toEqual([expect.stringContaining('Team 1')]);
    // The shared teams as they were: other tests read them.
    await server.request('PUT', `/api/teams/${teamIds[0]}`, { body: { tag: '' } });
    await server.request('PUT', `/api/teams/${teamIds[1]}`, {
      body: { players: [{ platformId: playerOf(2), name: 'player 2' }] },
    });
    await server.request('DELETE', `/api/teams/${outsider.body.team.id}`);
  });
});
