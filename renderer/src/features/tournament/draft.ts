import type { MatchFormat } from '../../../../shared/contracts/matches.js';
import { DEFAULT_SCHEDULE } from '../../../../shared/contracts/timetable.js';
import type { Settings } from '../../../../shared/contracts/settings.js';
import {
  DEFAULT_CHECK_IN,
  type StagesInput,
  type TournamentSettings,
  type TournamentType,
} from '../../../../shared/contracts/tournament.js';
import { defaultGroupSwissRounds } from '../../../../shared/domain/group-stage.js';
import type { FormatOverride, RoundOverrides } from '../../../../shared/domain/stage-formats.js';
import type { MapPool, Template, Tournament } from '../../api/admin.js';

/**
 * What the wizard edits: the tournament's fields, its settings without the stored random seed, and a
 * `groups_playoffs` tournament's two stages (null for the other types).
 */
export interface Draft {
  name: string;
  type: TournamentType;
  format: MatchFormat;
  teamIds: string[];
  settings: Omit<TournamentSettings, 'randomSeed'>;
  stages: StagesInput | null;
}

/** Two round-robin groups, the top two of each to a single elimination that starts by itself. */
export const DEFAULT_STAGES: StagesInput = [
  { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 2 },
  { kind: 'playoffs', type: 'single_elimination', start: 'auto' },
];

const samePool = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The stages as the API takes them back. The answer fills every default in (decision 25); a stage's
 * format, pool or Swiss rounds equal to the default is read as "the default", so it keeps following it.
 */
function stagesOf(tournament: Tournament): StagesInput | null {
  const [groups, playoffs] = tournament.stages;
  if (groups?.kind !== 'groups' || playoffs?.kind !== 'playoffs') {
    return null;
  }
  const own = <T>(value: T, fallback: T, same: (a: T, b: T) => boolean) =>
    same(value, fallback) ? undefined : value;
  const sameFormat = (a: MatchFormat, b: MatchFormat) => a === b;
  const teamCount = tournament.teamIds.length;
  return [
    {
      kind: 'groups',
      type: groups.type,
      groupCount: groups.groupCount,
      advancePerGroup: groups.advancePerGroup,
      format: own(groups.format, tournament.format, sameFormat),
      mapPool: own(groups.mapPool, tournament.settings.mapPool, samePool),
      swissRounds:
        groups.swissRounds === undefined || groups.advanceAt != null
          ? undefined
          : own(groups.swissRounds, defaultGroupSwissRounds(teamCount, groups.groupCount), (a, b) => a === b),
      ...(groups.advanceAt != null
        ? {
            advanceAt: groups.advanceAt,
            eliminateAt: groups.eliminateAt ?? null,
            deciderFormat: groups.deciderFormat ?? null,
          }
        : {}),
    },
    {
      kind: 'playoffs',
      type: playoffs.type,
      format: own(playoffs.format, tournament.format, sameFormat),
      mapPool: own(playoffs.mapPool, tournament.settings.mapPool, samePool),
      rounds: playoffs.rounds,
      grandFinalMode: playoffs.grandFinalMode,
      thirdPlaceMatch: playoffs.thirdPlaceMatch,
      start: playoffs.start,
    },
  ];
}

export function draftOf(tournament: Tournament): Draft {
  const { randomSeed: _seed, ...settings } = tournament.settings;
  return {
    name: tournament.name,
    type: tournament.type,
    format: tournament.format,
    teamIds: tournament.teamIds,
    settings,
    stages: stagesOf(tournament),
  };
}

/** The wizard's starting point: the tournament as saved, or a new one of every team named `name`. */
export function draftFrom(
  setup: { tournament: Tournament | null; teams: { id: string }[]; pools: MapPool[]; settings: Settings },
  name: string,
): Draft {
  return setup.tournament
    ? draftOf(setup.tournament)
    : newDraft(
        name,
        setup.teams.map((team) => team.id),
        setup.pools,
        setup.settings,
      );
}

