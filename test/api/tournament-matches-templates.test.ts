import { describe, expect, it } from 'vitest';
import { server, teamIds, create, matchCount, useTournamentServer } from '../helpers/tournament-api.js';

useTournamentServer();

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
