/**
 * The match config the plugin downloads (PROTOCOL.md section 4). Pure: the caller gathers the match,
 * its teams, the server and the settings.
 */
import type { MatchFormat, OvertimeMode } from '../../../shared/contracts/matches.js';
import { mapsOnServer, type AdvantageSide } from '../../../shared/domain/map-advantage.js';
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
  /**
   * The team the series starts one map up for (decision 78): neither plugin can start a series at 1-0
   * (1.4.21 src/MatchManagement.cs reads only id, name and players of a team), so it is sent a series of
   * one map fewer and Matchday counts the advantage map itself.
   */
  mapAdvantage?: AdvantageSide | null;
  /** The maps in play order (after the veto, or the maps chosen for a match without one). */
  maps: readonly string[];
  /** Per map: the starting side of team 1, or knife. */
  sides?: readonly ('team1_ct' | 'team1_t' | 'knife')[];
  /** Workshop id per map id, for the workshop maps among `maps`. */
  workshopIds: Readonly<Record<string, string>>;
  team1: ConfigTeam;
  team2: ConfigTeam;
  /** Players per side the match is played with: the tournament's team size, not a roster length. */
  teamSize: number;
  /**
   * A stage match waits in warmup for the casters' Go (API.md decision 76): it asks for a ready
   * spectator, which only a caster in the server could give; Go sends the plugin's `css_start`.
   */
  holdForGo?: boolean;
  /** Casters and observers, admitted as spectators (API.md decision 48). */
  spectators: readonly { platformId: string; name: string }[];
  /** Organisers' platform ids: the plugin lets them join although on no list (PROTOCOL.md 4.4). */
  admins?: readonly string[];
  maxRounds: number;
  overtimeMode: OvertimeMode;
  /** The server's hostname format; empty keeps the hostname from the server's own config. */
  hostnameFormat: string;
  label: string;
  flavour: Flavour;
  simulation?: { timescale: number };
}

/** Seconds before players are kicked at series end in a simulated match (API.md decision 7). */
export const SIMULATION_KICK_DELAY = 10;

/** The plugin requires players as an object keyed by platform id, never an array. */
const playersObject = (players: readonly { platformId: string; name: string }[]) =>
  Object.fromEntries(players.map((p) => [p.platformId, p.name]));

/**
 * The team's lineup only: 1.4.21 goes live once every listed player is here (src/Utility.cs
 * CheckLiveRequired), so substitutes stay off the list and join mid-match by a swap (PROTOCOL.md 4.4).
 */
const team = (t: ConfigTeam) => ({ id: t.id, name: t.name, tag: t.tag, players: playersObject(t.players) });

/**
 * A `maplist` entry: an installed map by its name, a workshop map by its bare numeric id, the one form
 * both plugin versions load (1.4.21 `src/Utility.cs` ChangeMap; 2.0.0 `src/MapTargetLogic.cs`). A
 * workshop map's name changes nothing on 1.4.21, silently (PROTOCOL.md 4.1).
 */
const maplistEntry = (map: string, workshopIds: MatchConfigInput['workshopIds']) => workshopIds[map] ?? map;

export function buildMatchConfig(input: MatchConfigInput): Record<string, unknown> {
  const numMaps = mapsOnServer(input.format, input.mapAdvantage ?? null);
  if (input.maps.length < numMaps) {
    throw new Error(`A ${input.format} needs ${numMaps} maps; the match has ${input.maps.length}.`);
  }
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
    maplist: input.maps.slice(0, numMaps).map((map) => maplistEntry(map, input.workshopIds)),
    map_sides: Array.from({ length: numMaps }, (_, i) => input.sides?.[i] ?? 'knife'),
    skip_veto: true,
    clinch_series: true,
    // A 2v2 is wingman: the plugin then sets game mode 2 and loads the map (src/Utility.cs SetCorrectGameMode).
    wingman: input.teamSize === 2,
    // Per side: at least this many present, then this many ready (PROTOCOL.md 4.4); the roster length
    // would ask for the substitutes too.
    players_per_team: input.teamSize,
    min_players_to_ready: input.teamSize,
    min_spectators_to_ready: input.holdForGo ? 1 : 0,
    team1: team(input.team1),
    team2: team(input.team2),
    spectators: { players: playersObject(input.spectators) },
    admins: [...(input.admins ?? [])],
    cvars,
    maxRounds: input.maxRounds,
    // Off in both "disabled" modes: the plugin then breaks a level map on damage (API.md decision 6).
    overtimeMode: overtime ? 'enabled' : 'disabled',
    ...(input.simulation ? { simulation: true, simulation_timescale: input.simulation.timescale } : {}),
  };
}
