import { describe, expect, it } from 'vitest';
import type { Tournament } from '../../shared/contracts/tournament.js';
import {
  bodyOf,
  DEFAULT_STAGES,
  draftOf,
  setupOf,
  withType,
  type Draft,
} from '../../renderer/src/features/tournament/draft.js';

const POOL = ['de_ancient', 'de_anubis', 'de_dust2', 'de_inferno', 'de_mirage', 'de_nuke', 'de_overpass'];
const OTHER_POOL = [
  'de_vertigo',
  'de_train',
  'de_dust2',
  'de_inferno',
  'de_mirage',
  'de_nuke',
  'de_overpass',
];

/** A groups_playoffs tournament in setup as the API answers it: every stage default filled in. */
function answered(stages: Tournament['stages']): Tournament {
  return {
    id: 1,
    name: 'Cup',
    type: 'groups_playoffs',
    format: 'bo1',
    gameMode: 'competitive',
    serverTags: [],
    status: 'setup',
    teamIds: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
    settings: {
      grandFinalMode: 'simple',
      maxRounds: 24,
      overtimeMode: 'enabled',
      mapPool: POOL,
      seeding: 'manual',
      randomSeed: null,
      thirdPlaceMatch: false,
      veto: true,
      checkIn: { required: false, opensAt: null, deadline: null, missing: 'drop' },
      schedule: { rounds: {}, breaks: [], autoStartAt: null },
    },
    winner: null,
    stages,
    currentStage: null,
    createdAt: 0,
    startedAt: null,
    completedAt: null,
    droppedTeamIds: [],
    withdrawn: [],
    timetable: { paused: false, pausedAt: null, currentBreak: null, autoStartProblem: null, warnings: [] },
  };
}

const playoffs = {
  id: 'playoffs',
  kind: 'playoffs',
  type: 'single_elimination',
  format: 'bo1',
  mapPool: POOL,
  rounds: { final: { format: 'bo5' } },
  grandFinalMode: 'simple',
  thirdPlaceMatch: false,
  start: 'auto',
  status: 'pending',
} as const;

describe("the tournament editor's draft", () => {
  it('reads a stage value equal to its default as the default, so it keeps following the tournament', () => {
    const draft = draftOf(
      answered([
        {
          id: 'groups',
          kind: 'groups',
          type: 'swiss',
          groupCount: 2,
          advancePerGroup: 2,
          swissRounds: 2, // ceil(log2(4)): the default for groups of 4
          format: 'bo1',
          mapPool: POOL,
          status: 'pending',
        },
        { ...playoffs, format: 'bo3', mapPool: OTHER_POOL },
      ]),
    );
    expect(draft.stages).toEqual([
      {
        kind: 'groups',
        type: 'swiss',
        groupCount: 2,
        advancePerGroup: 2,
        format: undefined,
        mapPool: undefined,
        swissRounds: undefined,
      },
      {
        kind: 'playoffs',
        type: 'single_elimination',
        format: 'bo3',
        mapPool: OTHER_POOL,
        rounds: { final: { format: 'bo5' } },
        grandFinalMode: 'simple',
        thirdPlaceMatch: false,
        start: 'auto',
      },
    ]);
  });

  it('sends stages with groups_playoffs only, without override rows that set nothing', () => {
    const draft = draftOf(
      answered([
        {
          id: 'groups',
          kind: 'groups',
          type: 'round_robin',
          groupCount: 2,
          advancePerGroup: 2,
          format: 'bo1',
          mapPool: POOL,
          status: 'pending',
        },
        { ...playoffs, rounds: { final: { format: 'bo5' }, semi_final: {} } },
      ]),
    );
    expect(setupOf(draft).stages?.[1].rounds).toEqual({ final: { format: 'bo5' } });
    expect(bodyOf(draft)).toMatchObject({ name: 'Cup', teamIds: draft.teamIds, type: 'groups_playoffs' });

    const single: Draft = withType(draft, 'single_elimination');
    expect(single.stages).toBeNull();
    expect('stages' in setupOf(single)).toBe(false);
    // Rounds of a single-stage elimination go as set; other types clear them.
    const withRounds = {
      ...single,
      settings: { ...single.settings, rounds: { R1: { format: 'bo3' as const } } },
    };
    expect(setupOf(withRounds).settings.rounds).toEqual({ R1: { format: 'bo3' } });
    expect(setupOf(withType(withRounds, 'round_robin')).settings.rounds).toEqual({});
  });

  it('switching to groups_playoffs brings two stages to edit; switching back keeps none', () => {
    const draft = withType(draftOf(answered([{ ...playoffs }])), 'double_elimination');
    expect(draft.stages).toBeNull();
    expect(withType(draft, 'groups_playoffs').stages).toEqual(DEFAULT_STAGES);
  });
});

describe('a Swiss by record in the editor (decision 77)', () => {
  const groups = {
    id: 'groups',
    kind: 'groups',
    type: 'swiss',
    groupCount: 2,
    advancePerGroup: 2,
    swissRounds: 3,
    advanceAt: 2,
    eliminateAt: 2,
    deciderFormat: 'bo3',
    format: 'bo1',
    mapPool: POOL,
    status: 'pending',
  } as const;

  it('sends the thresholds instead of the rounds, and clears them for another type or round robin groups', () => {
    const draft = draftOf(answered([groups, { ...playoffs }]));
    expect(setupOf(draft).stages?.[0]).toMatchObject({ advanceAt: 2, eliminateAt: 2, deciderFormat: 'bo3' });
    expect(setupOf(draft).stages?.[0]).not.toHaveProperty('swissRounds');
    const roundRobin: Draft = {
      ...draft,
      stages: [{ ...draft.stages![0], type: 'round_robin' }, draft.stages![1]],
    };
    expect(setupOf(roundRobin).stages?.[0]).not.toHaveProperty('advanceAt');

    const swiss = withType(draft, 'swiss');
    const byRecord = {
      ...swiss,
      settings: { ...swiss.settings, advanceAt: 3, eliminateAt: 3, swissRounds: 5 },
    };
    expect(setupOf(byRecord).settings).toMatchObject({ advanceAt: 3, eliminateAt: 3, deciderFormat: null });
    expect(setupOf(byRecord).settings).not.toHaveProperty('swissRounds');
    expect(setupOf(withType(byRecord, 'single_elimination')).settings).toMatchObject({
      advanceAt: null,
      eliminateAt: null,
    });
  });
});
