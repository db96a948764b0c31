/**
 * The tournament's preflight checks (API.md decision 57): rosters, players on two teams, maps for the
 * matches played without veto, servers for the first round, casters. Pure: facts in, checks out;
 * every failed check's message says what to do.
 */
import type { PreflightCheck } from '../contracts/preflight.js';
import { isIndividualPlatformId } from './steam-id.js';
import type { RosterTeam } from './tournament-rules.js';

export interface TournamentPreflightFacts {
  tournament: { id: string; name: string; type: string; teamSize: number } | null;
  /** The tournament's teams with their rosters. */
  teams: readonly RosterTeam[];
  /** The start check's map-pool problems (tournament-rules `mapPoolProblems`), as sentences. */
  mapProblems: readonly string[];
  /** Matches of the first round that need a server (byes need none). */
  firstRoundMatches: number;
  enabledServers: number;
  casters: readonly { platformId: string; name: string }[];
}

type Check = Omit<PreflightCheck, 'scope' | 'id' | 'name'>;

const passed = (check: Check['check'], message: string): Check => ({
  check,
  ok: true,
  severity: 'error',
  message,
});

function rosterCheck(team: RosterTeam, teamSize: number): PreflightCheck {
  const invalid = team.players.filter((p) => !isIndividualPlatformId(p.id));
  const valid = team.players.length - invalid.length;
  const base = { scope: 'team' as const, id: team.id, name: team.name };
  if (invalid.length > 0) {
    const names = invalid.map((p) => `${p.name} (${p.id})`).join(', ');
    return {
      ...base,
      ...passed('roster', ''),
      ok: false,
      message: `Invalid Steam ids: ${names}. Correct them in the team editor (a 17-digit id such as 76561198000000001).`,
    };
  }
  if (valid < teamSize) {
    return {
      ...base,
      ...passed('roster', ''),
      ok: false,
      message: `${valid} of ${teamSize} players. Add ${teamSize - valid} more with their Steam ids in the team editor.`,
    };
  }
  return { ...base, ...passed('roster', `${valid} players with valid Steam ids.`) };
}

function sharedPlayersCheck(teams: readonly RosterTeam[]): Check {
  const teamsOf = new Map<string, { name: string; teams: string[] }>();
  for (const team of teams) {
    for (const player of new Map(team.players.map((p) => [p.id, p])).values()) {
      const entry = teamsOf.get(player.id) ?? { name: player.name, teams: [] };
      entry.teams.push(team.name);
      teamsOf.set(player.id, entry);
    }
  }
  const shared = [...teamsOf].filter(([, e]) => e.teams.length > 1);
  if (shared.length === 0) {
    return passed('shared_players', 'No player is on two teams.');
  }
  const list = shared.map(([id, e]) => `${e.name} (${id}): ${e.teams.join(', ')}`).join('; ');
  return {
    ...passed('shared_players', ''),
    ok: false,
    message: `Players on several teams: ${list}. Remove each from all teams but one.`,
  };
}

function mapCountCheck(problems: readonly string[]): Check {
  if (problems.length === 0) {
    return passed('map_count', 'Every stage and round has enough maps.');
  }
  return {
    ...passed('map_count', ''),
    ok: false,
    message: `${problems.join('; ')}. Add maps to the pool or lower the best-of.`,
  };
}

function serverCountCheck(needed: number, enabled: number): Check {
  if (enabled >= needed) {
    return { ...passed('server_count', `${enabled} enabled servers for ${needed} first-round matches.`) };
  }
  return {
    check: 'server_count',
    ok: false,
    severity: 'warning',
    message: `${enabled} enabled servers for ${needed} first-round matches: the rest wait for a free server. Add or enable servers to play them at once.`,
  };
}

function castersCheck(casters: TournamentPreflightFacts['casters']): PreflightCheck {
  const base = { scope: 'tournament' as const, id: 'settings', name: 'Casters' };
  const invalid = casters.filter((c) => !isIndividualPlatformId(c.platformId));
  if (invalid.length === 0) {
    return { ...base, ...passed('casters', `${casters.length} casters with valid Steam ids.`) };
  }
  const names = invalid.map((c) => `${c.name} (${c.platformId})`).join(', ');
  return {
    ...base,
    ...passed('casters', ''),
    ok: false,
    message: `Invalid caster Steam ids: ${names}. Correct them in the settings.`,
  };
}

/** Every tournament check; without a tournament only the casters are checked. */
export function tournamentChecks(facts: TournamentPreflightFacts): PreflightCheck[] {
  const { tournament } = facts;
  if (!tournament) {
    return [castersCheck(facts.casters)];
  }
  const base = { scope: 'tournament' as const, id: tournament.id, name: tournament.name };
  // A shuffle draws its teams from the player pool at the start: there are no rosters to check yet.
  const rosters =
    tournament.type === 'shuffle' ? [] : facts.teams.map((t) => rosterCheck(t, tournament.teamSize));
  return [
    ...rosters,
    { ...base, ...sharedPlayersCheck(facts.teams) },
    { ...base, ...mapCountCheck(facts.mapProblems) },
    { ...base, ...serverCountCheck(facts.firstRoundMatches, facts.enabledServers) },
    castersCheck(facts.casters),
  ];
}

/** False when a check of severity `error` failed (a failed warning does not stop the start). */
export const preflightPassed = (checks: readonly PreflightCheck[]) =>
  checks.every((c) => c.ok || c.severity === 'warning');
