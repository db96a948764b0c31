/**
 * The match config the plugin downloads (PROTOCOL.md section 4). Pure: the caller gathers the match,
 * its teams, the server and the settings.
 */
import type { MatchFormat, OvertimeMode } from '../../../shared/contracts/matches.js';
import { MAPS_IN_SERIES } from '../../../shared/domain/tournament-rules.js';
import { pluginName, type Flavour } from './flavours.js';
import { fillHostname } from './hostname.js';

export interface ConfigTeam {
  id: string;
  name: string;
  tag: string;
  players: readonly { platformId: string; name: string }[];
}

export interface MatchConfigInput {
  matchid: number;
  format: MatchFormat;
  /** The maps in play order (after the veto, or the maps chosen for a match without one). */
  maps: readonly string[];
  /** Per map: the starting side of team 1, or knife. */
  sides?: readonly ('team1_ct' | 'team1_t' | 'knife')[];
  team1: ConfigTeam;
  team2: ConfigTeam;
  maxRounds: number;
  overtimeMode: OvertimeMode;
  /** The server's hostname format; empty keeps the hostname from the server's own config. */
  hostnameFormat: string;
  label: string;
  flavour: Flavour;
  simulation?: { timescale: number };
}

const DEFAULT_PLAYERS_PER_TEAM = 5;
/** Seconds before players are kicked at series end in a simulated match (API.md decision 7). */
const SIMULATION_KICK_DELAY = 10;

const team = (t: ConfigTeam) => ({
  id: t.id,
  name: t.name,
  tag: t.tag,
  // The plugin requires an object keyed by platform id, never an array.
  players: Object.fromEntries(t.players.map((p) => [p.platformId, p.name])),
});

export function buildMatchConfig(input: MatchConfigInput): Record<string, unknown> {
  const numMaps = MAPS_IN_SERIES[input.format];
  if (input.maps.length < numMaps) {
    throw new Error(`A ${input.format} needs ${numMaps} maps; the match has ${input.maps.length}.`);
  }
  const playersPerTeam =
    Math.max(input.team1.players.length, input.team2.players.length) || DEFAULT_PLAYERS_PER_TEAM;
  const overtime = input.overtimeMode === 'enabled';
  const cvars: Record<string, string | number> = {
    mp_maxrounds: input.maxRounds,
    mp_overtime_enable: overtime ? 1 : 0,
  };
  if (input.hostnameFormat.trim() !== '') {
    cvars.hostname = fillHostname(input.hostnameFormat, {
      team1: input.team1.name,
      team2: input.team2.name,
      label: input.label,
      matchid: input.matchid,
    });
  }
  if (input.simulation) {
    Object.assign(cvars, {
      mp_match_restart_delay: 10,
      tv_delay: 0,
      [pluginName(input.flavour, 'series_end_kick_delay_no_demo')]: SIMULATION_KICK_DELAY,
      [pluginName(input.flavour, 'series_end_kick_delay_demo_no_upload')]: SIMULATION_KICK_DELAY,
      [pluginName(input.flavour, 'series_end_kick_delay_demo_upload')]: SIMULATION_KICK_DELAY,
    });
  }
  return {
    matchid: input.matchid,
    num_maps: numMaps,
    maplist: input.maps.slice(0, numMaps),
    map_sides: Array.from({ length: numMaps }, (_, i) => input.sides?.[i] ?? 'knife'),
    skip_veto: true,
    clinch_series: true,
    wingman: false,
    players_per_team: playersPerTeam,
    min_players_to_ready: playersPerTeam,
    min_spectators_to_ready: 0,
    team1: team(input.team1),
    team2: team(input.team2),
    spectators: { players: {} },
    cvars,
    maxRounds: input.maxRounds,
    // Off in both "disabled" modes: the plugin then breaks a level map on damage (API.md decision 6).
    overtimeMode: overtime ? 'enabled' : 'disabled',
    ...(input.simulation ? { simulation: true, simulation_timescale: input.simulation.timescale } : {}),
  };
}
