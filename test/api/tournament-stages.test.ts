import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
const teamIds: string[] = [];
const playerOf = (i: number) => String(76561198100000000n + BigInt(i));
const POOL = ['de_ancient', 'de_anubis', 'de_dust2', 'de_inferno', 'de_mirage', 'de_nuke', 'de_overpass'];

interface Match {
  slug: string;
  label: string;
  stage: string | null;
  group: string | null;
  bracket: string;
  status: string;
  format: string;
  settings: { matchFormat: string };
  mapPool: string[];
  team1: { id: string } | null;
  team2: { id: string } | null;
  team1Placeholder: string | null;
  team2Placeholder: string | null;
  queuePosition: number | null;
  winnerId: string | null;
}

beforeAll(async () => {
  server = await startTestServer();
  for (let i = 1; i <= 8; i++) {
    const res = await server.request('POST', '/api/teams', {
      body: { id: `s${i}`, name: `Seed ${i}`, players: [{ platformId: playerOf(i), name: `player ${i}` }] },
    });
    teamIds.push(res.body.team.id);
  }
  await server.request('POST', '/api/maps', { body: { id: 'de_train', displayName: 'Train' } });
  await server.request('POST', '/api/maps', { body: { id: 'de_cache', displayName: 'Cache' } });
  await server.request('PUT', '/api/maps/de_cache', { body: { enabled: false } });
});
afterAll(async () => {
  await server.stop();
});
beforeEach(async () => {
  if ((await server.request('GET', '/api/tournament')).status === 200) {
    expect((await server.request('DELETE', '/api/tournament')).status).toBe(200);
  }
});

const groups = (over: Record<string, unknown> = {}) => ({
  kind: 'groups',
  type: 'round_robin',
  groupCount: 2,
  advancePerGroup: 2,
  ...over,
});
const playoffs = (over: Record<string, unknown> = {}) => ({
  kind: 'playoffs',
  type: 'single_elimination',
  ...over,
});
const create = (body: Record<string, unknown> = {}) =>
  server.request('POST', '/api/tournament', {
    body: {
      name: 'Two Stage Cup',
      type: 'groups_playoffs',
      teamIds,
      settings: { veto: false },
      stages: [groups(), playoffs()],
      ...body,
    },
  });
const paths = (res: { body: { details?: { path: string }[] } }) =>
  (res.body.details ?? []).map((d) => d.path);

interface GroupTable {
  name: string;
  teamIds: string[];
  standings: { teamId: string; rank: number; wins: number; losses: number; qualified: boolean }[];
}

async function bracket(): Promise<{
  matches: Match[];
  stages: [{ status: string; groups: GroupTable[] }, { status: string }];
  tournament: Record<string, unknown>;
  swissStandings: unknown[];
}> {
  return (await server.request('GET', '/api/tournament/bracket', { token: null })).body;
}
const byLabel = async (label: string) => (await bracket()).matches.find((m) => m.label === label)!;
const seed = (team: { id: string } | null) => Number(team!.id.slice(1));

/** Decides every open match of a stage with both teams known: the better seed wins. */
async function playStage(stage: string, except: string[] = []): Promise<void> {
  for (;;) {
    const open = (await bracket()).matches.filter(
      (m) => m.stage === stage && m.team1 && m.team2 && m.status !== 'completed' && !except.includes(m.label),
    );
    if (open.length === 0) {
      return;
    }
    for (const m of open) {
      const winner = seed(m.team1) < seed(m.team2) ? 'team1' : 'team2';
      const res = await server.request('POST', `/api/matches/${m.slug}/winner`, { body: { winner } });
      expect(res.status, m.label).toBe(200);
    }
  }
}

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
      },
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
    expect((await server.request('POST', '/api/tournament/start')).status).toBe(200);
    const late = await server.request('PUT', '/api/tournament', { body: { stages: [groups(), playoffs()] } });
    expect(late.status).toBe(422);
    expect(late.body.code).toBe('INVALID_STATE');
    expect(late.body.error).toContain('stages');
  });
});

