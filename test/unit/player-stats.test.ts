import { describe, expect, it } from 'vitest';
import {
  applyProgressEvent,
  type MatchProgress,
  type ProgressEvent,
} from '../../shared/domain/match-progress.js';
import {
  lineOf,
  nextSnapshots,
  snapshotChange,
  snapshotsOf,
  sortLines,
  sumByPlayer,
  sumCounts,
  tournamentMvp,
  ZERO_COUNTS,
  type MapSnapshot,
  type PlayerSnapshot,
  type StatCounts,
} from '../../shared/domain/player-stats.js';

const ID = (n: number) => String(76561198000000000n + BigInt(n));
const who = (n: number) => ({ platformId: ID(n), name: `p${n}`, teamId: 'alpha' });
const counts = (c: Partial<StatCounts>): StatCounts => ({ ...ZERO_COUNTS, ...c });
const snap = (n: number, c: Partial<StatCounts>, side: 'team1' | 'team2' = 'team1'): PlayerSnapshot => ({
  platformId: ID(n),
  name: `p${n}`,
  side,
  ...counts(c),
});

describe('lineOf (API.md decision 45)', () => {
  it('rounds ADR to 1 decimal, HS% to a whole number and K/D to 2 decimals', () => {
    const line = lineOf(
      who(1),
      counts({ kills: 7, deaths: 3, damage: 1000, headshotKills: 3, roundsPlayed: 7 }),
    );
    expect(line).toMatchObject({ adr: 142.9, hsPercent: 43, kd: 2.33, rating: null, kills: 7, deaths: 3 });
    expect(line).not.toHaveProperty('damage');
    expect(line).not.toHaveProperty('headshotKills');
  });

  it('answers 0 for ratios of nothing and divides kills by one death at least', () => {
    expect(lineOf(who(1), ZERO_COUNTS)).toMatchObject({ adr: 0, hsPercent: 0, kd: 0 });
    expect(lineOf(who(1), counts({ kills: 3, deaths: 0 }))).toMatchObject({ kd: 3 });
  });

  it('recomputes the ratios of a sum from the summed counts (not an average of ratios)', () => {
    const map1 = counts({ kills: 1, deaths: 1, damage: 300, headshotKills: 1, roundsPlayed: 2 });
    const map2 = counts({ kills: 9, deaths: 3, damage: 900, headshotKills: 3, roundsPlayed: 18 });
    // ADR (300+900)/20 = 60, not (150+50)/2; HS% 4/10 = 40, not (100+33)/2; K/D 10/4.
    expect(lineOf(who(1), sumCounts([map1, map2]))).toMatchObject({ adr: 60, hsPercent: 40, kd: 2.5 });
  });
});

describe('snapshotsOf (PROTOCOL.md 2.2)', () => {
  it("reads the plugin's StatsPlayer objects, adds up clutch and first-kill keys, and skips bots", () => {
    const player = (steamid: string) => ({
      steamid,
      name: 'x',
      stats: {
        kills: '4',
        deaths: 2,
        headshot_kills: 1,
        mvp: 1,
        '1v1': 1,
        '1v2': 1,
        first_kills_t: 1,
        first_kills_ct: 2,
      },
    });
    const read = snapshotsOf([player(ID(1)), player('0')], [player(ID(2))]);
    expect(read.map((s) => [s.platformId, s.side])).toEqual([
      [ID(1), 'team1'],
      [ID(2), 'team2'],
    ]);
    expect(read[0]).toMatchObject({
      kills: 4,
      deaths: 2,
      headshotKills: 1,
      mvps: 1,
      clutchesWon: 2,
      firstKills: 3,
    });
  });
});

describe('nextSnapshots (API.md decision 44)', () => {
  const at = (n: number, round: number, kills: number): MapSnapshot => ({ ...snap(n, { kills }), round });

  it('sets the line of every player a round carries; a player who left keeps their last one', () => {
    const next = nextSnapshots([at(1, 2, 2), at(2, 2, 1)], {
      kind: 'round',
      round: 3,
      players: [snap(1, { kills: 3 })],
    });
    expect(next.map((s) => [s.platformId, s.round, s.kills])).toEqual([
      [ID(1), 3, 3],
      [ID(2), 2, 1],
    ]);
  });

  it('a restore drops the snapshots after its round and puts back the ones of that round', () => {
    const current = [at(1, 5, 9), at(2, 3, 4), at(3, 5, 1)];
    const next = nextSnapshots(current, { kind: 'restore', round: 4, players: [snap(1, { kills: 6 })] });
    // Player 1 back to round 4; player 2 (last seen at round 3) untouched; player 3 (joined after 4) gone.
    expect(next.map((s) => [s.platformId, s.round, s.kills]).sort()).toEqual([
      [ID(1), 4, 6],
      [ID(2), 3, 4],
    ]);
  });
});

