import { describe, expect, it } from 'vitest';
import { groups, playoffs, stageCup, type StageMatch } from '../helpers/stage-cup.js';

const { server, create, bracket, byLabel, seed, playStage } = stageCup();

describe('groups then playoffs (decisions 25-30)', () => {
  it('deals snake groups, creates empty playoff seats, fills them with the last group result, crowns the champion', async () => {
    await create();
    const started = await server.request('POST', '/api/tournament/start', { body: { force: true } });
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
    expect(manualOnes.every((m: StageMatch) => m.stage !== null)).toBe(true);

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
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
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

  it('gives the bye of an odd Swiss group as a win; a manual match has no stage or group', async () => {
    await create({ stages: [groups({ type: 'swiss', groupCount: 3, advancePerGroup: 1 }), playoffs()] });
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    const firstRound = (await bracket()).matches.filter((m) => m.group === 'A' && m.label.includes(' R1 '));
    expect(firstRound.map((m) => [m.label, m.status, m.team1?.id, m.team2?.id ?? null])).toEqual([
      ['Group A R1 M1', 'ready', 's1', 's6'],
      ['Group A R1 M2', 'completed', 's7', null],
    ]);
    const a = (await bracket()).stages[0].groups[0]!.standings;
    expect(a.find((s) => s.teamId === 's7')).toMatchObject({ wins: 1, losses: 0, byes: 1 });

    const manual = await server.request('POST', '/api/matches', {
      body: { team1Id: 's1', team2Id: 's2', maps: ['de_dust2'] },
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    expect(manual.body.match).toMatchObject({ stage: null, group: null });
    expect((await server.request('DELETE', `/api/matches/${manual.body.match.slug}`)).status).toBe(200);
  });

  it('waits for the admin with start "manual": 422 while a group match is open, 200 once, 422 again', async () => {
    await create({
      stages: [groups({ type: 'swiss' }), playoffs({ start: 'manual', type: 'double_elimination' })],
    });
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
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
    expect(res.body.matches.every((m: StageMatch) => m.stage === 'playoffs')).toBe(true);
    const firstRound = res.body.matches.filter((m: StageMatch) => m.label.startsWith('UB R1'));
    expect(firstRound.map((m: StageMatch) => [m.team1!.id, m.team2!.id])).toEqual([
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
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    const res = await server.request('POST', '/api/tournament/playoffs/start');
    expect(res.status).toBe(422);
    expect(res.body.error).toContain('no playoffs');
    await server.request('DELETE', '/api/tournament');
    expect((await server.request('POST', '/api/tournament/playoffs/start')).status).toBe(404);
  });

  it('reset clears the seats and the matches; a new start leaves the seats empty', async () => {
    await create({ stages: [groups(), playoffs({ start: 'manual' })] });
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    await playStage('groups');
    await server.request('POST', '/api/tournament/playoffs/start');
    const reset = await server.request('POST', '/api/tournament/reset');
    expect(reset.body.tournament).toMatchObject({ status: 'setup', currentStage: null });
    await server.request('POST', '/api/tournament/start', { body: { force: true } });
    const fresh = await bracket();
    expect(fresh.matches.filter((m) => m.stage === 'playoffs').every((m) => m.team1 === null)).toBe(true);
  });
});
