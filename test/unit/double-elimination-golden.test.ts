import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../server/index.js';
import { addTeams, createTestApp } from '../helpers/app.js';

let app: App;
afterEach(() => app.close());

/** [label, team 1 or its slot name, team 2 or its slot name, display status] in queue (play) order. */
async function startedBracket(teams: number) {
  app = await createTestApp();
  const teamIds = await addTeams(app, teams);
  await app.services.tournament.create({
    name: 'Golden Cup',
    type: 'double_elimination',
    format: 'bo1',
    teamIds,
    settings: { veto: false },
  });
  await app.services.tournament.start(undefined, true); // force: the checks before the start are not the subject
  return (await app.services.tournament.bracket()).matches.map((m) => [
    m.label,
    m.team1?.id ?? m.team1Placeholder,
    m.team2?.id ?? m.team2Placeholder,
    m.displayStatus,
  ]);
}

describe('double elimination labels, empty slots and queue order (checked by hand)', () => {
  it('8 teams: seeds 1v8 4v5 2v7 3v6; upper and lower rounds alternate; losers cross to avoid rematches', async () => {
    expect(await startedBracket(8)).toEqual([
      ['UB R1 M1', 'team-1', 'team-8', 'Waiting for a server'],
      ['UB R1 M2', 'team-4', 'team-5', 'Waiting for a server'],
      ['UB R1 M3', 'team-2', 'team-7', 'Waiting for a server'],
      ['UB R1 M4', 'team-3', 'team-6', 'Waiting for a server'],
      ['LB R1 M1', 'Loser of UB R1 M1', 'Loser of UB R1 M2', 'Waiting for pairing'],
      ['LB R1 M2', 'Loser of UB R1 M3', 'Loser of UB R1 M4', 'Waiting for pairing'],
      ['UB R2 M1', 'Winner of UB R1 M1', 'Winner of UB R1 M2', 'Waiting for pairing'],
      ['UB R2 M2', 'Winner of UB R1 M3', 'Winner of UB R1 M4', 'Waiting for pairing'],
      ['LB R2 M1', 'Loser of UB R2 M2', 'Winner of LB R1 M1', 'Waiting for pairing'],
      ['LB R2 M2', 'Loser of UB R2 M1', 'Winner of LB R1 M2', 'Waiting for pairing'],
      ['UB R3 M1', 'Winner of UB R2 M1', 'Winner of UB R2 M2', 'Waiting for pairing'],
      ['LB R3 M1', 'Winner of LB R2 M1', 'Winner of LB R2 M2', 'Waiting for pairing'],
      ['LB R4 M1', 'Loser of UB R3 M1', 'Winner of LB R3 M1', 'Waiting for pairing'],
      ['Grand Final', 'Winner of UB R3 M1', 'Winner of LB R4 M1', 'Waiting for pairing'],
    ]);
    const queued = (await app.services.tournament.bracket()).matches.filter((m) => m.queuePosition !== null);
    expect(queued.map((m) => [m.label, m.queuePosition])).toEqual([
      ['UB R1 M1', 1],
      ['UB R1 M2', 2],
      ['UB R1 M3', 3],
      ['UB R1 M4', 4],
    ]);
  });

  it('6 teams: seeds 1 and 2 get byes; a slot fed through a bye names the real origin', async () => {
    expect(await startedBracket(6)).toEqual([
      ['UB R1 M1', 'team-1', null, 'BYE'],
      ['UB R1 M2', 'team-4', 'team-5', 'Waiting for a server'],
      ['UB R1 M3', 'team-2', null, 'BYE'],
      ['UB R1 M4', 'team-3', 'team-6', 'Waiting for a server'],
      ['LB R1 M1', null, 'Loser of UB R1 M2', 'BYE'],
      ['LB R1 M2', null, 'Loser of UB R1 M4', 'BYE'],
      ['UB R2 M1', 'team-1', 'Winner of UB R1 M2', 'Waiting for pairing'],
      ['UB R2 M2', 'team-2', 'Winner of UB R1 M4', 'Waiting for pairing'],
      ['LB R2 M1', 'Loser of UB R2 M2', 'Loser of UB R1 M2', 'Waiting for pairing'],
      ['LB R2 M2', 'Loser of UB R2 M1', 'Loser of UB R1 M4', 'Waiting for pairing'],
      ['UB R3 M1', 'Winner of UB R2 M1', 'Winner of UB R2 M2', 'Waiting for pairing'],
      ['LB R3 M1', 'Winner of LB R2 M1', 'Winner of LB R2 M2', 'Waiting for pairing'],
      ['LB R4 M1', 'Loser of UB R3 M1', 'Winner of LB R3 M1', 'Waiting for pairing'],
      ['Grand Final', 'Winner of UB R3 M1', 'Winner of LB R4 M1', 'Waiting for pairing'],
    ]);
  });

  it('the queue moves on as results come in: the next match gets a position once both teams are known', async () => {
    await startedBracket(6);
    const { tournament } = app.services;
    await tournament.recordSeriesResult('ub-r1-m2', { winner: 'team1', action: 'decide_winner' });
    const after = (await tournament.bracket()).matches;
    const ub21 = after.find((m) => m.label === 'UB R2 M1')!;
    // Third in the queue: only UB R1 M2 and M4 are played before it (the lower round 1 is all byes).
    expect([ub21.team1?.id, ub21.team2?.id, ub21.queuePosition]).toEqual(['team-1', 'team-4', 3]);
    const lb21 = after.find((m) => m.label === 'LB R2 M1')!;
    expect([lb21.team2?.id, lb21.team1Placeholder, lb21.queuePosition]).toEqual([
      'team-5',
      'Loser of UB R2 M2',
      null,
    ]);
  });
});

describe('a level series in elimination', () => {
  it('waits for an admin decision, which then moves the bracket on like a normal end', async () => {
    await startedBracket(8);
    const { tournament, matches } = app.services;
    const played = (await matches.repo.get('ub-r1-m1'))!;
    await matches.repo.save({ ...played, status: 'live', phase: 'live' });
    const waiting = await tournament.recordSeriesResult('ub-r1-m1', { winner: null });
    expect(waiting.status).toBe('needs_decision');
    expect((await matches.get('ub-r1-m1')).displayStatus).toBe('NEEDS ADMIN DECISION');
    expect((await matches.get('ub-r2-m1')).team1).toBeNull();
    const decided = await matches.decideWinner('ub-r1-m1', 'team2');
    expect(decided).toMatchObject({ status: 'completed', winnerId: 'team-8' });
    expect((await matches.get('ub-r2-m1')).team1?.id).toBe('team-8');
    expect((await matches.get('lb-r1-m1')).team1?.id).toBe('team-1');
  });
});
