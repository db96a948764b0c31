import { isVersion2 } from './flavours.js';

/** Per-map side rule from `map_sides`. */
export type MapSide = 'team1_ct' | 'team1_t' | 'team2_ct' | 'team2_t' | 'knife';

export interface ConfigPlayer {
  steamid: string;
  name: string;
}

export interface ConfigTeam {
  /** `team.id` stringified; the previous match's id when the config has none (PROTOCOL.md 2.2). */
  id: string;
  /** Display name after the plugin's character filter. */
  name: string;
  players: ConfigPlayer[];
}

/** A match config as the plugin keeps it after a successful load (PROTOCOL.md section 4). */
export interface MatchConfig {
  matchId: number;
  team1: ConfigTeam;
  team2: ConfigTeam;
  numMaps: number;
  /** The first `num_maps` entries of `maplist`, played in order. */
  maps: string[];
  /** One per map, padded with `knife`. */
  mapSides: MapSide[];
  clinchSeries: boolean;
  /** `wingman: true` plays in game mode 2 (MatchManagement.cs GetOptionalMatchValues). */
  wingman: boolean;
  /** Per side: fewer players present than this and the side is never ready. */
  playersPerTeam: number;
  /** Per side: 0 = everyone present readies, N = N of them; absent = the global `minimum_ready_required`. */
  minPlayersToReady?: number;
  minSpectatorsToReady: number;
  spectators: ConfigPlayer[];
  /** Per-match admins: not kicked on connect although on no list. */
  admins: string[];
  /** The config's `cvars` as name and value; `cvarCommands` turns them into console lines. */
  cvars: [string, string][];
  remoteLog: { url?: string; headerKey?: string; headerValue?: string };
  maxRounds?: number;
  overtimeMode?: 'enabled' | 'disabled';
  overtimeSegments?: number;
  /** `simulation: true`: bots play the match at `simulation_timescale` (1 when absent). */
  simulationTimescale?: number;
}

/**
 * `invalid`: the plugin's validator refused it (status error, then a reset to idle).
 * `fatal`: not JSON, or a field the plugin reads without checking was missing (status stays error).
 */
export type ConfigParseResult =
  | { kind: 'ok'; config: MatchConfig }
  | { kind: 'invalid'; reason: string }
  | { kind: 'fatal'; reason: string };

export interface LoadContext {
  /** The id events carry when the config has no `matchid`. */
  previousMatchId: number;
  previousTeamIds: [string, string];
}

