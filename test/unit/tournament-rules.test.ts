import { describe, expect, it } from 'vitest';
import { TOURNAMENT_STATUSES } from '../../shared/contracts/tournament.js';
import {
  checkStart,
  drawsAllowed,
  judgeSeries,
  nextStatus,
  playsThirdPlaceMatch,
  refusedEdits,
  type RosterTeam,
  type StartFacts,
  type TournamentAction,
} from '../../shared/domain/tournament-rules.js';

const POOL = ['de_ancient', 'de_anubis', 'de_dust2', 'de_inferno', 'de_mirage', 'de_nuke', 'de_train'];

const teamsOf = (n: number): RosterTeam[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `team-${i + 1}`,
    name: `Team ${i + 1}`,
    players: [{ id: `p${i + 1}`, name: `Player ${i + 1}` }],
  }));

const facts = (overrides: Partial<StartFacts> = {}): StartFacts => ({
  type: 'double_elimination',
  format: 'bo3',
  teams: teamsOf(8),
  veto: true,
  mapPool: POOL,
  ...overrides,
});

describe('start validation', () => {
  it('starts a valid tournament without problems or warnings', () => {
    expect(checkStart(facts())).toEqual({ problems: [], warnings: [] });
  });

  it('checks the group stage again on the teams drawn (decision 24)', () => {
    const groups = { type: 'groups_playoffs' as const, groupStage: { groupCount: 3, advancePerGroup: 2 } };
    expect(checkStart(facts({ ...groups, teams: teamsOf(9) })).problems).toEqual([]);
    expect(checkStart(facts({ ...groups, teams: teamsOf(5) })).problems.map((p) => p.path)).toEqual([
      'stages.0.groupCount',
    ]);
    expect(checkStart(facts({ ...groups, teams: teamsOf(7) })).problems.map((p) => p.path)).toEqual([
      'stages.0.advancePerGroup',
    ]);
  });

  it('lists every reason at once: too few teams and a 6-map pool for a veto', () => {
    expect(checkStart(facts({ teams: teamsOf(1), mapPool: POOL.slice(0, 6) })).problems).toEqual([
      { path: 'teamIds', message: 'needs at least 2 teams; has 1' },
      { path: 'settings.mapPool', message: 'a veto needs exactly 7 maps in the pool; has 6' },
    ]);
  });

  it('refuses 8 maps for a veto too, and too few maps for the series without one', () => {
    expect(checkStart(facts({ mapPool: [...POOL, 'de_vertigo'] })).problems).toHaveLength(1);
    expect(checkStart(facts({ veto: false, mapPool: POOL.slice(0, 2) })).problems).toEqual([
      { path: 'settings.mapPool', message: 'a bo3 without veto needs 3 maps; has 2' },
    ]);
    expect(checkStart(facts({ veto: false, mapPool: POOL.slice(0, 3) })).problems).toEqual([]);
  });

  it('keeps team counts within the limits of each type', () => {
    expect(checkStart(facts({ type: 'single_elimination', teams: teamsOf(2) })).problems).toEqual([]);
    expect(checkStart(facts({ type: 'double_elimination', teams: teamsOf(1024) })).problems).toEqual([]);
    expect(checkStart(facts({ type: 'swiss', teams: teamsOf(1025) })).problems).toEqual([
      { path: 'teamIds', message: 'takes at most 1024 teams; has 1025' },
    ]);
    expect(checkStart(facts({ type: 'round_robin', teams: teamsOf(65) })).problems).toEqual([
      { path: 'teamIds', message: 'takes at most 64 teams; has 65' },
    ]);
  });

  it('counts players, not teams, for a shuffle', () => {
    const shuffle = (poolSize: number) =>
      checkStart(facts({ type: 'shuffle', teams: [], shuffle: { poolSize, teamSize: 5 } })).problems;
    expect(shuffle(10)).toEqual([]);
    expect(shuffle(9)).toEqual([
      { path: 'shufflePool', message: 'needs at least 10 players for 2 teams of 5; has 9' },
    ]);
    expect(checkStart(facts({ type: 'shuffle', teams: [] })).problems).toHaveLength(1);
  });

  it('only warns about a player on two teams', () => {
    const teams = teamsOf(4);
    teams[2] = { ...teams[2]!, players: [...teams[2]!.players, { id: 'p1', name: 'Player 1' }] };
    expect(checkStart(facts({ teams }))).toEqual({
      problems: [],
      warnings: ['Player Player 1 (p1) is on several teams: Team 1, Team 3.'],
    });
  });

  it('warns when Swiss has more rounds than teams can play without rematches', () => {
    expect(checkStart(facts({ type: 'swiss', teams: teamsOf(4), swissRounds: 3 })).warnings).toEqual([]);
    expect(checkStart(facts({ type: 'swiss', teams: teamsOf(4), swissRounds: 4 })).warnings).toEqual([
      '4 Swiss rounds for 4 teams means some teams meet twice.',
    ]);
  });
});

