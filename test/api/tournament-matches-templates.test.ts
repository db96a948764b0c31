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
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    const res = await server.request('GET', `/api/team/${teamIds[0]}/match`, { token: null });
    expect(res.body.match).toMatchObject({ slug: 'r1-m1', displayStatus: 'Waiting for a server' });
    expect((await server.request('GET', '/api/team/nobody/match')).status).toBe(404);
  });

  it('manual matches: created with their maps, never in the bracket, deletable; bracket matches are not (409)', async () => {
    await create({});
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
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

  it('a groups_playoffs template stores its stages and gives them back to a tournament created from it', async () => {
    const stages = [
      { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 1, format: 'bo1' },
      {
        kind: 'playoffs',
        type: 'single_elimination',
        format: 'bo3',
        start: 'manual',
        rounds: { final: { format: 'bo5' } },
      },
    ];
    const created = await server.request('POST', '/api/templates', {
      body: { name: 'Two groups', type: 'groups_playoffs', settings: { veto: false }, stages },
    });
    expect(created.status).toBe(201);
    const id = created.body.template.id;
    const stored = (await server.request('GET', `/api/templates/${id}`)).body.template;
    expect(stored.stages).toEqual(stages);

    // What the wizard does with a template: its type, format, settings and stages, plus the teams.
    const fromTemplate = await create({
      type: stored.type,
      format: stored.format,
      settings: stored.settings,
      stages: stored.stages,
    });
    expect(fromTemplate.status).toBe(201);
    expect(fromTemplate.body.tournament.stages).toMatchObject([
      { kind: 'groups', groupCount: 2, advancePerGroup: 1, format: 'bo1' },
      { kind: 'playoffs', format: 'bo3', start: 'manual', rounds: { final: { format: 'bo5' } } },
    ]);

    // Replaced by a single-stage setup, the stages go.
    const replaced = await server.request('PUT', `/api/templates/${id}`, {
      body: { name: 'Plain', type: 'single_elimination' },
    });
    expect(replaced.body.template.stages).toBeNull();
  });

  it('refuses a template whose stages do not fit its type (400 naming the field)', async () => {
    const groupsWithout = await server.request('POST', '/api/templates', {
      body: { name: 'No stages', type: 'groups_playoffs' },
    });
    expect(groupsWithout.status).toBe(400);
    expect(groupsWithout.body.details).toContainEqual(expect.objectContaining({ path: 'stages' }));
    const badRound = await server.request('POST', '/api/templates', {
      body: {
        name: 'Bad round',
        type: 'groups_playoffs',
        stages: [
          { kind: 'groups', type: 'swiss', groupCount: 1, advancePerGroup: 4 },
          { kind: 'playoffs', type: 'double_elimination', rounds: { final: { format: 'bo5' } } },
        ],
      },
    });
    expect(badRound.status).toBe(400);
    expect(badRound.body.details).toContainEqual(expect.objectContaining({ path: 'stages.1.rounds.final' }));
    expect((await server.request('GET', '/api/templates')).body.templates).not.toContainEqual(
      expect.objectContaining({ name: 'Bad round' }),
    );
  });
});
