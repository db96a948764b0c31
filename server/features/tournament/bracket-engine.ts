import type { StageType } from 'brackets-model';
import type { StageKind } from '../../../shared/domain/bracket-layout.js';
import { bracketSeeding } from '../../../shared/domain/seeding.js';
import { playsThirdPlaceMatch } from '../../../shared/domain/tournament-rules.js';
import {
  bracketRoundKeys,
  resolveFormat,
  roundKeysOf,
  type BracketShape,
  type FormatOverride,
  type RoundOverrides,
} from '../../../shared/domain/stage-formats.js';
import type { GrandFinalType } from 'brackets-model';
import type { Repos } from '../../db/repos.js';
import type { MatchRecord } from '../matches/index.js';
import type { BracketStages, CorrectionChange, StagePlace, StageView } from './bracket-stages.js';
import type { FormatEngine } from './engine.js';
import type { TournamentRecord } from './repo.js';
import { standingsOf } from './standings.js';

/** What shapes an elimination stage and its matches' formats. */
export interface EliminationSetup {
  kind: 'single_elimination' | 'double_elimination';
  grandFinalMode: GrandFinalType;
  thirdPlaceMatch: boolean;
  stage: FormatOverride | undefined;
  rounds: RoundOverrides | undefined;
  /** Where the rounds are set, for warnings: `settings.rounds` or `stages.1.rounds`. */
  roundsPath: string;
}

/** brackets-manager's settings of an elimination stage of `entrants` seeds. */
export function eliminationSettings(setup: EliminationSetup, entrants: number) {
  return setup.kind === 'double_elimination'
    ? { grandFinal: setup.grandFinalMode }
    : { consolationFinal: playsThirdPlaceMatch(entrants, setup.thirdPlaceMatch) };
}

/** A match's format and pool: tournament defaults, then the stage's, then its round's. */
export function placeFormat(
  t: TournamentRecord,
  setup: Pick<EliminationSetup, 'stage' | 'rounds'>,
  place: StagePlace,
  shape: BracketShape,
) {
  const keys = roundKeysOf(
    { bracket: place.bracket, round: place.round, thirdPlace: place.bracket === 'SE' && place.group === 2 },
    shape,
  );
  return resolveFormat({ format: t.format, mapPool: t.settings.mapPool }, setup.stage, setup.rounds, keys);
}

/** Warnings for well-formed round keys naming no round of the bracket (API.md decision 31). */
export function unusedRoundKeys(setup: EliminationSetup, shape: BracketShape): string[] {
  const known = bracketRoundKeys(setup.kind, shape);
  return Object.keys(setup.rounds ?? {})
    .filter((key) => !known.has(key))
    .map((key) => `${setup.roundsPath}.${key}: the bracket has no such round; ignored.`);
}

/**
 * The elimination setup of a single-stage tournament: its settings (the grand final of a double
 * elimination, the third place match, `settings.rounds`).
 */
export const mainSetup = (t: TournamentRecord, kind: EliminationSetup['kind']): EliminationSetup => ({
  kind,
  grandFinalMode: t.settings.grandFinalMode,
  thirdPlaceMatch: t.settings.thirdPlaceMatch,
  stage: undefined,
  rounds: t.settings.rounds,
  roundsPath: 'settings.rounds',
});

/** The single stage of an elimination or round-robin tournament: teams are participants by id. */
function mainView(t: TournamentRecord, kind: StageKind): StageView {
  return {
    stage: 'main',
    teamOf: (participant) => participant,
    place: (place, shape) => ({
      label: place.label,
      group: null,
      ...(kind === 'round_robin'
        ? { format: t.format, mapPool: [...t.settings.mapPool] }
        : placeFormat(t, mainSetup(t, kind), place, shape)),
      queueRank: place.queueRank,
      playOrder: place.playOrder,
    }),
  };
}

/**
 * The match whose winner is champion: the last one in play order among the finals (grand finals;
 * without one, the upper bracket; two teams in double elimination play one match only).
 */
export function decidingMatch(list: readonly MatchRecord[]): MatchRecord | undefined {
  const finalsFirst = ['GF2', 'GF', 'UB', 'SE'];
  const last = (ms: MatchRecord[]) => ms.sort((a, b) => (b.playOrder ?? 0) - (a.playOrder ?? 0))[0];
  for (const bracket of finalsFirst) {
    const found = list.filter((m) => m.bracket === bracket && m.label !== 'Third Place');
    if (found.length > 0) {
      return last(found);
    }
  }
  return undefined;
}

/**
 * Single, double elimination and round robin as one brackets-manager stage (bracket-stages.ts mirrors
 * it into Matchday's matches).
 */
export function createBracketEngine(
  repos: Pick<Repos, 'matches'>,
  stages: BracketStages,
  kind: StageKind,
): FormatEngine {
  const { matches } = repos;
  return {
    async generate(t, seeded) {
      const settings =
        kind === 'round_robin' ? { groupCount: 1 } : eliminationSettings(mainSetup(t, kind), seeded.length);
      const { stageId, shape } = await stages.create(
        t,
        { name: t.name, type: kind as StageType, seeding: bracketSeeding(seeded, kind), settings },
        mainView(t, kind),
      );
      const warnings = kind === 'round_robin' ? [] : unusedRoundKeys(mainSetup(t, kind), shape);
      return { stageId, warnings };
    },

    async advance(t, decided) {
      if (decided.bmMatchId === null || decided.isBye || t.stageId === null) {
        return;
      }
      await stages.update(t, t.stageId, mainView(t, kind), decided);
    },

    async champion(t) {
      if (await matches.hasOpen(t.id)) {
        return undefined;
      }
      if (kind === 'round_robin') {
        return (await this.standings(t))[0]?.teamId;
      }
      return decidingMatch(await matches.listOfTournament(t.id))?.winnerId ?? undefined;
    },

    standings: async (t) =>
      standingsOf(t, await matches.listOfTournament(t.id), await matches.mapsOfTournament(t.id)),

    ...(kind === 'round_robin'
      ? {}
      : {
          correct: async (t: TournamentRecord, change: CorrectionChange) => {
            if (t.stageId !== null) {
              await stages.correct(t, t.stageId, mainView(t, kind), change);
            }
          },
        }),

    clear: (t) => stages.clear(t),
  };
}
