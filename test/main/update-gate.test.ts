import { describe, expect, it } from 'vitest';
import {
  CHECK_INTERVAL_MS,
  nextUpdateStep,
  parseUpdateFeed,
  UntrustedUpdateSource,
  type UpdateFacts,
} from '../../main/update-gate.js';

const NOW = 1_750_000_000_000;
const facts = (change: Partial<UpdateFacts> = {}): UpdateFacts => ({
  updatable: true,
  tournamentInProgress: false,
  phase: 'idle',
  lastCheckAt: undefined,
  now: NOW,
  postponed: false,
  ...change,
});

describe('nextUpdateStep', () => {
  it('does nothing in a build that cannot update itself', () => {
    expect(nextUpdateStep(facts({ updatable: false }))).toBe('disabled');
    expect(nextUpdateStep(facts({ updatable: false, phase: 'downloaded' }))).toBe('disabled');
  });

  it('checks at start and then every 6 hours, tournament or not', () => {
    expect(nextUpdateStep(facts())).toBe('check');
    expect(nextUpdateStep(facts({ tournamentInProgress: true }))).toBe('check');
    expect(nextUpdateStep(facts({ lastCheckAt: NOW - CHECK_INTERVAL_MS + 1 }))).toBe('wait');
    expect(nextUpdateStep(facts({ lastCheckAt: NOW - CHECK_INTERVAL_MS }))).toBe('check');
    expect(nextUpdateStep(facts({ phase: 'error', lastCheckAt: NOW - CHECK_INTERVAL_MS }))).toBe('check');
  });

  it('never downloads or installs while a tournament is in progress', () => {
    const live = { tournamentInProgress: true, lastCheckAt: NOW - 1000 };
    expect(nextUpdateStep(facts({ ...live, phase: 'available' }))).toBe('wait');
    expect(nextUpdateStep(facts({ ...live, phase: 'downloaded' }))).toBe('wait');
    // Even 6 hours later a downloaded update waits: there is nothing newer to check for first.
    expect(
      nextUpdateStep(facts({ ...live, phase: 'downloaded', lastCheckAt: NOW - CHECK_INTERVAL_MS })),
    ).toBe('wait');
  });

  it('asks the organiser once the tournament is over, and not again after "Later" until the next check', () => {
    const checked = { lastCheckAt: NOW - 1000 };
    expect(nextUpdateStep(facts({ ...checked, phase: 'available' }))).toBe('ask-download');
    expect(nextUpdateStep(facts({ ...checked, phase: 'downloaded' }))).toBe('ask-install');
    expect(nextUpdateStep(facts({ ...checked, phase: 'available', postponed: true }))).toBe('wait');
    expect(
      nextUpdateStep(facts({ phase: 'available', postponed: true, lastCheckAt: NOW - CHECK_INTERVAL_MS })),
    ).toBe('check');
  });

  it('waits while a check or a download runs', () => {
    expect(nextUpdateStep(facts({ phase: 'checking' }))).toBe('wait');
    expect(nextUpdateStep(facts({ phase: 'downloading' }))).toBe('wait');
  });
});

describe('parseUpdateFeed', () => {
  it('takes an https update server URL', () => {
    expect(parseUpdateFeed('https://updates.example.org/matchday')).toEqual({
      kind: 'url',
      url: 'https://updates.example.org/matchday/',
    });
  });

  it('takes a folder on this computer: a mounted path, a drive path or a file URL', () => {
    expect(parseUpdateFeed('/home/orga/matchday')).toEqual({ kind: 'folder', path: '/home/orga/matchday' });
    expect(parseUpdateFeed('D:\\updates')).toEqual({ kind: 'folder', path: 'D:\\updates' });
    expect(parseUpdateFeed('file:///C:/updates/matchday')).toEqual({
      kind: 'folder',
      path: 'C:/updates/matchday',
    });
    expect(parseUpdateFeed('file:///srv/matchday%20updates')).toEqual({
      kind: 'folder',
      path: '/srv/matchday updates',
    });
  });

  it('refuses what the venue’s network could impersonate: plain http and network shares', () => {
    expect(() => parseUpdateFeed('http://192.168.1.2:8080/')).toThrow(UntrustedUpdateSource);
    expect(() => parseUpdateFeed('HTTP://updates.example.org/')).toThrow(/plain http/);
    expect(() => parseUpdateFeed('\\\\nas\\matchday')).toThrow(/network share/);
    expect(() => parseUpdateFeed('file://nas/matchday/updates')).toThrow(/network share/);
    expect(() => parseUpdateFeed('//nas/matchday')).toThrow(/network share/);
  });

  it('keeps credentials out of the feed URL and out of the error', () => {
    expect(() => parseUpdateFeed('https://orga:hunter2@updates.example.org/')).toThrow(
      /user name or password/,
    );
    expect(() => parseUpdateFeed('http://orga:hunter2@nas/')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') }),
    );
  });

  it('has no source when empty, and refuses anything else', () => {
    expect(parseUpdateFeed(undefined)).toBeUndefined();
    expect(parseUpdateFeed('  ')).toBeUndefined();
    expect(() => parseUpdateFeed('ftp://nas/matchday')).toThrow(/neither an https URL nor a folder/);
    expect(() => parseUpdateFeed('matchday-updates')).toThrow(/neither/);
  });
});
