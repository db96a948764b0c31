import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyProgressEvent,
  mapWinner,
  sameProgress,
  type MatchProgress,
  type ProgressEvent,
} from '../../shared/domain/match-progress.js';

const start: MatchProgress = {
  status: 'ready',
  phase: null,
  currentMapNumber: null,
  team1SeriesScore: 0,
  team2SeriesScore: 0,
  team1MapScore: 0,
  team2MapScore: 0,
  maps: [],
};

const play = (events: readonly ProgressEvent[]) =>
  events.reduce((p, e) => applyProgressEvent(p, e, 'enabled').progress, start);

/** A map played round by round to 13, as the plugin reports it: round_end per round, then map_result. */
function mapEvents(mapNumber: number, team1Wins: boolean[]): ProgressEvent[] {
  const events: ProgressEvent[] = [{ event: 'going_live', mapNumber }];
  let [one, two] = [0, 0];
  for (const won of team1Wins) {
    if (one === 13 || two === 13) {
      break;
    }
    [one, two] = won ? [one + 1, two] : [one, two + 1];
    events.push({
      event: 'round_end',
      mapNumber,
      round: one + two,
      team1Score: one,
      team2Score: two,
      team1Damage: one * 100,
      team2Damage: two * 100,
    });
  }
  events.push({ event: 'map_result', mapNumber, team1Score: one, team2Score: two });
  return events;
}

describe('applyProgressEvent', () => {
  it('decides a level map on damage or as a draw, by overtime mode (API.md decision 6)', () => {
    const level = {
      number: 0,
      team1Score: 12,
      team2Score: 12,
      lastRound: 24,
      team1Damage: 3000,
      team2Damage: 3100,
      finished: true,
      winner: null,
      decidedBy: null,
    };
    expect(mapWinner(level, 'disabled_tiebreak')).toEqual({ winner: 'team2', decidedBy: 'damage_tiebreak' });
    expect(mapWinner(level, 'disabled_draw')).toEqual({ winner: null, decidedBy: null });
    expect(mapWinner({ ...level, team1Score: 13 }, 'disabled_draw')).toEqual({
      winner: 'team1',
      decidedBy: 'rounds',
    });
  });

  it('property: duplicated and reordered round and map events give the state of the ordered stream', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.boolean(), { minLength: 13, maxLength: 25 }), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        (maps, seed) => {
          const ordered = maps.flatMap((rounds, i) => mapEvents(i, rounds));
          const expected = play(ordered);
          // Within each map any order, with duplicates; maps themselves come one after another.
          let state = seed;
          const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
          const shuffled = maps.flatMap((rounds, i) => {
            const [live, ...rest] = mapEvents(i, rounds);
            const mixed = [...rest, ...rest.filter(() => random() < 0.2)].sort(() => random() - 0.5);
            return [live!, ...mixed];
          });
          const got = play(shuffled);
          expect(got.maps.map((m) => [m.team1Score, m.team2Score, m.winner])).toEqual(
            expected.maps.map((m) => [m.team1Score, m.team2Score, m.winner]),
          );
          expect([got.team1SeriesScore, got.team2SeriesScore]).toEqual([
            expected.team1SeriesScore,
            expected.team2SeriesScore,
          ]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a series that is over is never reopened; a late map_result or round_end only fills its map (2.4.19)', () => {
    const over = { ...start, status: 'completed' as const, team1SeriesScore: 2 };
    for (const e of [
      { event: 'going_live', mapNumber: 0 },
      { event: 'series_end', report: { winner: 'team2', team1SeriesScore: 0, team2SeriesScore: 2 } },
      { event: 'backup_loaded', mapNumber: 0, roundsPlayed: 0 },
    ] as ProgressEvent[]) {
      expect(applyProgressEvent(over, e, 'enabled')).toEqual({
        progress: over,
        changed: false,
        seriesEnded: false,
      });
    }
    const filled = applyProgressEvent(
      over,
      { event: 'map_result', mapNumber: 1, team1Score: 13, team2Score: 4 },
      'enabled',
    );
    expect(filled.progress).toMatchObject({
      status: 'completed',
      team1SeriesScore: 2,
      currentMapNumber: null,
    });
    expect(filled.progress.maps).toMatchObject([{ number: 1, finished: true, winner: 'team1' }]);
    const cancelled = { ...start, status: 'cancelled' as const };
    const late = { event: 'map_result', mapNumber: 0, team1Score: 13, team2Score: 4 } as const;
    expect(applyProgressEvent(cancelled, late, 'enabled').changed).toBe(false);
  });

  it('series_end hands on its own result', () => {
    const report = { winner: 'team1', team1SeriesScore: 2, team2SeriesScore: 1 } as const;
    const outcome = applyProgressEvent(
      { ...start, status: 'live' },
      { event: 'series_end', report },
      'enabled',
    );
    expect(outcome).toMatchObject({ seriesEnded: true, seriesReport: report });
  });

  it('backup_loaded rewinds the map to its rounds played; the replayed rounds apply again (2.4.16)', () => {
    const played = play(mapEvents(0, [true, true, false, true, false, false, true]).slice(0, -1));
    expect(played).toMatchObject({ team1MapScore: 4, team2MapScore: 3 });
    const rewound = applyProgressEvent(
      played,
      {
        event: 'backup_loaded',
        mapNumber: 0,
        roundsPlayed: 3,
        restored: { team1Score: 2, team2Score: 1, team1Damage: 200, team2Damage: 100 },
      },
      'enabled',
    ).progress;
    expect(rewound).toMatchObject({ team1MapScore: 2, team2MapScore: 1 });
    expect(rewound.maps[0]).toMatchObject({ lastRound: 3, team1Damage: 200 });
    const replayed = applyProgressEvent(
      rewound,
      {
        event: 'round_end',
        mapNumber: 0,
        round: 4,
        team1Score: 2,
        team2Score: 2,
        team1Damage: 0,
        team2Damage: 0,
      },
      'enabled',
    ).progress;
    expect(replayed).toMatchObject({ team1MapScore: 2, team2MapScore: 2 });
    // Without the stored round the rewind still lets the replay in; the next round_started brings the score.
    const blind = applyProgressEvent(
      played,
      { event: 'backup_loaded', mapNumber: 0, roundsPlayed: 3 },
      'enabled',
    );
    expect(blind.progress.maps[0]).toMatchObject({ lastRound: 3, team1Score: 4 });
    const started = applyProgressEvent(
      blind.progress,
      { event: 'round_started', mapNumber: 0, start: { round: 4, team1Score: 2, team2Score: 1 } },
      'enabled',
    ).progress;
    expect(started).toMatchObject({ team1MapScore: 2, team2MapScore: 1 });
    // The same backup again with no round played since changes nothing.
    const again = applyProgressEvent(
      rewound,
      { event: 'backup_loaded', mapNumber: 0, roundsPlayed: 3 },
      'enabled',
    );
    expect(again.changed).toBe(false);
  });
});

describe('sameProgress', () => {
  it('tells a change of any field of the match or of one of its maps, not a copy', () => {
    const played = play(mapEvents(0, [true, false, true]));
    expect(sameProgress(played, structuredClone(played))).toBe(true);
    expect(sameProgress(played, { ...played, phase: 'paused' })).toBe(false);
    expect(sameProgress(played, { ...played, maps: [] })).toBe(false);
    for (const key of Object.keys(played.maps[0]!) as (keyof MatchProgress['maps'][number])[]) {
      const changed = structuredClone(played);
      Object.assign(changed.maps[0]!, { [key]: 'changed' });
      expect(sameProgress(played, changed), key).toBe(false);
    }
  });
});
