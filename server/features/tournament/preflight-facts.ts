import { mapPoolProblems, DEFAULT_TEAM_SIZE } from '../../../shared/domain/tournament-rules.js';
import type { RosterTeam } from '../../../shared/domain/tournament-rules.js';
import { plannedFormats } from './format-source.js';
import type { TournamentRecord } from './repo.js';
import type { StartDrawService } from './start-draw.js';
import type { TournamentDeps } from './service.js';

/** What the preflight (API.md decision 57) checks of the tournament; null without one. */
export interface TournamentPreflightFacts {
  tournament: { id: string; name: string; type: string; teamSize: number };
  teams: RosterTeam[];
  /** The start check's map-pool problems, as sentences. */
  mapProblems: string[];
  /** Every map any stage or round may play. */
  mapIds: string[];
  /** Matches of the first round that need a server. */
  firstRoundMatches: number;
}

export function createPreflightFacts(
  deps: Pick<TournamentDeps, 'teams'>,
  draws: Pick<StartDrawService, 'prepare'>,
  current: () => Promise<TournamentRecord | undefined>,
) {
  /** The first round as the start would draw it; before a valid start, one match per two teams. */
  async function firstRoundMatches(t: TournamentRecord): Promise<number> {
    if (t.status === 'setup') {
      try {
        return (await draws.prepare(t)).draw.firstRound.filter((pair) => pair.team2 !== null).length;
      } catch {
        // The start's own problems are reported by the other checks (and by the start).
      }
    }
    return Math.floor(t.teamIds.length / 2);
  }

  return async function preflightFacts(): Promise<TournamentPreflightFacts | null> {
    const t = await current();
    if (!t) {
      return null;
    }
    const formats = plannedFormats(t, t.teamIds.length);
    const facts = { veto: t.settings.veto, mapPool: t.settings.mapPool, format: t.format, formats };
    return {
      tournament: {
        id: String(t.id),
        name: t.name,
        type: t.type,
        teamSize: t.settings.teamSize ?? DEFAULT_TEAM_SIZE,
      },
      teams: await deps.teams.rosters(t.teamIds),
      mapProblems: mapPoolProblems(facts).map((p) => p.message),
      mapIds: [...new Set([...t.settings.mapPool, ...formats.flatMap((f) => f.mapPool)])],
      firstRoundMatches: await firstRoundMatches(t),
    };
  };
}
