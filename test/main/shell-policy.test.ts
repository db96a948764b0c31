import { describe, expect, it } from 'vitest';
import {
  attentionNotice,
  eventRunning,
  IDLE_STATUS,
  keepAwake,
  liveMatchesLabel,
  onWindowClose,
  quitConfirmation,
} from '../../main/shell-policy.js';

const inProgress = { tournamentInProgress: true, liveMatches: 0 };
const twoLive = { tournamentInProgress: true, liveMatches: 2 };

describe('closing the window', () => {
  it('keeps the server in the tray while a tournament is in progress, with the notice only once', () => {
    expect(onWindowClose(inProgress, false, 'win32')).toBe('hide-with-notice');
    expect(onWindowClose(inProgress, true, 'win32')).toBe('hide');
    expect(onWindowClose(twoLive, true, 'linux')).toBe('hide');
  });

  it('quits when no tournament is in progress, except on macOS', () => {
    expect(onWindowClose(IDLE_STATUS, false, 'win32')).toBe('quit');
    expect(onWindowClose(IDLE_STATUS, true, 'linux')).toBe('quit');
    expect(onWindowClose(IDLE_STATUS, false, 'darwin')).toBe('hide');
  });
});

describe('quitting, sleep and the tray label', () => {
  it('asks before quitting only while matches are live', () => {
    expect(quitConfirmation(IDLE_STATUS)).toBeUndefined();
    expect(quitConfirmation(inProgress)).toBeUndefined();
    expect(quitConfirmation({ tournamentInProgress: false, liveMatches: 1 })).toMatch(/^A match is live\./);
    expect(quitConfirmation(twoLive)).toMatch(/^2 matches are live\./);
  });

  it('keeps the laptop awake for the whole running tournament, and for a match live outside one', () => {
    expect(keepAwake(IDLE_STATUS)).toBe(false);
    expect(keepAwake(inProgress)).toBe(true);
    expect(keepAwake(twoLive)).toBe(true);
    expect(keepAwake({ tournamentInProgress: false, liveMatches: 1 })).toBe(true);
  });

  it('counts the event as running between rounds too (no update then)', () => {
    expect(eventRunning(IDLE_STATUS)).toBe(false);
    expect(eventRunning(inProgress)).toBe(true);
    expect(eventRunning({ tournamentInProgress: false, liveMatches: 1 })).toBe(true);
  });

  it('counts live matches for the tray', () => {
    expect(liveMatchesLabel(IDLE_STATUS)).toBe('No match live');
    expect(liveMatchesLabel(inProgress)).toBe('Tournament in progress, no match live');
    expect(liveMatchesLabel({ tournamentInProgress: true, liveMatches: 1 })).toBe('1 match live');
    expect(liveMatchesLabel(twoLive)).toBe('2 matches live');
  });
});

describe('the system notification of a new attention item', () => {
  it('titles it by kind and keeps the body short', () => {
    expect(attentionNotice({ kind: 'call', message: 'alice calls an admin: "help"' })).toEqual({
      title: 'Matchday: A player calls an admin',
      body: 'alice calls an admin: "help"',
    });
    const long = attentionNotice({ kind: 'paused', message: 'x'.repeat(400) });
    expect(long.title).toBe('Matchday: A match has been paused for long');
    expect(long.body).toHaveLength(180);
    expect(long.body.endsWith('…')).toBe(true);
  });

  it('still says something for a kind it does not know yet', () => {
    expect(attentionNotice({ kind: 'new_kind', message: 'm' }).title).toBe('Matchday: Something needs you');
  });
});
