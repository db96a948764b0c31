import type { MatchFormat } from '../../../../shared/contracts/matches.js';
import type { Settings } from '../../../../shared/contracts/settings.js';
import {
  DEFAULT_CHECK_IN,
  type TournamentSettings,
  type TournamentType,
} from '../../../../shared/contracts/tournament.js';
import type { MapPool, Template, Tournament } from '../../api/admin.js';

/** What the wizard edits: the tournament's fields, its settings without the stored random seed. */
export interface Draft {
  name: string;
  type: TournamentType;
  format: MatchFormat;
  teamIds: string[];
  settings: Omit<TournamentSettings, 'randomSeed'>;
}

export function draftOf(t: Tournament): Draft {
  const { randomSeed: _seed, ...settings } = t.settings;
  return { name: t.name, type: t.type, format: t.format, teamIds: t.teamIds, settings };
}

/** A new tournament: every team, the default pool, the install's default rounds and overtime. */
/** The wizard's starting point: the tournament as saved, or a new one of every team. */
export function draftFrom(setup: {
  tournament: Tournament | null;
  teams: { id: string }[];
  pools: MapPool[];
  settings: Settings;
}): Draft {
  return setup.tournament
    ? draftOf(setup.tournament)
    : newDraft(
        setup.teams.map((t) => t.id),
        setup.pools,
        setup.settings,
      );
}

export function newDraft(teamIds: string[], pools: MapPool[], defaults: Settings): Draft {
  return {
    name: 'LAN tournament',
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
    },
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
    },
  };
}

/** Settings as the API takes them: only what applies to the type. */
export function settingsFor(draft: Draft): Draft['settings'] {
  const { swissRounds, ...rest } = draft.settings;
  return draft.type === 'swiss' ? { ...rest, swissRounds: swissRounds ?? 5 } : rest;
}
