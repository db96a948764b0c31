import { describe, expect, it } from 'vitest';
import { tournamentIdParam, withTournament } from '../../renderer/src/api/tournament-choice.js';
import { pathAfterSignIn } from '../../renderer/src/features/sign-in/after-sign-in.js';

describe('links that keep the chosen tournament (decision 73)', () => {
  it('adds ?t= beside a link’s own query and fragment, and replaces another tournament’s', () => {
    expect(withTournament('/bracket', 2)).toBe('/bracket?t=2');
    expect(withTournament('/print/bracket?paper=a3', 2)).toBe('/print/bracket?paper=a3&t=2');
    expect(withTournament('/matches/final%201#maps', 7)).toBe('/matches/final%201?t=7#maps');
    expect(withTournament('/stats?t=1', 3)).toBe('/stats?t=3');
  });

  it('leaves a link alone for the primary', () => {
    expect(withTournament('/standings', null)).toBe('/standings');
  });

  it('reads only a positive whole number as a tournament', () => {
    expect(tournamentIdParam('12')).toBe(12);
    for (const raw of [null, '', '0', '-1', '1.5', 'side']) {
      expect(tournamentIdParam(raw)).toBeNull();
    }
  });
});

describe('after signing in (decision 73)', () => {
  const after = (query: string) => pathAfterSignIn(new URLSearchParams(query));

  it('goes to the player’s page on the tournament the sign-in link carried', () => {
    expect(after('t=4')).toBe('/me?t=4');
    expect(after('')).toBe('/me');
    expect(after('t=side')).toBe('/me');
  });

  it('follows ?next= within this app only', () => {
    expect(after('next=/veto/final%3Ft%3D2&t=2')).toBe('/veto/final?t=2');
    expect(after('next=//evil.example/&t=2')).toBe('/me?t=2');
    expect(after('next=https://evil.example/')).toBe('/me');
  });
});