describe('groups then playoffs (decisions 25-30)', () => {
  it('deals snake groups, creates empty playoff seats, fills them with the last group result, crowns the champion', async () => {
    await create();
    const started = await server.request('POST', '/api/tournament/start');
    expect(started.status).toBe(200);
    expect(started.body.tournament).toMatchObject({ status: 'in_progress', currentStage: 'groups' });
    expect(started.body.tournament.stages.map((s: { status: string }) => s.status)).toEqual([
      'in_progress',
      'pending',
    ]);

    const view = await bracket();
    expect(view.stages[0].groups).toMatchObject([
      { name: 'A', teamIds: ['s1', 's4', 's5', 's8'] },
      { name: 'B', teamIds: ['s2', 's3', 's6', 's7'] },
    ]);
    const groupMatches = view.matches.filter((m) => m.stage === 'groups');
    expect(groupMatches).toHaveLength(12);
    expect(groupMatches.every((m) => m.bracket === 'RR' && /^Group [AB] R[1-3] M[12]$/.test(m.label))).toBe(
      true,
    );
    expect(
      groupMatches
        .filter((m) => m.group === 'A')
        .every((m) => ['s1', 's4', 's5', 's8'].includes(m.team1!.id)),
    ).toBe(true);
    const playoffMatches = view.matches.filter((m) => m.stage === 'playoffs');
    expect(
      playoffMatches.map((m) => [
        m.label,
        m.bracket,
        m.group,
        m.team1Placeholder,
        m.team2Placeholder,
        m.queuePosition,
      ]),
    ).toEqual([
      ['R1 M1', 'SE', null, 'Group A #1', 'Group B #2', null],
      ['R1 M2', 'SE', null, 'Group B #1', 'Group A #2', null],
      ['Final', 'SE', null, 'Winner of R1 M1', 'Winner of R1 M2', null],
    ]);
    const manualOnes = (await server.request('GET', '/api/matches')).body.matches;
    expect(manualOnes.every((m: Match) => m.stage !== null)).toBe(true);

    // Every group match but the last: the seats stay empty.
    const last = groupMatches.at(-1)!;
    await playStage('groups', [last.label]);
    expect((await byLabel('R1 M1')).team1).toBeNull();
    const tables = (await bracket()).stages[0].groups;
    expect(tables[0]!.standings.some((s) => s.qualified)).toBe(true);
    expect(tables[1]!.standings.some((s) => s.qualified)).toBe(false);
    const lastWinner = seed(last.team1) < seed(last.team2) ? 'team1' : 'team2';
    expect(
      (await server.request('POST', `/api/matches/${last.slug}/winner`, { body: { winner: lastWinner } }))
        .status,
    ).toBe(200);

    const filled = await bracket();
    const seats = filled.matches
      .filter((m) => m.stage === 'playoffs')
      .map((m) => [m.team1?.id, m.team2?.id, m.queuePosition]);
    expect(seats).toEqual([
      ['s1', 's3', 13],
      ['s2', 's4', 14],
      [undefined, undefined, null],
    ]);
    expect(filled.tournament).toMatchObject({ currentStage: 'playoffs' });
    expect(filled.stages.map((s) => s.status)).toEqual(['completed', 'in_progress']);
    const a = filled.stages[0].groups[0]!.standings;
    expect(a.map((s) => [s.teamId, s.rank, s.wins, s.losses, s.qualified])).toEqual([
      ['s1', 1, 3, 0, true],
      ['s4', 2, 2, 1, true],
      ['s5', 3, 1, 2, false],
      ['s8', 4, 0, 3, false],
    ]);
    expect(filled.swissStandings).toEqual([]);

    await playStage('playoffs');
    const done = (await server.request('GET', '/api/tournament', { token: null })).body.tournament;
    expect(done).toMatchObject({ status: 'completed', winner: { id: 's1' }, currentStage: null });
    expect(done.stages.map((s: { status: string }) => s.status)).toEqual(['completed', 'completed']);

    const board = (await server.request('GET', `/api/tournament/${done.id}/leaderboard`, { token: null }))
      .body.entries;
    expect(
      board.map((e: { teamId: string; rank: number; wins: number; losses: number }) => [
        e.teamId,
        e.rank,
        e.wins,
        e.losses,
      ]),
    ).toEqual([
      ['s1', 1, 5, 0],
      ['s2', 2, 4, 1],
      ['s3', 3, 2, 2],
      ['s4', 3, 2, 2],
      ['s5', 5, 1, 2],
      ['s6', 5, 1, 2],
      ['s7', 7, 0, 3],
      ['s8', 7, 0, 3],
    ]);
  });

  it('handles odd groups and a playoff bye: a round-robin group of 3 sits one team out per round, the bye seat goes through when filled', async () => {
    // 8 teams in 3 groups: A = 1, 6, 7; B = 2, 5, 8; C = 3, 4. Three seats in a bracket of four.
    await create({ stages: [groups({ groupCount: 3, advancePerGroup: 1 }), playoffs()] });
    await server.request('POST', '/api/tournament/start');
    const view = await bracket();
    expect(view.stages[0].groups.map((g) => g.teamIds)).toEqual([
      ['s1', 's6', 's7'],
      ['s2', 's5', 's8'],
      ['s3', 's4'],
    ]);
    const playoffSlots = view.matches.filter((m) => m.stage === 'playoffs');
    expect(playoffSlots.map((m) => [m.label, m.status, m.team1Placeholder, m.team2Placeholder])).toEqual([
      ['R1 M1', 'pending', 'Group A #1', null],
      ['R1 M2', 'pending', 'Group B #1', 'Group C #1'],
      ['Final', 'pending', 'Group A #1', 'Winner of R1 M2'],
    ]);
    await playStage('groups');
    const filled = await bracket();
    const a = filled.stages[0].groups[0]!.standings;
    // Round robin has no bye matches (brackets-manager leaves the team out of that round): no bye wins.
    expect(filled.matches.filter((m) => m.group === 'A').map((m) => m.label)).toEqual([
      'Group A R1 M1',
      'Group A R2 M1',
      'Group A R3 M1',
    ]);
    expect(a.map((s) => [s.teamId, s.wins, s.losses])).toEqual([
      ['s1', 2, 0],
      ['s6', 1, 1],
      ['s7', 0, 2],
    ]);
    const after = filled.matches.filter((m) => m.stage === 'playoffs');
    expect(after.map((m) => [m.label, m.status, m.team1?.id ?? null, m.team2?.id ?? null])).toEqual([
      ['R1 M1', 'completed', 's1', null],
      ['R1 M2', 'ready', 's2', 's3'],
      ['Final', 'pending', 's1', null],
    ]);
    await playStage('playoffs');
    expect((await server.request('GET', '/api/tournament')).body.tournament.winner.id).toBe('s1');
  });

  it('waits for the admin with start "manual": 422 while a group match is open, 200 once, 422 again', async () => {
    await create({
      stages: [groups({ type: 'swiss' }), playoffs({ start: 'manual', type: 'double_elimination' })],
    });
    await server.request('POST', '/api/tournament/start');
    const early = await server.request('POST', '/api/tournament/playoffs/start');
    expect(early.status).toBe(422);
    expect(early.body.code).toBe('INVALID_STATE');
    expect(early.body.error).toMatch(/^8 group matches are still open/);
    const first = (await bracket()).matches.filter((m) => m.stage === 'groups');
    expect(first.map((m) => m.label).slice(0, 4)).toEqual([
      'Group A R1 M1',
      'Group A R1 M2',
      'Group B R1 M1',
      'Group B R1 M2',
    ]);
    expect(first.every((m) => m.bracket === 'SWISS')).toBe(true);

    await playStage('groups');
    expect((await byLabel('UB R1 M1')).team1).toBeNull();
    const t = (await server.request('GET', '/api/tournament')).body.tournament;
    expect(t.currentStage).toBe('groups');
    expect(t.stages.map((s: { status: string }) => s.status)).toEqual(['completed', 'pending']);

    const res = await server.request('POST', '/api/tournament/playoffs/start');
    expect(res.status).toBe(200);
    expect(res.body.tournament.currentStage).toBe('playoffs');
    expect(res.body.matches.every((m: Match) => m.stage === 'playoffs')).toBe(true);
    const firstRound = res.body.matches.filter((m: Match) => m.label.startsWith('UB R1'));
    expect(firstRound.map((m: Match) => [m.team1!.id, m.team2!.id])).toEqual([
      ['s1', 's3'],
      ['s2', 's4'],
    ]);
    const again = await server.request('POST', '/api/tournament/playoffs/start');
    expect(again.status).toBe(422);
    expect(again.body.error).toContain('already filled');
  });

  it('answers 422 for a tournament without stages or not started', async () => {
    await create();
    expect((await server.request('POST', '/api/tournament/playoffs/start')).status).toBe(422);
    await server.request('DELETE', '/api/tournament');
    await create({ type: 'single_elimination', stages: undefined });
    await server.request('POST', '/api/tournament/start');
    const res = await server.request('POST', '/api/tournament/playoffs/start');
    expect(res.status).toBe(422);
    expect(res.body.error).toContain('no playoffs');
    await server.request('DELETE', '/api/tournament');
    expect((await server.request('POST', '/api/tournament/playoffs/start')).status).toBe(404);
  });

  it('reset clears the seats and the matches; a new start leaves the seats empty', async () => {
    await create({ stages: [groups(), playoffs({ start: 'manual' })] });
    await server.request('POST', '/api/tournament/start');
    await playStage('groups');
    await server.request('POST', '/api/tournament/playoffs/start');
    const reset = await server.request('POST', '/api/tournament/reset');
    expect(reset.body.tournament).toMatchObject({ status: 'setup', currentStage: null });
    await server.request('POST', '/api/tournament/start');
    const fresh = await bracket();
    expect(fresh.matches.filter((m) => m.stage === 'playoffs').every((m) => m.team1 === null)).toBe(true);
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
    const started = await server.request('POST', '/api/tournament/start');
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
    const started = await server.request('POST', '/api/tournament/start');
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
    const de = await server.request('POST', '/api/tournament/start');
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
});
