import { AppError } from '../../errors.js';
import type { ErrorDetail } from '../../../shared/contracts/errors.js';
import type { MatchFormat } from '../../../shared/contracts/matches.js';
import type {
  StagesInput,
  TournamentSettings,
  TournamentType,
} from '../../../shared/contracts/tournament.js';
import { groupStageProblems } from '../../../shared/domain/group-stage.js';
import { mapAdvantageProblems } from '../../../shared/domain/map-advantage.js';
import { thresholdProblems } from '../../../shared/domain/swiss-pools.js';
import {
  isRoundKey,
  type EliminationType,
  type RoundOverrides,
} from '../../../shared/domain/stage-formats.js';
import type { MapsService } from '../maps/index.js';

/** What a setup's stages and formats are checked on, after the edit is merged. */
export interface StageSetup {
  type: TournamentType;
  /** The tournament's best-of (a pool as large as a best-of plays without a veto). */
  format?: MatchFormat;
  /** Empty for a template: the checks that need teams are skipped. */
  teamIds: readonly string[];
  settings: Pick<TournamentSettings, 'veto' | 'rounds'> &
    Partial<
      Pick<
        TournamentSettings,
        | 'overtimeMode'
        | 'swissRounds'
        | 'advanceAt'
        | 'eliminateAt'
        | 'deciderFormat'
        | 'grandFinalMode'
        | 'grandFinalMapAdvantage'
      >
    >;
  stages: StagesInput | null;
}

type PoolCheck = (mapIds: readonly string[], path: string, format?: MatchFormat) => Promise<ErrorDetail[]>;

async function roundProblems(
  type: EliminationType,
  rounds: RoundOverrides | undefined,
  path: string,
  pool: PoolCheck,
  stageFormat?: MatchFormat,
): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  for (const [key, override] of Object.entries(rounds ?? {})) {
    if (!isRoundKey(type, key)) {
      const shapes =
        type === 'single_elimination'
          ? 'R<n>, quarter_final, semi_final, final or third_place'
          : 'UB R<n>, LB R<n>, ub_final, lb_final or grand_final';
      problems.push({
        path: `${path}.${key}`,
        message: `not a round of a ${type.replace('_', ' ')}; use ${shapes}`,
      });
    } else if (override.mapPool) {
      problems.push(
        ...(await pool(override.mapPool, `${path}.${key}.mapPool`, override.format ?? stageFormat)),
      );
    }
  }
  return problems;
}

const SWISS_FIELDS = ['advanceAt', 'eliminateAt', 'deciderFormat'] as const;

/**
 * Valve-style Swiss settings (decision 77) only where a Swiss is played, both thresholds or neither,
 * and no draws.
 */
function swissSettingProblems({ type, stages, settings }: StageSetup): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const drawsPossible = settings.overtimeMode === 'disabled_draw';
  const given = (config: Partial<Record<(typeof SWISS_FIELDS)[number], unknown>>) =>
    SWISS_FIELDS.filter((f) => config[f] !== undefined && config[f] !== null);
  if (type === 'swiss') {
    problems.push(...thresholdProblems(settings, 'settings', drawsPossible));
  } else {
    for (const field of given(settings)) {
      problems.push({
        path: `settings.${field}`,
        message: `only a Swiss tournament has ${field} (Swiss groups: stages.0.${field})`,
      });
    }
  }
  const groups = stages?.[0];
  if (groups?.type === 'swiss') {
    problems.push(...thresholdProblems(groups, 'stages.0', drawsPossible));
  } else if (groups) {
    for (const field of given(groups)) {
      problems.push({ path: `stages.0.${field}`, message: `round robin groups have no ${field}` });
    }
  }
  return problems;
}

/** The grand-final map advantage (decision 78) only where a grand final is played once, as more than a bo1. */
function mapAdvantageSettingProblems({ type, stages, settings, format }: StageSetup): ErrorDetail[] {
  if (settings.grandFinalMapAdvantage !== true) {
    return [];
  }
  const playoffs = type === 'groups_playoffs' ? stages?.[1] : undefined;
  const rounds = playoffs ? playoffs.rounds : settings.rounds;
  return mapAdvantageProblems({
    doubleElimination: type === 'double_elimination' || playoffs?.type === 'double_elimination',
    grandFinalMode: (playoffs ? playoffs.grandFinalMode : settings.grandFinalMode) ?? 'simple',
    grandFinalFormat: rounds?.grand_final?.format ?? playoffs?.format ?? format,
  });
}

/**
 * The stage checks of API.md decisions 24 and 31 on a setup as it would be saved: `stages` only and
 * always for `groups_playoffs`, the group stage fits the teams, round keys fit the bracket type, and
 * every pool given holds known, enabled maps (exactly 7 with a veto). 400 naming every field.
 */
export async function assertStageSetup(
  setup: StageSetup,
  maps: Pick<MapsService, 'poolProblems'>,
): Promise<void> {
  const pool: PoolCheck = async (mapIds, path, format) =>
    maps.poolProblems(mapIds, path, setup.settings.veto, format);
  const problems: ErrorDetail[] = [];
  const { type, stages, settings } = setup;
  if (type === 'groups_playoffs' && !stages) {
    problems.push({ path: 'stages', message: 'a groups_playoffs tournament needs its two stages' });
  }
  if (type !== 'groups_playoffs' && stages) {
    problems.push({ path: 'stages', message: `only a groups_playoffs tournament has stages, not ${type}` });
  }
  if (settings.rounds && Object.keys(settings.rounds).length > 0) {
    if (type === 'single_elimination' || type === 'double_elimination') {
      problems.push(...(await roundProblems(type, settings.rounds, 'settings.rounds', pool, setup.format)));
    } else {
      problems.push({
        path: 'settings.rounds',
        message: 'only a single or double elimination has rounds (playoffs: stages.1.rounds)',
      });
    }
  }
  problems.push(...swissSettingProblems(setup));
  problems.push(...mapAdvantageSettingProblems(setup));
  if (type === 'groups_playoffs' && stages) {
    const [groups, playoffs] = stages;
    problems.push(...groupStageProblems(groups, setup.teamIds.length));
    if (groups.mapPool) {
      problems.push(...(await pool(groups.mapPool, 'stages.0.mapPool', groups.format ?? setup.format)));
    }
    const playoffFormat = playoffs.format ?? setup.format;
    if (playoffs.mapPool) {
      problems.push(...(await pool(playoffs.mapPool, 'stages.1.mapPool', playoffFormat)));
    }
    problems.push(
      ...(await roundProblems(playoffs.type, playoffs.rounds, 'stages.1.rounds', pool, playoffFormat)),
    );
  }
  if (problems.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      `The tournament's stages or formats do not fit: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}.`,
      problems,
    );
  }
}