const MAP_SIDES: readonly string[] = ['team1_ct', 'team1_t', 'team2_ct', 'team2_t', 'knife'];
const UNSAFE_CVAR_VALUE = /[;\n\r`|&]/;

/**
 * The console lines the plugin runs for a config's `cvars`. 1.4.21 quotes every value and skips nothing
 * (MatchZy-Enhanced 1.4.21 src/Utility.cs ExecuteChangedConvars), so a plugin number setting such as a
 * series-end kick delay arrives quoted and is refused; the 2.x line leaves numbers and booleans bare and
 * skips unsafe values (PROTOCOL.md 4.1).
 */
export function cvarCommands(cvars: readonly [string, string][], pluginVersion: string): string[] {
  if (!isVersion2(pluginVersion)) {
    return cvars.map(([name, value]) => `${name} "${value}"`);
  }
  return cvars
    .filter(([, value]) => !UNSAFE_CVAR_VALUE.test(value))
    .map(
      ([name, value]) => `${name} ${/^-?\d+(\.\d+)?$|^(true|false)$/i.test(value) ? value : `"${value}"`}`,
    );
}

type Json = Record<string, unknown>;

export function parseMatchConfig(text: string, context: LoadContext): ConfigParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { kind: 'fatal', reason: `Unparsable JSON: ${(error as Error).message}` };
  }
  if (!isObject(json)) {
    return { kind: 'fatal', reason: 'Unparsable JSON: not an object' };
  }
  let problem: string;
  try {
    problem = validate(json);
  } catch (error) {
    return { kind: 'fatal', reason: (error as Error).message };
  }
  if (problem) {
    return { kind: 'invalid', reason: problem };
  }
  try {
    return { kind: 'ok', config: build(json, context) };
  } catch (error) {
    return { kind: 'fatal', reason: (error as Error).message };
  }
}

/** The plugin's structural check, field by field in document order; the first problem wins. */
function validate(json: Json): string {
  for (const field of ['maplist', 'team1', 'team2', 'num_maps']) {
    if (json[field] === undefined || json[field] === null) {
      return `Missing mandatory field: ${field}`;
    }
  }
  for (const [field, value] of Object.entries(json)) {
    const problem = validateField(field, value, json);
    if (problem) {
      return problem;
    }
  }
  return '';
}

function validateField(field: string, value: unknown, json: Json): string {
  switch (field) {
    case 'matchid':
    case 'players_per_team':
    case 'min_players_to_ready':
    case 'min_spectators_to_ready':
    case 'num_maps':
      if (!isInt32Text(dotnetText(value))) {
        return `${field} should be an integer!`;
      }
      if (field === 'num_maps' && Number(dotnetText(value)) > stringList(json.maplist).length) {
        return `${field} should be equal to or greater than maplist!`;
      }
      return '';
    case 'cvars':
      return isObject(value) ? '' : `${field} should be a JSON structure!`;
    case 'team1':
    case 'team2':
    case 'spectators':
      if (!isObject(value)) {
        return `${field} should be a JSON structure!`;
      }
      return field !== 'spectators' && !isObject(value.players) ? `${field} should have 'players' JSON!` : '';
    case 'veto_mode':
      return Array.isArray(value) ? '' : `${field} should be an Array!`;
    case 'maplist':
      if (!Array.isArray(value)) {
        return `${field} should be an Array!`;
      }
      return value.length === 0 ? `${field} should contain atleast 1 map!` : '';
    case 'map_sides':
      if (!Array.isArray(value)) {
        return `${field} should be an Array!`;
      }
      if (!value.every((side) => MAP_SIDES.includes(dotnetText(side)))) {
        return `${field} should be "team1_ct", "team1_t", or "knife"!`;
      }
      return value.length < Number(dotnetText(json.num_maps))
        ? `${field} should be equal to or greater than num_maps!`
        : '';
    case 'skip_veto':
    case 'clinch_series':
    case 'wingman':
      return ['true', 'false'].includes(dotnetText(value).toLowerCase())
        ? ''
        : `${field} should be a boolean!`;
    default:
      return '';
  }
}

function build(json: Json, context: LoadContext): MatchConfig {
  const numMaps = Number(dotnetText(json.num_maps));
  const maps = stringList(json.maplist).slice(0, numMaps);
  const sides = Array.isArray(json.map_sides)
    ? json.map_sides.map((side) => dotnetText(side) as MapSide)
    : [];
  const cvars = isObject(json.cvars) ? json.cvars : {};
  return {
    matchId: json.matchid === undefined ? context.previousMatchId : Number(dotnetText(json.matchid)),
    team1: team(json.team1 as Json, context.previousTeamIds[0]),
    team2: team(json.team2 as Json, context.previousTeamIds[1]),
    numMaps,
    maps,
    mapSides: maps.map((_map, index) => sides[index] ?? 'knife'),
    clinchSeries:
      json.clinch_series === undefined ? true : dotnetText(json.clinch_series).toLowerCase() === 'true',
    wingman: json.wingman !== undefined && dotnetText(json.wingman).toLowerCase() === 'true',
    playersPerTeam: json.players_per_team === undefined ? 5 : Number(dotnetText(json.players_per_team)),
    minPlayersToReady:
      json.min_players_to_ready === undefined ? undefined : Number(dotnetText(json.min_players_to_ready)),
    minSpectatorsToReady:
      json.min_spectators_to_ready === undefined ? 0 : Number(dotnetText(json.min_spectators_to_ready)),
    spectators: spectatorPlayers(json.spectators),
    admins: Array.isArray(json.admins) ? json.admins.map((id) => dotnetText(id)) : [],
    cvars: Object.entries(cvars).map(([name, value]) => [name, dotnetText(value)]),
    remoteLog: {
      url: optionalString(json.remote_log_url),
      headerKey: optionalString(json.remote_log_header_key),
      headerValue: optionalString(json.remote_log_header_value),
    },
    maxRounds: typeof json.maxRounds === 'number' ? json.maxRounds : undefined,
    overtimeMode:
      json.overtimeMode === 'enabled' || json.overtimeMode === 'disabled' ? json.overtimeMode : undefined,
    overtimeSegments: typeof json.overtimeSegments === 'number' ? json.overtimeSegments : undefined,
    simulationTimescale:
      json.simulation !== undefined && dotnetText(json.simulation).toLowerCase() === 'true'
        ? Number(json.simulation_timescale ?? 1) || 1
        : undefined,
  };
}

function team(json: Json, previousId: string): ConfigTeam {
  if (json.name === undefined || json.name === null) {
    // The plugin dereferences team.name unchecked.
    throw new Error('Object reference not set to an instance of an object.');
  }
  return {
    id: json.id === undefined || json.id === null ? previousId : dotnetText(json.id),
    name: filterTeamName(dotnetText(json.name)),
    players: playerList(json.players),
  };
}

/** Team names keep only letters, digits, space, `_` and `-`. */
export function filterTeamName(name: string): string {
  return name.replace(/[^\p{L}0-9 _-]/gu, '');
}

function spectatorPlayers(value: unknown): ConfigPlayer[] {
  return isObject(value) ? playerList(value.players) : [];
}

function playerList(value: unknown): ConfigPlayer[] {
  return isObject(value)
    ? Object.entries(value).map(([steamid, name]) => ({ steamid, name: dotnetText(name) }))
    : [];
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) {
    throw new Error('Unable to cast object of type JObject to JArray.');
  }
  return value.map((item) => dotnetText(item));
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** How Newtonsoft's `JToken.ToString()` prints a scalar (booleans as `True`/`False`). */
function dotnetText(value: unknown): string {
  if (typeof value === 'boolean') {
    return value ? 'True' : 'False';
  }
  if (value === null || value === undefined) {
    return '';
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function isInt32Text(text: string): boolean {
  return /^\s*[+-]?\d+\s*$/.test(text) && Math.abs(Number(text)) <= 2 ** 31 - 1;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
