import { describe, expect, it } from 'vitest';
import { etaInput, newMatchRecord, type MatchRecord } from '../../server/features/matches/index.js';

const NOW = 1_800_000_000;
const FACTS = { now: NOW, enabledServers: 2, simulationTimescale: null };

const match = (slug: string, over: Partial<MatchRecord> = {}): MatchRecord =>
  newMatchRecord({
    slug,
    matchid: 1,
    tournamentId: 1,
    bracket: 'SE',
    label: slug,
    format: 'bo1',
    maxRounds: 24,
    overtimeMode: 'enabled',
    mapPool: ['de_mirage'],
    createdAt: NOW,
    ...over,
  });
const teams = { team1Id: 'a', team2Id: 'b' };

describe('etaInput (API.md decision 42)', () => {
  it('queues manual matches first, then by queue position, with whether the veto is still to do', () => {
    const input = etaInput(
      [
        match('R1 M2', { ...teams, status: 'ready', queuePosition: 2 }),
        match('R1 M1', { ...teams, status: 'pending', queuePosition: 1, veto: { status: 'in_progress' } }),
        match('manual', { ...teams, tournamentId: null, bracket: 'MANUAL', status: 'ready' }),
        match('bye', { team1Id: 'a', status: 'completed', isBye: true }),
      ],
      FACTS,
    );
    expect(input.queue).toEqual([
      { slug: 'manual', format: 'bo1', vetoPending: false },
      { slug: 'R1 M1', format: 'bo1', vetoPending: true },
      { slug: 'R1 M2', format: 'bo1', vetoPending: false },
    ]);
    expect(input).toMatchObject(FACTS);
  });

  it('lists loaded and live matches as running and this tournament completed ones for the median', () => {
    const input = etaInput(
      [
        match('loaded', { ...teams, status: 'loaded', loadedAt: NOW - 60 }),
        match('live', { ...teams, status: 'live', format: 'bo3', loadedAt: NOW - 120 }),
        match('done', { ...teams, status: 'completed', loadedAt: NOW - 900, completedAt: NOW - 300 }),
        match('manual done', {
          ...teams,
          tournamentId: null,
          status: 'completed',
          loadedAt: 1,
          completedAt: 2,
        }),
        match('decided bye', { team1Id: 'a', status: 'completed', isBye: true }),
      ],
      FACTS,
    );
    expect(input.running).toEqual([
      { slug: 'loaded', format: 'bo1', loadedAt: NOW - 60 },
      { slug: 'live', format: 'bo3', loadedAt: NOW - 120 },
    ]);
    expect(input.completed).toEqual([{ format: 'bo1', loadedAt: NOW - 900, completedAt: NOW - 300 }]);
    expect(input.queue).toEqual([]);
  });

  it('finds the feeders of empty slots by their placeholder, within the same tournament stage', () => {
    const input = etaInput(
      [
        match('R1 M1', { ...teams, status: 'ready', queuePosition: 1 }),
        match('R1 M2', { ...teams, status: 'live' }),
        match('Final', {
          team1Placeholder: 'Winner of R1 M1',
          team2Placeholder: 'Winner of R1 M2',
        }),
        match('Other', { stage: 'playoffs', team1Id: 'a', team2Placeholder: 'Loser of R1 M1' }),
      ],
      FACTS,
    );
    expect(input.unplaced).toEqual([
      { slug: 'Final', format: 'bo1', feeders: ['R1 M1', 'R1 M2'] },
      // No "R1 M1" in the playoffs stage: nothing to wait for, so no estimate.
      { slug: 'Other', format: 'bo1', feeders: [] },
    ]);
  });
});
