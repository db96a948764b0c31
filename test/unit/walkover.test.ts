import { describe, expect, it } from 'vitest';
import { dueWalkovers, walkoverResult } from '../../shared/domain/walkover.js';
import { pairNextRound } from '../../shared/domain/swiss.js';

const match = (
  slug: string,
  team1: string | null,
  team2: string | null,
  status = 'pending',
  playOrder = 1,
) => ({
  slug,
  status,
  team1Id: team1,
  team2Id: team2,
  isBye: false,
  playOrder,
});

describe('walkovers (decisions 60, 61)', () => {
  it('the other side wins 1-0', () => {
    expect(walkoverResult('team1')).toEqual({ winner: 'team2', team1SeriesScore: 0, team2SeriesScore: 1 });
    expect(walkoverResult('team2')).toEqual({ winner: 'team1', team1SeriesScore: 1, team2SeriesScore: 0 });
  });

  it('a withdrawn team loses every unfinished match with both teams known, in play order', () => {
    const list = [
      match('later', 'x', 'b', 'ready', 3),
      match('first', 'a', 'x', 'live', 1),
      match('done', 'x', 'c', 'completed', 0),
      match('open-slot', 'x', null, 'pending', 2),
      match('others', 'a', 'b', 'pending', 2),
    ];
    expect(dueWalkovers(list, new Set(['x']), () => false)).toEqual([
      { slug: 'first', teamIds: ['x'], winner: 'team1' },
      { slug: 'later', teamIds: ['x'], winner: 'team2' },
    ]);
  });

  it('both teams withdrawn: team 1 goes through where a winner is needed, nobody where a draw counts', () => {
    const list = [match('m', 'x', 'y')];
    expect(dueWalkovers(list, new Set(['x', 'y']), () => false)[0]!.winner).toBe('team1');
    expect(dueWalkovers(list, new Set(['x', 'y']), () => true)[0]!.winner).toBeNull();
  });

  it('Swiss pairs a withdrawn team no more; its played results stand for the others', () => {
    const teams = ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id, seed: i + 1 }));
    const results = [
      { team1: 'a', team2: 'd', winner: 'a', team1Rounds: 13, team2Rounds: 5 },
      { team1: 'b', team2: 'e', winner: 'b', team1Rounds: 13, team2Rounds: 9 },
      { team1: 'c', team2: null, winner: 'c', team1Rounds: 0, team2Rounds: 0 },
    ];
    const pairs = pairNextRound(teams, results, new Set(['a']));
    const paired = pairs.flatMap((p) => [p.team1, p.team2]);
    expect(paired).not.toContain('a');
    expect(paired.filter((id) => id !== null).sort()).toEqual(['b', 'c', 'd', 'e']);
  });
});
