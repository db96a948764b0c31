import { AppError } from '../../errors.js';
import type { ErrorDetail } from '../../../shared/contracts/errors.js';
import {
  DEFAULT_TEAM_SIZE,
  type GameMode,
  type StagesInput,
  type TournamentSettings,
} from '../../../shared/contracts/tournament.js';
import type { MapsService } from '../maps/index.js';

/**
 * The team size of a game mode (5/2/1) unless the settings name their own (API.md decision 74).
 * Competitive leaves it unset, as before modes existed: a match then plays the default of 5.
 */
export function withModeTeamSize(
  settings: TournamentSettings,
  mode: GameMode,
  teamSize: number | undefined,
): TournamentSettings {
  const { teamSize: _previous, ...rest } = settings;
  const size = teamSize ?? (mode === 'competitive' ? undefined : DEFAULT_TEAM_SIZE[mode]);
  return size === undefined ? rest : { ...rest, teamSize: size };
}

/** Every pool the tournament's matches may be given, with the setting that names it. */
function poolsOf(
  settings: Pick<TournamentSettings, 'mapPool' | 'rounds'>,
  stages: StagesInput | null,
): { path: string; mapPool: readonly string[] }[] {
  const rounds = (path: string, list: TournamentSettings['rounds']) =>
    Object.entries(list ?? {}).flatMap(([key, o]) =>
      o.mapPool ? [{ path: `${path}.${key}.mapPool`, mapPool: o.mapPool }] : [],
    );
  return [
    { path: 'settings.mapPool', mapPool: settings.mapPool },
    ...rounds('settings.rounds', settings.rounds),
    ...(stages ?? []).flatMap((stage, i) => [
      ...(stage.mapPool ? [{ path: `stages.${i}.mapPool`, mapPool: stage.mapPool }] : []),
      ...(stage.kind === 'playoffs' ? rounds(`stages.${i}.rounds`, stage.rounds) : []),
    ]),
  ];
}

/**
 * A tournament's pools hold maps of its mode only (decision 74): 400 naming each map that is not
 * played in it (a map lists its `modes`).
 */
export async function assertPoolsOfMode(
  t: {
    gameMode: GameMode;
    settings: Pick<TournamentSettings, 'mapPool' | 'rounds'>;
    stages: StagesInput | null;
  },
  maps: Pick<MapsService, 'modesOf'>,
): Promise<void> {
  const problems: ErrorDetail[] = [];
  for (const { path, mapPool } of poolsOf(t.settings, t.stages)) {
    for (const [i, id] of mapPool.entries()) {
      const modes = await maps.modesOf(id);
      if (modes !== undefined && !modes.includes(t.gameMode)) {
        problems.push({ path: `${path}.${i}`, message: `map "${id}" is not played in ${t.gameMode} mode` });
      }
    }
  }
  if (problems.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      `The map pool holds maps not played in ${t.gameMode} mode: give the maps that mode (Maps, modes) or choose others.`,
      problems,
    );
  }
}
