import { describe, expect, it } from 'vitest';
import type { MapProgress } from '../../shared/domain/match-progress.js';
import {
  POSTGAME_DEFAULTS,
  postgameResetSeconds,
  seriesDecidedOnServer,
} from '../../shared/domain/postgame.js';

describe('postgameResetSeconds (PROTOCOL.md 6.1)', () => {
  it('is 76 s on the plugin defaults with tv_delay 0 and 96 s with tv_delay 10', () => {
    expect(postgameResetSeconds({ ...POSTGAME_DEFAULTS, tvDelay: 0 })).toBe(76);
    expect(postgameResetSeconds(POSTGAME_DEFAULTS)).toBe(96);
    expect(postgameResetSeconds({ ...POSTGAME_DEFAULTS, tvEnabled: false })).toBe(76);
  });

  it('follows a larger mp_match_restart_delay, and Matchday’s simulated settings', () => {
    expect(postgameResetSeconds({ ...POSTGAME_DEFAULTS, tvDelay: 0, matchRestartDelay: 40 })).toBe(101);
    const simulated = { ...POSTGAME_DEFAULTS, tvDelay: 0, matchRestartDelay: 10 };
    const kicks = { noDemo: 10, demoNoUpload: 10, demoUpload: 10 };
    expect(postgameResetSeconds({ ...simulated, kickDelay: kicks })).toBe(26);
    expect(postgameResetSeconds({ ...simulated, kickDelay: kicks, recording: false })).toBe(21);
    expect(postgameResetSeconds({ ...simulated, kickDelay: kicks, uploading: false })).toBe(26);
  });
});

describe('seriesDecidedOnServer', () => {
  const map = (number: number, finished: boolean): MapProgress => ({
    number,
    team1Score: finished ? 13 : 5,
    team2Score: finished ? 13 : 3,
    lastRound: 0,
    team1Damage: 0,
    team2Damage: 0,
    finished,
    winner: null,
    decidedBy: null,
  });
  const series = (team1SeriesScore: number, team2SeriesScore: number) => ({
    team1SeriesScore,
    team2SeriesScore,
  });

  it('is decided once a team clinched, or every map was played (a level one too)', () => {
    expect(seriesDecidedOnServer(series(2, 0), [map(0, true), map(1, true)], 3)).toBe(true);
    expect(seriesDecidedOnServer(series(0, 1), [map(0, true)], 1)).toBe(true);
    expect(seriesDecidedOnServer(series(0, 0), [map(0, true)], 1)).toBe(true);
  });

  it('is not decided between maps, nor while the only map is played', () => {
    expect(seriesDecidedOnServer(series(1, 0), [map(0, true), map(1, false)], 3)).toBe(false);
    expect(seriesDecidedOnServer(series(0, 0), [map(0, false)], 1)).toBe(false);
    expect(seriesDecidedOnServer(series(0, 0), [], 1)).toBe(false);
  });
});
