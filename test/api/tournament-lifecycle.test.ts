import { describe, expect, it } from 'vitest';
import {
  server,
  teamIds,
  playerOf,
  create,
  matchCount,
  useTournamentServer,
} from '../helpers/tournament-api.js';

useTournamentServer();

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
    const started = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(started.status).toBe(200);
    expect(started.body.warnings).toEqual(res.body.warnings);
    await server.request('PUT', `/api/teams/${teamIds[3]}`, {
      body: { players: [{ platformId: playerOf(4), name: 'player 4' }] },
    });
  });

  it('refuses to start with every reason listed (422)', async () => {
    await create({ teamIds: [teamIds[0]], settings: { veto: true, mapPool: ['de_dust2', 'de_mirage'] } });
    const res = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INVALID_STATE');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['teamIds', 'settings.mapPool']);
    expect(res.body.error).toMatch(/at least 2 teams.*exactly 7 maps/);
    expect(await matchCount()).toBe(0);
  });

  it('starts once; after the start only name and format change, and unstarted matches follow the format', async () => {
    await create({});
    const started = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(started.status).toBe(200);
    expect(started.body.tournament.status).toBe('in_progress');
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      422,
    );
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
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
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
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
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
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
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
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    const first = (await server.request('GET', '/api/matches/r1-m1')).body.match;
    await server.request('DELETE', '/api/tournament');
    expect((await server.request('GET', '/api/matches/r1-m1')).status).toBe(404);
    await create({});
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    const second = (await server.request('GET', '/api/matches/r1-m1')).body.match;
    expect(second.slug).toBe(first.slug);
    // The plugin keys events on matchid: a new match never gets an old one.
    expect(second.matchid).not.toBe(first.matchid);
  });
});