describe('third place match', () => {
  it('is played when asked for and there are two semi-final losers (4 teams or more)', () => {
    expect([2, 3, 4, 130].map((n) => playsThirdPlaceMatch(n, true))).toEqual([false, false, true, true]);
    expect(playsThirdPlaceMatch(8, false)).toBe(false);
  });
});

describe('tournament status', () => {
  it('moves setup -> in progress -> completed, and back to setup on reset', () => {
    const table = TOURNAMENT_STATUSES.map((status) =>
      (['start', 'complete', 'reset'] as TournamentAction[]).map((action) => nextStatus(status, action)),
    );
    expect(table).toEqual([
      // start, complete, reset
      ['in_progress', null, null], // setup
      [null, 'completed', 'setup'], // in_progress
      [null, null, 'setup'], // completed
    ]);
  });

  it('allows every edit in setup; after the start only the name, and the format while it runs', () => {
    const all = ['name', 'type', 'format', 'teamIds', 'settings'] as const;
    expect(refusedEdits('setup', all)).toEqual([]);
    expect(refusedEdits('in_progress', all)).toEqual(['type', 'teamIds', 'settings']);
    expect(refusedEdits('completed', all)).toEqual(['type', 'format', 'teamIds', 'settings']);
  });
});

describe('series results', () => {
  const totals = (mapsWon: number, roundsWon = 0, damage = 0) => ({ mapsWon, roundsWon, damage });

  it('allows a drawn series in Swiss, round robin and shuffle; not in elimination or manual matches', () => {
    expect(
      (['swiss', 'round_robin', 'shuffle', 'single_elimination', 'double_elimination', null] as const).map(
        (type) => drawsAllowed(type),
      ),
    ).toEqual([true, true, true, false, false, false]);
  });

  it('allows a drawn series in the groups of a group stage, not in its playoffs', () => {
    expect(drawsAllowed('groups_playoffs', 'groups')).toBe(true);
    expect(drawsAllowed('groups_playoffs', 'playoffs')).toBe(false);
    expect(judgeSeries('groups_playoffs', totals(1), totals(1), 'groups')).toEqual({
      status: 'completed',
      winner: null,
    });
    expect(judgeSeries('groups_playoffs', totals(1, 5), totals(1, 3), 'playoffs')).toEqual({
      status: 'completed',
      winner: 'team1',
    });
  });

  it('decides by maps won in every format', () => {
    expect(judgeSeries('single_elimination', totals(2, 20), totals(1, 30))).toEqual({
      status: 'completed',
      winner: 'team1',
    });
    expect(judgeSeries('swiss', totals(0), totals(1))).toEqual({ status: 'completed', winner: 'team2' });
  });

  it('records a level series as a draw where draws are allowed', () => {
    expect(judgeSeries('round_robin', totals(1, 25, 3000), totals(1, 20, 2000))).toEqual({
      status: 'completed',
      winner: null,
    });
  });

  it('breaks a level series in elimination on rounds, then damage; still level needs an admin decision', () => {
    expect(judgeSeries('double_elimination', totals(1, 24, 100), totals(1, 25, 0))).toEqual({
      status: 'completed',
      winner: 'team2',
    });
    expect(judgeSeries('double_elimination', totals(1, 24, 5100), totals(1, 24, 5000))).toEqual({
      status: 'completed',
      winner: 'team1',
    });
    expect(judgeSeries('single_elimination', totals(1, 24, 5000), totals(1, 24, 5000))).toEqual({
      status: 'needs_decision',
    });
    expect(judgeSeries(null, totals(0, 12, 0), totals(0, 12, 0))).toEqual({ status: 'needs_decision' });
  });
});
