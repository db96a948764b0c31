import { describe, expect, it } from 'vitest';
import {
  clinchedByAdvantage,
  mapAdvantageProblems,
  mapsOnServer,
  playedOnServer,
  startingSeries,
  winnerWithAdvantage,
  withAdvantage,
} from '../../shared/domain/map-advantage.js';
import {
  applyProgressEvent,
  type MatchProgress,
  type ProgressEvent,
} from '../../shared/domain/match-progress.js';

const grandFinal: MatchProgress = {
  status: 'loaded',
  phase: null,
  currentMapNumber: null,
  ...startingSeries('team1'),
  team1MapScore: 0,
  team2MapScore: 0,
  maps: [],
  mapAdvantage: 'team1',
};

/** A map's end as the plugin reports it. */
const mapWonBy = (mapNumber: number, side: 'team1' | 'team2'): ProgressEvent[] => [
  { event: 'going_live', mapNumber },
  {
    event: 'map_result',
    mapNumber,
    team1Score: side === 'team1' ? 13 : 7,
    team2Score: side === 'team1' ? 7 : 13,
  },
];

const play = (events: readonly ProgressEvent[]) =>
  events.reduce((p, e) => applyProgressEvent(p, e, 'enabled').progress, grandFinal);

describe('the series the game server plays', () => {
  it('is one map shorter with the advantage: a bo3 plays 2 maps, a bo5 4', () => {
    expect(mapsOnServer('bo3', 'team1')).toBe(2);
    expect(mapsOnServer('bo5', 'team1')).toBe(4);
    expect(mapsOnServer('bo3', null)).toBe(3);
  });

  it('starts the advantage team at 1-0 and takes that map off to count what the server played', () => {
    expect(startingSeries('team1')).toEqual({ team1SeriesScore: 1, team2SeriesScore: 0 });
    expect(startingSeries(null)).toEqual({ team1SeriesScore: 0, team2SeriesScore: 0 });
    expect(playedOnServer({ team1SeriesScore: 2, team2SeriesScore: 1, mapAdvantage: 'team1' })).toEqual({
      team1SeriesScore: 1,
      team2SeriesScore: 1,
    });
    expect(withAdvantage({ team1: 0, team2: 2 }, 'team1')).toEqual({ team1: 1, team2: 2 });
  });
});

describe('the series score with the advantage', () => {
  it('counts the advantage map beside the maps won', () => {
    const p = play(mapWonBy(0, 'team2'));
    expect([p.team1SeriesScore, p.team2SeriesScore]).toEqual([1, 1]);
    expect(clinchedByAdvantage(p, 'bo3', 'team1')).toBe(false);
  });

  it('is won by the upper team with one map of a bo3: 2-0 after one played map', () => {
    const p = play(mapWonBy(0, 'team1'));
    expect([p.team1SeriesScore, p.team2SeriesScore]).toEqual([2, 0]);
    expect(clinchedByAdvantage(p, 'bo3', 'team1')).toBe(true);
  });

  it('needs two maps of the lower team in a bo3, three in a bo5', () => {
    const bo3 = play([...mapWonBy(0, 'team2'), ...mapWonBy(1, 'team2')]);
    expect([bo3.team1SeriesScore, bo3.team2SeriesScore]).toEqual([1, 2]);
    expect(clinchedByAdvantage(bo3, 'bo3', 'team1')).toBe(false);
    const bo5 = play([...mapWonBy(0, 'team2'), ...mapWonBy(1, 'team1'), ...mapWonBy(2, 'team2')]);
    expect([bo5.team1SeriesScore, bo5.team2SeriesScore]).toEqual([2, 2]);
    expect(clinchedByAdvantage(bo5, 'bo5', 'team1')).toBe(false);
    const upperTakesBo5 = play([...mapWonBy(0, 'team2'), ...mapWonBy(1, 'team1'), ...mapWonBy(2, 'team1')]);
    expect(clinchedByAdvantage(upperTakesBo5, 'bo5', 'team1')).toBe(true);
  });

  it('is never a clinch without an advantage', () => {
    expect(clinchedByAdvantage({ team1SeriesScore: 2, team2SeriesScore: 0 }, 'bo3', null)).toBe(false);
  });
});

describe("the plugin's series end read with the advantage", () => {
  it('turns a plugin draw of a 2-map series (1-1) into the upper team winning 2-1', () => {
    expect(winnerWithAdvantage(null, withAdvantage({ team1: 1, team2: 1 }, 'team1'), 'team1')).toBe('team1');
  });

  it('keeps the lower team as winner when it took both maps (1-2)', () => {
    expect(winnerWithAdvantage('team2', withAdvantage({ team1: 0, team2: 2 }, 'team1'), 'team1')).toBe(
      'team2',
    );
  });

  it("keeps the plugin's winner without an advantage", () => {
    expect(winnerWithAdvantage(null, { team1: 1, team2: 1 }, null)).toBeNull();
  });
});

describe('the setting', () => {
  const ok = { doubleElimination: true, grandFinalMode: 'simple' as const, grandFinalFormat: 'bo3' as const };

  it('fits a simple grand final of a bo3 or bo5', () => {
    expect(mapAdvantageProblems(ok)).toEqual([]);
    expect(mapAdvantageProblems({ ...ok, grandFinalFormat: 'bo5' })).toEqual([]);
  });

  it.each([
    [{ ...ok, grandFinalFormat: 'bo1' as const }, /bo1/],
    [{ ...ok, grandFinalMode: 'none' as const }, /"none"/],
    [{ ...ok, grandFinalMode: 'double' as const }, /"double"/],
    [{ ...ok, doubleElimination: false }, /double elimination/],
  ])('is refused naming the field: %o', (setup, why) => {
    const [problem, ...more] = mapAdvantageProblems(setup);
    expect(more).toEqual([]);
    expect(problem?.path).toBe('settings.grandFinalMapAdvantage');
    expect(problem?.message).toMatch(why);
  });
});
