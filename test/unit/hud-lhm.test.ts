import { describe, expect, it } from 'vitest';
import type { Match } from '../../shared/contracts/matches.js';
import { lhmHandOff } from '../../shared/domain/hud-lhm.js';

const team = (id: string) => ({ id, name: `Team ${id}`, tag: id.toUpperCase() });

/** The fields the hand-off reads; the rest of a Match plays no part. */
function match(over: Partial<Match> = {}): Match {
  return {
    slug: 'a-vs-b',
    status: 'live',
    format: 'bo3',
    team1: team('a'),
    team2: team('b'),
    team1SeriesScore: 1,
    team2SeriesScore: 0,
    currentMapNumber: 1,
    mapPool: ['de_nuke', 'de_mirage', 'de_inferno'],
    maps: [],
    loadedAt: 1_700_000_000,
    ...over,
  } as Match;
}

const played = (
  number: number,
  team1Score: number,
  team2Score: number,
  winner: 'team1' | 'team2' | null,
) => ({
  number,
  name: 'x',
  team1Score,
  team2Score,
  winner,
  decidedBy: winner ? ('rounds' as const) : null,
  demo: null,
});

describe('lhmHandOff', () => {
  it('plays a match without a veto as deciders, each with its score by team id once started', () => {
    const { match: out } = lhmHandOff(
      match({ maps: [played(0, 13, 4, 'team1'), played(1, 5, 7, null)] }),
      { team1: null, team2: null },
      null,
    );
    expect(out).toMatchObject({
      id: 'a-vs-b',
      current: true,
      left: { id: 'a', wins: 1 },
      startTime: 1_700_000_000_000,
    });
    expect(out.vetos).toEqual([
      {
        teamId: '',
        mapName: 'de_nuke',
        side: 'NO',
        type: 'decider',
        reverseSide: false,
        score: { a: 13, b: 4 },
        winner: 'a',
        mapEnd: true,
      },
      {
        teamId: '',
        mapName: 'de_mirage',
        side: 'NO',
        type: 'decider',
        reverseSide: false,
        score: { a: 5, b: 7 },
        mapEnd: false,
      },
      { teamId: '', mapName: 'de_inferno', side: 'NO', type: 'decider', reverseSide: false, mapEnd: false },
    ]);
  });

  it('leaves out the decider a series started one map up never reaches; its wins count the advantage map', () => {
    const { match: out } = lhmHandOff(
      match({ mapAdvantage: 'team1', team1SeriesScore: 1, maps: [played(0, 5, 7, null)] }),
      { team1: null, team2: null },
      null,
    );
    expect(out.left).toEqual({ id: 'a', wins: 1 });
    expect(out.vetos.map((v) => v.mapName)).toEqual(['de_nuke', 'de_mirage']);
  });

  it('lists no teams or players for an empty slot, and a match not loaded as not current', () => {
    const handOff = lhmHandOff(
      match({ status: 'pending', team2: null, loadedAt: null }),
      {
        team1: {
          ...team('a'),
          players: [{ platformId: '76561198000000001', name: 'ann' }],
          createdAt: 0,
          updatedAt: 0,
        },
        team2: null,
      },
      null,
    );
    expect(handOff.teams.map((t) => t._id)).toEqual(['a']);
    expect(handOff.players).toMatchObject([
      { _id: '76561198000000001', steamid: '76561198000000001', username: 'ann', team: 'a' },
    ]);
    expect(handOff.match).toMatchObject({ current: false, right: { id: null }, startTime: 0 });
  });
});
