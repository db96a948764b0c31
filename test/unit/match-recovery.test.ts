import { describe, expect, it } from 'vitest';
import { reconcileMatch, type RecoveryFacts } from '../../shared/domain/match-recovery.js';
import { mapsRanOut, type MapProgress } from '../../shared/domain/match-progress.js';

const facts = (patch: Partial<RecoveryFacts> = {}): RecoveryFacts => ({
  status: 'live',
  matchid: 42,
  slug: 'r1m1',
  server: { reachable: true, status: 'playing', match: '42', nextMatch: null },
  allMapsPlayed: false,
  roundsPlayed: true,
  seriesEndStored: false,
  loadInFlight: false,
  ...patch,
});
const server = (status: string | null, match: string | null, nextMatch: string | null = null) => ({
  reachable: true as const,
  status,
  match,
  nextMatch,
});

describe('reconcileMatch', () => {
  it('ends the series when its end is in the stored log or every map has a result, whatever the server says', () => {
    for (const s of [
      server('playing', '42'),
      server('idle', ''),
      { reachable: false as const, error: 'x' },
    ]) {
      expect(reconcileMatch(facts({ seriesEndStored: true, server: s })).action).toBe('end_series');
      expect(reconcileMatch(facts({ allMapsPlayed: true, server: s })).action).toBe('end_series');
    }
  });

  it('keeps a match its server plays and asks for a report; a loaded match the server plays goes live', () => {
    for (const status of ['knife', 'playing', 'live', 'paused', 'halftime']) {
      expect(reconcileMatch(facts({ server: server(status, '42') }))).toMatchObject({
        action: 'in_sync',
        requestReport: true,
      });
      expect(reconcileMatch(facts({ status: 'loaded', server: server(status, '42') })).action).toBe(
        'mark_live',
      );
    }
    for (const status of ['loading', 'warmup', 'postgame', 'queued']) {
      expect(reconcileMatch(facts({ status: 'loaded', server: server(status, '42') })).action).toBe(
        'in_sync',
      );
    }
    // Queued behind the match the server finishes: the plugin names it by the config's file name, the
    // slug, never by the numeric match id (MatchZy-Enhanced src/MatchManagement.cs LoadMatchFromURL).
    expect(
      reconcileMatch(facts({ status: 'loaded', roundsPlayed: false, server: server('queued', '7', 'r1m1') })),
    ).toMatchObject({ action: 'in_sync', requestReport: false });
    expect(
      reconcileMatch(facts({ status: 'loaded', roundsPlayed: false, server: server('queued', '7', '42') }))
        .action,
    ).toBe('requeue');
  });

  it('requeues a match nothing was played of when the server lost it (restart, failed load, another match)', () => {
    const notPlayed = { status: 'loaded' as const, roundsPlayed: false };
    for (const s of [
      server('warmup', ''),
      server('idle', null),
      server('error', '42'),
      server('warmup', '7'),
    ]) {
      expect(reconcileMatch(facts({ ...notPlayed, server: s })).action).toBe('requeue');
    }
    expect(reconcileMatch(facts({ ...notPlayed, server: null })).action).toBe('requeue');
    // A load sent moments ago that the server has not fetched yet is under way, not lost.
    expect(
      reconcileMatch(facts({ ...notPlayed, loadInFlight: true, server: server('warmup', '') })).action,
    ).toBe('in_sync');
  });

  it('leaves a match in play that the server ended or lost to an admin', () => {
    for (const s of [
      server('idle', '42'),
      server('warmup', ''),
      server('playing', '7'),
      server(null, null),
    ]) {
      const decision = reconcileMatch(facts({ server: s }));
      expect(decision.action).toBe('needs_attention');
      expect(decision.reason).toContain('choose the winner');
    }
    // Loaded, but rounds are recorded: something was played.
    expect(reconcileMatch(facts({ status: 'loaded', server: server('warmup', '') })).action).toBe(
      'needs_attention',
    );
    // The server says it ended this very match: queued events may still bring its end.
    expect(
      reconcileMatch(facts({ status: 'loaded', roundsPlayed: false, server: server('idle', '42') })).action,
    ).toBe('needs_attention');
    expect(reconcileMatch(facts({ server: null })).action).toBe('needs_attention');
  });

  it('keeps a match whose server does not answer, naming the error', () => {
    const decision = reconcileMatch(facts({ server: { reachable: false, error: 'connection refused' } }));
    expect(decision).toMatchObject({ action: 'unreachable', requestReport: false });
    expect(decision.reason).toContain('connection refused');
  });
});

describe('mapsRanOut', () => {
  const map = (number: number, finished: boolean): MapProgress => ({
    number,
    team1Score: 0,
    team2Score: 0,
    lastRound: 0,
    team1Damage: 0,
    team2Damage: 0,
    finished,
    winner: null,
    decidedBy: null,
  });
  it('is true once every map of the series has a result', () => {
    expect(mapsRanOut([map(0, true)], 1)).toBe(true);
    expect(mapsRanOut([map(0, true), map(1, true)], 3)).toBe(false);
    expect(mapsRanOut([map(0, true), map(1, true), map(2, false)], 3)).toBe(false);
    expect(mapsRanOut([map(0, true), map(1, true), map(2, true)], 3)).toBe(true);
    // A map outside the series does not count; an empty series never runs out.
    expect(mapsRanOut([map(0, true), map(5, true)], 2)).toBe(false);
    expect(mapsRanOut([], 0)).toBe(false);
  });
});
