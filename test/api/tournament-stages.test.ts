import { describe, expect, it } from 'vitest';
import { groups, paths, playoffs, POOL, stageCup } from '../helpers/stage-cup.js';

const { server, teamIds, create, bracket, byLabel } = stageCup();

describe('POST /api/tournament with stages (decision 24)', () => {
  it('echoes both stages with defaults filled in; a single-stage tournament has one main stage', async () => {
    const res = await create({ format: 'bo3' });
    expect(res.status).toBe(201);
    expect(res.body.tournament).toMatchObject({ type: 'groups_playoffs', currentStage: null });
    expect(res.body.tournament.stages).toEqual([
      {
        id: 'groups',
        kind: 'groups',
        type: 'round_robin',
        groupCount: 2,
        advancePerGroup: 2,
        format: 'bo3',
        mapPool: POOL,
        status: 'pending',
        joinMinutes: 10,
        noShowAction: 'admin',
      },
      {
        id: 'playoffs',
        kind: 'playoffs',
        type: 'single_elimination',
        format: 'bo3',
        mapPool: POOL,
        rounds: {},
        grandFinalMode: 'simple',
        thirdPlaceMatch: false,
        start: 'auto',
        status: 'pending',
        joinMinutes: 10,
        noShowAction: 'admin',
      },
    ]);
    await server.request('DELETE', '/api/tournament');
    const swiss = await create({ stages: [groups({ type: 'swiss' }), playoffs()] });
    expect(swiss.body.tournament.stages[0].swissRounds).toBe(2);

    await server.request('DELETE', '/api/tournament');
    const single = await create({ type: 'double_elimination', stages: undefined });
    expect(single.status).toBe(201);
    expect(single.body.tournament.stages).toEqual([
      {
        id: 'main',
        kind: 'main',
        type: 'double_elimination',
        status: 'pending',
        format: 'bo1',
        mapPool: POOL,
        rounds: {},
        joinMinutes: 10,
        noShowAction: 'admin',
      },
    ]);
  });

  it('takes a stage its own join clock (decision 59), else the tournament one; whole minutes only', async () => {
    await server.request('DELETE', '/api/tournament');
    const res = await create({
      settings: { joinMinutes: 5 },
      stages: [groups(), playoffs({ joinMinutes: 3, noShowAction: 'walkover' })],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(
      res.body.tournament.stages.map((s: { joinMinutes: number; noShowAction: string }) => [
        s.joinMinutes,
        s.noShowAction,
      ]),
    ).toEqual([
      [5, 'admin'],
      [3, 'walkover'],
    ]);
    await server.request('DELETE', '/api/tournament');
    expect(paths(await create({ stages: [groups({ joinMinutes: 1.5 }), playoffs()] }))).toEqual([
      'stages.0.joinMinutes',
    ]);
  });

  it('refuses misplaced, missing and impossible stages with 400 naming the field', async () => {
    const missing = await create({ stages: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('VALIDATION_FAILED');
    expect(paths(missing)).toEqual(['stages']);
    expect(paths(await create({ type: 'swiss' }))).toEqual(['stages']);
    expect(paths(await create({ stages: [playoffs(), groups()] }))).toEqual([
      'stages.0.kind',
      'stages.1.kind',
    ]);
    expect(paths(await create({ stages: [groups()] }))).toEqual(['stages']);
    expect(paths(await create({ stages: [groups({ groupCount: 5 }), playoffs()] }))).toEqual([
      'stages.0.groupCount',
    ]);
    expect(paths(await create({ stages: [groups({ groupCount: 17 }), playoffs()] }))).toEqual([
      'stages.0.groupCount',
    ]);
    expect(paths(await create({ stages: [groups({ advancePerGroup: 4 }), playoffs()] }))).toEqual([
      'stages.0.advancePerGroup',
    ]);
    // Without teams only the advancing count can be checked.
    const lonely = await create({
      teamIds: [],
      stages: [groups({ groupCount: 1, advancePerGroup: 1 }), playoffs()],
    });
    expect(paths(lonely)).toEqual(['stages.0.advancePerGroup']);
    expect(lonely.body.error).toContain('at least 2 teams must advance');
    expect((await create({ teamIds: [], stages: [groups({ groupCount: 8 }), playoffs()] })).status).toBe(201);
    expect((await server.request('GET', '/api/tournament')).body.tournament.teamIds).toEqual([]);
  });

  it('checks round keys and pools (decision 31): 400 naming the path', async () => {
    const badKey = await create({
      stages: [groups(), playoffs({ rounds: { 'UB R1': { format: 'bo3' }, semi_final: { format: 'bo3' } } })],
    });
    expect(badKey.status).toBe(400);
    expect(paths(badKey)).toEqual(['stages.1.rounds.UB R1']);
    const noOverride = await create({ stages: [groups(), playoffs({ rounds: { final: {} } })] });
    expect(paths(noOverride)).toEqual(['stages.1.rounds.final']);
    const single = await create({
      type: 'single_elimination',
      stages: undefined,
      settings: { rounds: { Final: { format: 'bo3' } } },
    });
    expect(paths(single)).toEqual(['settings.rounds.Final']);
    const roundsOnSwiss = await create({
      type: 'swiss',
      stages: undefined,
      settings: { rounds: { R1: { format: 'bo3' } } },
    });
    expect(paths(roundsOnSwiss)).toEqual(['settings.rounds']);

    const pools = await create({
      settings: { veto: true },
      stages: [
        groups({ mapPool: POOL.slice(0, 6) }),
        playoffs({
          mapPool: [...POOL.slice(0, 6), 'de_cache'],
          rounds: { final: { mapPool: [...POOL.slice(0, 6), 'de_nowhere'] } },
        }),
      ],
    });
    expect(pools.status).toBe(400);
    expect(paths(pools)).toEqual([
      'stages.0.mapPool',
      'stages.1.mapPool.6',
      'stages.1.rounds.final.mapPool.6',
    ]);
    // Without a veto a pool is the maps to play: any known, enabled maps.
    const noVeto = await create({ stages: [groups({ mapPool: ['de_train'] }), playoffs()] });
    expect(noVeto.status).toBe(201);
  });

  it('changes stages only in setup (422 INVALID_STATE after the start)', async () => {
    await create();
    const edited = await server.request('PUT', '/api/tournament', {
      body: { stages: [groups({ advancePerGroup: 1 }), playoffs({ type: 'double_elimination' })] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.tournament.stages[1].type).toBe('double_elimination');
    const wrong = await server.request('PUT', '/api/tournament', { body: { teamIds: teamIds.slice(0, 2) } });
    expect(paths(wrong)).toEqual(['stages.0.groupCount']);
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const late = await server.request('PUT', '/api/tournament', { body: { stages: [groups(), playoffs()] } });
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('INVALID_STATE');
    expect(late.body.error).toContain('stages');
  });
});

describe('per-stage and per-round formats (decisions 31-32)', () => {
  it('resolves each match format and pool from creation on; the veto follows them', async () => {
    const train = [...POOL.slice(1), 'de_train'];
    const res = await create({
      format: 'bo1',
      settings: { veto: true },
      stages: [
        groups(),
        playoffs({
          format: 'bo3',
          mapPool: train,
          rounds: { final: { format: 'bo5' }, R1: { mapPool: POOL }, quarter_final: { format: 'bo1' } },
        }),
      ],
    });
    expect(res.status).toBe(201);
    const started = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(started.body.warnings).toEqual([expect.stringContaining('stages.1.rounds.quarter_final')]);
    const view = await bracket();
    const shown = (label: string) => {
      const m = view.matches.find((x) => x.label === label)!;
      return [m.format, m.settings.matchFormat, m.mapPool.includes('de_train')];
    };
    expect(shown('Group A R1 M1')).toEqual(['bo1', 'bo1', false]);
    expect(shown('R1 M1')).toEqual(['bo3', 'bo3', false]);
    expect(shown('Final')).toEqual(['bo5', 'bo5', true]);

    const veto = (await server.request('GET', '/api/veto/final', { token: null })).body.veto;
    expect(veto).toMatchObject({ format: 'bo5', totalSteps: 10 });
    expect(veto.pool.map((p: { map: string }) => p.map)).toEqual(train);
    const groupVeto = (await server.request('GET', '/api/veto/group-a-r1-m1', { token: null })).body.veto;
    expect(groupVeto).toMatchObject({ format: 'bo1', totalSteps: 7 });

    // A later tournament format reaches only the unstarted matches that follow the default.
    expect((await server.request('PUT', '/api/tournament', { body: { format: 'bo3' } })).status).toBe(200);
    const after = await bracket();
    const formats = new Map(after.matches.map((m) => [m.label, m.format]));
    expect([formats.get('Group A R1 M1'), formats.get('R1 M1'), formats.get('Final')]).toEqual([
      'bo3',
      'bo3',
      'bo5',
    ]);
    expect((await server.request('PUT', '/api/tournament', { body: { format: 'bo1' } })).status).toBe(200);
    const back = new Map((await bracket()).matches.map((m) => [m.label, m.format]));
    expect([back.get('Group B R3 M2'), back.get('R1 M2')]).toEqual(['bo1', 'bo3']);
  });

  it('applies settings.rounds to a single-stage elimination; double elimination keys include the grand final', async () => {
    const single = await create({
      type: 'single_elimination',
      stages: undefined,
      settings: {
        veto: false,
        rounds: { final: { format: 'bo3' }, R2: { format: 'bo5' }, R1: { mapPool: ['de_train'] } },
      },
    });
    expect(single.body.tournament.stages[0].rounds).toEqual({
      final: { format: 'bo3' },
      R2: { format: 'bo5' },
      R1: { mapPool: ['de_train'] },
    });
    const started = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(started.body.warnings).toEqual([]);
    const view = await bracket();
    expect(view.matches.map((m) => [m.label, m.stage, m.format, m.mapPool])).toEqual([
      ['R1 M1', 'main', 'bo1', ['de_train']],
      ['R1 M2', 'main', 'bo1', ['de_train']],
      ['R1 M3', 'main', 'bo1', ['de_train']],
      ['R1 M4', 'main', 'bo1', ['de_train']],
      ['R2 M1', 'main', 'bo5', POOL],
      ['R2 M2', 'main', 'bo5', POOL],
      ['Final', 'main', 'bo3', POOL],
    ]);
    await server.request('DELETE', '/api/tournament');

    await create({
      type: 'double_elimination',
      stages: undefined,
      teamIds: teamIds.slice(0, 4),
      settings: {
        veto: false,
        grandFinalMode: 'double',
        rounds: { grand_final: { format: 'bo5' }, 'LB R1': { format: 'bo3' }, 'LB R9': { format: 'bo3' } },
      },
    });
    const de = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(de.body.warnings).toEqual([expect.stringContaining('settings.rounds.LB R9')]);
    const labels = new Map((await bracket()).matches.map((m) => [m.label, m.format]));
    expect([labels.get('UB R1 M1'), labels.get('LB R1 M1'), labels.get('Grand Final')]).toEqual([
      'bo1',
      'bo3',
      'bo5',
    ]);
    // The reset grand final is created later, with the grand final's format.
    for (const slug of ['ub-r1-m1', 'ub-r1-m2', 'ub-r2-m1', 'lb-r1-m1', 'lb-r2-m1']) {
      expect(
        (await server.request('POST', `/api/matches/${slug}/winner`, { body: { winner: 'team1' } })).status,
        slug,
      ).toBe(200);
    }
    await server.request('POST', '/api/matches/grand-final/winner', { body: { winner: 'team2' } });
    expect((await byLabel('Grand Final (reset)')).format).toBe('bo5');
  });

  it('refuses to start when a round, stage or default pool without veto has fewer maps than its best-of (422 naming each)', async () => {
    const three = POOL.slice(0, 3);
    await create({
      type: 'single_elimination',
      stages: undefined,
      settings: { veto: false, mapPool: three, rounds: { final: { format: 'bo5' }, R1: { format: 'bo3' } } },
    });
    const refused = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('INVALID_STATE');
    expect(refused.body.details).toEqual([
      {
        path: 'settings.rounds.final',
        message: 'settings.rounds.final: a bo5 without veto needs 5 maps; has 3',
      },
    ]);
    expect(refused.body.error).toContain('a bo5 without veto needs 5 maps; has 3');
    expect((await bracket()).matches).toEqual([]);
    // The round's own pool is enough: it starts.
    const fixed = await server.request('PUT', '/api/tournament', {
      body: {
        settings: { rounds: { final: { format: 'bo5', mapPool: POOL.slice(0, 5) }, R1: { format: 'bo3' } } },
      },
    });
    expect(fixed.status).toBe(200);
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    expect((await byLabel('Final')).mapPool).toEqual(POOL.slice(0, 5));
    await server.request('DELETE', '/api/tournament');

    // Playoffs: the stage's bo5 from the tournament's 3-map pool, the grand final's bo3 from its own 2 maps;
    // a round key the bracket lacks (R9) sets nothing.
    await create({
      settings: { veto: false, mapPool: three },
      stages: [
        groups(),
        playoffs({
          type: 'double_elimination',
          format: 'bo5',
          rounds: { grand_final: { format: 'bo3', mapPool: POOL.slice(0, 2) }, 'UB R9': { format: 'bo5' } },
        }),
      ],
    });
    const playoffsRefused = await server.request('POST', '/api/tournament/start', { body: { force: true } });
    expect(playoffsRefused.status).toBe(422);
    expect(paths(playoffsRefused)).toEqual(['stages.1', 'stages.1.rounds.grand_final']);
    await server.request('DELETE', '/api/tournament');

    // Groups play their bo1 on the 2-map default pool, the playoffs the default bo3 on their own 3 maps.
    await create({
      format: 'bo3',
      settings: { veto: false, mapPool: POOL.slice(0, 2) },
      stages: [groups({ format: 'bo1' }), playoffs({ mapPool: three })],
    });
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
  });
});
