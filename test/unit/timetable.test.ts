import { describe, expect, it } from 'vitest';
import { estimateStarts } from '../../shared/domain/eta.js';
import {
  breakAt,
  earliestStart,
  loadHold,
  scheduleWarnings,
  type Schedule,
} from '../../shared/domain/timetable.js';
import { matchScheduleKeys, scheduleKeyProblem, stageTypesOf } from '../../shared/domain/timetable-keys.js';

const schedule: Schedule = {
  rounds: { 'main.final': { notBefore: 5_000 }, 'main.R1': { notBefore: 1_000 } },
  breaks: [
    { name: 'Lunch', from: 2_000, to: 3_000 },
    { name: 'Overrun', from: 2_900, to: 3_500 },
  ],
  autoStartAt: null,
};

describe('timetable (API.md decision 75)', () => {
  it('holds a match before its round, inside a break (the latest-ending one) and while paused', () => {
    expect(loadHold(schedule, ['main.R1'], false, 999)).toEqual({ reason: 'not_before', until: 1_000 });
    expect(loadHold(schedule, ['main.R1'], false, 1_000)).toBeNull();
    expect(loadHold(schedule, ['main.R1'], false, 2_950)).toEqual({
      reason: 'break',
      name: 'Overrun',
      until: 3_500,
    });
    expect(loadHold(schedule, ['main.R1'], false, 3_500)).toBeNull();
    expect(loadHold(schedule, ['main.R1'], true, 1_500)).toEqual({ reason: 'paused' });
    expect(breakAt(schedule, 2_000)?.name).toBe('Lunch');
  });

  it('moves an earliest start past notBefore and through breaks that end inside each other', () => {
    expect(earliestStart(schedule, ['main.R1'], 0)).toBe(1_000);
    expect(earliestStart(schedule, ['main.R1'], 2_100)).toBe(3_500);
    // A named key wins: the final's own time, not R2's.
    expect(earliestStart(schedule, ['main.final', 'main.R2'], 0)).toBe(5_000);
  });

  it('shifts the queue ETAs by the timetable; the server stays free until then', () => {
    const etas = estimateStarts({
      now: 0,
      enabledServers: 1,
      running: [],
      queue: [
        { slug: 'a', format: 'bo1', vetoPending: false },
        { slug: 'b', format: 'bo1', vetoPending: false },
      ],
      unplaced: [{ slug: 'final', format: 'bo1', feeders: ['a', 'b'] }],
      completed: [],
      simulationTimescale: null,
      startAfter: (slug, at) => earliestStart(schedule, slug === 'final' ? ['main.final'] : ['main.R1'], at),
    });
    expect(etas.get('a')?.startsAt).toBe(1_000);
    // a ends at 1000 + 2400 = 3400, inside the overrun break until 3500.
    expect(etas.get('b')?.startsAt).toBe(3_500);
    expect(etas.get('final')?.startsAt).toBe(3_500 + 2_400);
  });

  it('warns about a round still starting matches at the next planned round', () => {
    const starts = [
      { keys: ['main.R1'], startsAt: 1_000 },
      { keys: ['main.R1'], startsAt: 5_000 },
    ];
    expect(scheduleWarnings(schedule, starts)).toEqual([
      { round: 'main.R1', lastStartsAt: 5_000, nextRound: 'main.final', nextNotBefore: 5_000 },
    ]);
    expect(scheduleWarnings(schedule, starts.slice(0, 1))).toEqual([]);
  });

  it('names the round keys of matches and refuses keys of another shape', () => {
    const semi = { stage: 'main', bracket: 'SE' as const, round: 1, label: 'Semi-final 1' };
    const final = { stage: 'main', bracket: 'SE' as const, round: 2, label: 'Final' };
    expect(matchScheduleKeys(final, [semi, final])).toEqual(['main.final', 'main.R2']);
    expect(matchScheduleKeys({ stage: 'groups', bracket: 'RR' as const, round: 3, label: 'A' }, [])).toEqual([
      'groups.R3',
    ]);
    const stages = stageTypesOf('groups_playoffs', 'double_elimination');
    expect(scheduleKeyProblem('playoffs.UB R2', stages)).toBeNull();
    expect(scheduleKeyProblem('groups.R2', stages)).toBeNull();
    expect(scheduleKeyProblem('playoffs.final', stages)).toMatch(/not a round/);
    expect(scheduleKeyProblem('main.R1', stages)).toMatch(/stage groups or playoffs/);
  });
});