/** A new tournament: every team, the default pool, the install's default rounds and overtime. */
export function newDraft(name: string, teamIds: string[], pools: MapPool[], defaults: Settings): Draft {
  return {
    name,
    type: 'single_elimination',
    format: 'bo1',
    teamIds,
    settings: {
      grandFinalMode: 'simple',
      maxRounds: defaults.defaultMaxRounds,
      overtimeMode: defaults.defaultOvertimeMode,
      mapPool: pools.find((p) => p.isDefault)?.mapIds ?? [],
      seeding: 'manual',
      thirdPlaceMatch: false,
      veto: true,
      checkIn: DEFAULT_CHECK_IN,
      schedule: DEFAULT_SCHEDULE,
    },
    stages: null,
  };
}

/** A type switch: the grand final default (Simple) applies; stages come with `groups_playoffs` only. */
export function withType(draft: Draft, type: TournamentType): Draft {
  return {
    ...draft,
    type,
    settings: { ...draft.settings, grandFinalMode: 'simple' },
    stages: type === 'groups_playoffs' ? (draft.stages ?? DEFAULT_STAGES) : null,
  };
}

/** A template replaces the setup; the name and the teams stay. */
export function applyTemplate(draft: Draft, template: Template): Draft {
  return {
    ...draft,
    type: template.type,
    format: template.format,
    settings: {
      ...draft.settings,
      ...template.settings,
      checkIn: { ...draft.settings.checkIn, ...template.settings.checkIn },
      schedule: { ...draft.settings.schedule, ...template.settings.schedule },
    },
    // A template saved before templates kept stages has none: the editor starts from the default two.
    stages:
      template.type === 'groups_playoffs'
        ? ((template.stages as StagesInput | null) ?? DEFAULT_STAGES)
        : null,
  };
}

const isElimination = (type: TournamentType) =>
  type === 'single_elimination' || type === 'double_elimination';

/**
 * Settings as the API takes them: only what applies to the type. Round overrides go as they are for an
 * elimination (an empty object clears them) and empty otherwise, so none is left from another type.
 */
export function settingsFor(draft: Draft): Draft['settings'] {
  const { swissRounds, rounds, advanceAt, eliminateAt, deciderFormat, ...rest } = draft.settings;
  // A Swiss by record takes its rounds from the thresholds; any other type clears them.
  const byRecord = draft.type === 'swiss' && advanceAt != null;
  return {
    ...rest,
    ...(draft.type === 'swiss' && !byRecord ? { swissRounds: swissRounds ?? 5 } : {}),
    advanceAt: byRecord ? advanceAt : null,
    eliminateAt: byRecord ? (eliminateAt ?? null) : null,
    deciderFormat: byRecord ? (deciderFormat ?? null) : null,
    rounds: isElimination(draft.type) ? setRounds(rounds) : {},
  };
}

/** The override rows that set something: a row just added and left as it is goes. */
function setRounds(rounds: RoundOverrides | undefined): Record<string, FormatOverride> {
  return Object.fromEntries(
    Object.entries(rounds ?? {}).filter(([, o]) => o.format !== undefined || o.mapPool !== undefined),
  );
}

/** A Swiss group stage by record takes its rounds from the thresholds; round robin groups have none. */
function groupsFor(groups: StagesInput[0]): StagesInput[0] {
  const { advanceAt, eliminateAt, deciderFormat, swissRounds, ...rest } = groups;
  if (groups.type === 'swiss' && advanceAt != null) {
    return { ...rest, advanceAt, eliminateAt: eliminateAt ?? null, deciderFormat: deciderFormat ?? null };
  }
  return { ...rest, ...(swissRounds === undefined ? {} : { swissRounds }) };
}

/** The setup as a template or the create body take it (without name and teams); stages with `groups_playoffs` only. */
export function setupOf(draft: Draft) {
  const stages: StagesInput | undefined =
    draft.type === 'groups_playoffs' && draft.stages
      ? [groupsFor(draft.stages[0]), { ...draft.stages[1], rounds: setRounds(draft.stages[1].rounds) }]
      : undefined;
  return {
    type: draft.type,
    format: draft.format,
    settings: settingsFor(draft),
    ...(stages ? { stages } : {}),
  };
}

/** The create or setup edit body. */
export function bodyOf(draft: Draft) {
  return { name: draft.name, teamIds: draft.teamIds, ...setupOf(draft) };
}