describe('snapshotChange', () => {
  const progress: MatchProgress = {
    status: 'live',
    phase: 'live',
    currentMapNumber: 0,
    team1SeriesScore: 0,
    team2SeriesScore: 0,
    team1MapScore: 0,
    team2MapScore: 0,
    maps: [],
  };
  const roundEnd = (round: number, kills: number): ProgressEvent => ({
    event: 'round_end',
    mapNumber: 0,
    round,
    team1Score: round,
    team2Score: 0,
    team1Damage: 0,
    team2Damage: 0,
    players: [snap(1, { kills })],
  });
  /** Feeds events through the progress reducer and the snapshot rule, as the apply step does. */
  function play(events: ProgressEvent[]) {
    let p = progress;
    let snapshots: MapSnapshot[] = [];
    for (const e of events) {
      const before = p.maps.find((m) => m.number === 0)?.lastRound ?? 0;
      p = applyProgressEvent(p, e, 'enabled').progress;
      const change = snapshotChange(e, before, p);
      if (change) {
        snapshots = nextSnapshots(snapshots, change);
      }
    }
    return snapshots.map((s) => [s.round, s.kills]);
  }

  it('ignores a retried or older round_end, so nothing counts twice', () => {
    expect(play([roundEnd(1, 1), roundEnd(2, 2), roundEnd(2, 2), roundEnd(1, 1)])).toEqual([[2, 2]]);
  });

  it('a restore rewinds and the replayed round replaces the superseded one', () => {
    const restore: ProgressEvent = {
      event: 'backup_loaded',
      mapNumber: 0,
      roundsPlayed: 1,
      restored: {
        team1Score: 1,
        team2Score: 0,
        team1Damage: 0,
        team2Damage: 0,
        players: [snap(1, { kills: 1 })],
      },
    };
    expect(play([roundEnd(1, 1), roundEnd(2, 4), restore])).toEqual([[1, 1]]);
    expect(play([roundEnd(1, 1), roundEnd(2, 4), restore, roundEnd(2, 2)])).toEqual([[2, 2]]);
    // The same restore again, with no round in between, changes nothing.
    expect(play([roundEnd(1, 1), roundEnd(2, 4), restore, roundEnd(2, 2), restore, restore])).toEqual([
      [1, 1],
    ]);
  });
});

describe('tournament table', () => {
  const map = (n: number, slug: string, c: Partial<StatCounts>) => ({
    ...who(n),
    matchSlug: slug,
    ...counts(c),
  });

  it('sums per player with the matches and maps played, sorts by the chosen figure', () => {
    const lines = sumByPlayer([
      map(1, 'a', { kills: 10, damage: 800, roundsPlayed: 10, mvps: 1 }),
      map(1, 'a', { kills: 5, damage: 1200, roundsPlayed: 10 }),
      map(2, 'b', { kills: 12, damage: 2400, roundsPlayed: 20, mvps: 4 }),
      map(1, 'b', { kills: 1, damage: 100, roundsPlayed: 5 }),
    ]);
    expect(lines.map((l) => [l.platformId, l.kills, l.maps, l.matches, l.adr])).toEqual([
      [ID(1), 16, 3, 2, 84],
      [ID(2), 12, 1, 1, 120],
    ]);
    expect(sortLines(lines, 'adr').map((l) => l.platformId)).toEqual([ID(2), ID(1)]);
    expect(sortLines(lines, 'kills').map((l) => l.platformId)).toEqual([ID(1), ID(2)]);
  });

  it('names as MVP the most MVPs, then the higher ADR, then more kills', () => {
    const line = (n: number, c: Partial<StatCounts>) => lineOf(who(n), counts({ roundsPlayed: 10, ...c }));
    expect(tournamentMvp([])).toBeNull();
    expect(tournamentMvp([line(1, { mvps: 2, damage: 2000 }), line(2, { mvps: 3 })])).toBe(ID(2));
    expect(tournamentMvp([line(1, { mvps: 3, damage: 900 }), line(2, { mvps: 3, damage: 1000 })])).toBe(
      ID(2),
    );
    expect(tournamentMvp([line(1, { mvps: 3, kills: 9 }), line(2, { mvps: 3, kills: 8 })])).toBe(ID(1));
  });
});
