import { describe, expect, it } from 'vitest';
import {
  blockingDetails,
  correctedResult,
  downstreamPlan,
  eliminationRoots,
  mapsToWin,
  playoffRoots,
  type PlacedMatch,
} from '../../shared/domain/result-correction.js';

const won = { winner: 'team1' as const, team1SeriesScore: 2, team2SeriesScore: 1 };

describe('correctedResult', () => {
  it('gives the walkover score when the winner changes and no score is given', () => {
    expect(correctedResult(won, 'bo3', { winner: 'team2' })).toEqual({
      ok: true,
      changed: true,
      result: { winner: 'team2', team1SeriesScore: 0, team2SeriesScore: 2 },
    });
    expect(mapsToWin('bo5')).toBe(3);
    expect(mapsToWin('bo1')).toBe(1);
  });

  it('keeps the winner and the other score when only one score is given', () => {
    expect(correctedResult(won, 'bo3', { team2SeriesScore: 0 })).toEqual({
      ok: true,
      changed: true,
      result: { winner: 'team1', team1SeriesScore: 2, team2SeriesScore: 0 },
    });
  });

  it('answers unchanged for the same result', () => {
    const same = correctedResult(won, 'bo3', { winner: 'team1', team1SeriesScore: 2 });
    expect(same).toMatchObject({ ok: true, changed: false });
  });

  it('refuses scores that do not fit the format or the winner, naming the field', () => {
    expect(correctedResult(won, 'bo3', { winner: 'team2', team2SeriesScore: 3 })).toEqual({
      ok: false,
      details: [{ path: 'team2SeriesScore', message: 'the winner of a bo3 has 2' }],
    });
    expect(correctedResult(won, 'bo3', { team2SeriesScore: 2 })).toMatchObject({
      ok: false,
      details: [{ path: 'team2SeriesScore' }],
    });
  });

  it('keeps a drawn series level', () => {
    const draw = { winner: null, team1SeriesScore: 1, team2SeriesScore: 1 };
    expect(correctedResult(draw, 'bo3', { team1SeriesScore: 0 })).toMatchObject({
      ok: false,
      details: [{ path: 'team1SeriesScore' }],
    });
    expect(correctedResult(draw, 'bo3', { winner: 'team1' })).toMatchObject({
      ok: true,
      result: { winner: 'team1', team1SeriesScore: 2, team2SeriesScore: 0 },
    });
  });
});

/** A 4-team single elimination with a third place match: SF1 (A-B), SF2 (C-D), Final, Third Place. */
function bracket(over: Partial<Record<string, Partial<PlacedMatch>>> = {}): PlacedMatch[] {
  const m = (slug: string, playOrder: number, fields: Partial<PlacedMatch>): PlacedMatch => ({
    slug,
    label: slug.toUpperCase(),
    status: 'completed',
    serverId: null,
    team1Id: null,
    team2Id: null,
    winnerId: null,
    isBye: false,
    playOrder,
    ...fields,
    ...over[slug],
  });
  return [
    m('sf1', 1, { team1Id: 'A', team2Id: 'B', winnerId: 'A' }),
    m('sf2', 2, { team1Id: 'C', team2Id: 'D', winnerId: 'C' }),
    m('final', 3, { team1Id: 'A', team2Id: 'C', status: 'ready' }),
    m('third', 4, { team1Id: 'B', team2Id: 'D', status: 'ready' }),
  ];
}

const slugs = (list: readonly PlacedMatch[]) => list.map((m) => m.slug);

describe('downstream of an elimination match', () => {
  it('repairs the matches its winner and loser were placed in when they have not started', () => {
    const list = bracket();
    const plan = downstreamPlan(list, eliminationRoots(list, list[0]!, 'B'));
    expect(slugs(plan.repaired)).toEqual(['final', 'third']);
    expect(plan.reset).toEqual([]);
  });

  it('reaches nothing when the winner stays', () => {
    const list = bracket();
    expect(eliminationRoots(list, list[0]!, 'A')).toEqual([]);
  });

  it('lists every started match, and what a completed one fed in turn', () => {
    const list = bracket({
      final: { status: 'completed', winnerId: 'A' },
      third: { status: 'live', serverId: 's1' },
    });
    const plan = downstreamPlan(list, eliminationRoots(list, list[0]!, 'B'));
    expect(slugs(plan.reset)).toEqual(['final', 'third']);
    expect(blockingDetails(plan.reset)).toEqual([
      { path: 'final', message: 'FINAL is completed' },
      { path: 'third', message: 'THIRD is live' },
    ]);
  });

  it('goes on through the match a reset match fed', () => {
    // An 8-team bracket's quarter final: QF1 -> SF1 (completed) -> Final (ready).
    const list: PlacedMatch[] = [
      {
        slug: 'qf1',
        label: 'QF1',
        status: 'completed',
        serverId: null,
        team1Id: 'A',
        team2Id: 'H',
        winnerId: 'A',
        isBye: false,
        playOrder: 1,
      },
      {
        slug: 'qf2',
        label: 'QF2',
        status: 'completed',
        serverId: null,
        team1Id: 'D',
        team2Id: 'E',
        winnerId: 'D',
        isBye: false,
        playOrder: 2,
      },
      {
        slug: 'sf1',
        label: 'SF1',
        status: 'completed',
        serverId: null,
        team1Id: 'A',
        team2Id: 'D',
        winnerId: 'D',
        isBye: false,
        playOrder: 5,
      },
      {
        slug: 'final',
        label: 'Final',
        status: 'pending',
        serverId: null,
        team1Id: 'D',
        team2Id: null,
        winnerId: null,
        isBye: false,
        playOrder: 7,
      },
    ];
    const plan = downstreamPlan(list, eliminationRoots(list, list[0]!, 'H'));
    expect(slugs(plan.reset)).toEqual(['sf1']);
    expect(slugs(plan.repaired)).toEqual(['final']);
  });
});

describe('playoff matches reached by new group standings', () => {
  it('names the first playoff match of each team that leaves or takes a seat', () => {
    const list: PlacedMatch[] = [
      {
        slug: 'r1-m1',
        label: 'R1 M1',
        status: 'ready',
        serverId: null,
        team1Id: 'A1',
        team2Id: 'B2',
        winnerId: null,
        isBye: false,
        playOrder: 10,
      },
      {
        slug: 'r1-m2',
        label: 'R1 M2',
        status: 'ready',
        serverId: null,
        team1Id: 'B1',
        team2Id: 'A2',
        winnerId: null,
        isBye: false,
        playOrder: 11,
      },
    ];
    const before = { 'Group A #1': 'A1', 'Group A #2': 'A2', 'Group B #1': 'B1', 'Group B #2': 'B2' };
    const after = { ...before, 'Group A #1': 'A2', 'Group A #2': 'A1' };
    expect(slugs(playoffRoots(list, before, after))).toEqual(['r1-m1', 'r1-m2']);
    expect(playoffRoots(list, before, { ...before })).toEqual([]);
  });
});
