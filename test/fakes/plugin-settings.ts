import { ConvarStore } from './convars.js';
import type { PluginConvarKind } from './convars.js';
import type { FlavourNames } from './flavours.js';

/** Settings the plugin keeps in its database (set by commands, not convars). */
export interface IntegrationSettings {
  serverId: string;
  remoteLogUrl: string;
  remoteLogHeaderKey: string;
  remoteLogHeaderValue: string;
  bootstrapUrl: string;
  bootstrapToken: string;
  demoUploadUrl: string;
  /** Not persisted: lost on restart (PROTOCOL.md 3.3). */
  demoUploadHeaderKey: string;
  demoUploadHeaderValue: string;
  heartbeatUrl: string;
  /** Bearer token of `<root> match load <url>`. */
  matchToken: string;
  /** Round backup upload: plain fields, lost on restart (1.4.21 src/BackupManagement.cs backupUploadURL). */
  backupUploadUrl: string;
  backupUploadHeaderKey: string;
  backupUploadHeaderValue: string;
}

export function emptySettings(): IntegrationSettings {
  return {
    serverId: '',
    remoteLogUrl: '',
    remoteLogHeaderKey: '',
    remoteLogHeaderValue: '',
    bootstrapUrl: '',
    bootstrapToken: '',
    demoUploadUrl: '',
    demoUploadHeaderKey: '',
    demoUploadHeaderValue: '',
    heartbeatUrl: '',
    matchToken: '',
    backupUploadUrl: '',
    backupUploadHeaderKey: '',
    backupUploadHeaderValue: '',
  };
}

/** Kept in memory only: a restart loses them. */
type Unpersisted =
  | 'demoUploadHeaderKey'
  | 'demoUploadHeaderValue'
  | 'backupUploadUrl'
  | 'backupUploadHeaderKey'
  | 'backupUploadHeaderValue';

/**
 * What survives a restart: the plugin database's settings (all but the demo upload header and the
 * round backup upload), the report convars, and the event retry queue (kept by the publisher).
 */
export interface PersistedSettings {
  settings: Omit<IntegrationSettings, Unpersisted>;
  reportConvars: Record<string, string>;
}

export function persistSettings(
  settings: IntegrationSettings,
  convars: ConvarStore,
  names: FlavourNames,
): PersistedSettings {
  const {
    demoUploadHeaderKey: _key,
    demoUploadHeaderValue: _value,
    backupUploadUrl: _backupUrl,
    backupUploadHeaderKey: _backupKey,
    backupUploadHeaderValue: _backupValue,
    ...kept
  } = settings;
  return {
    settings: kept,
    reportConvars: Object.fromEntries(reportConvarNames(names).map((name) => [name, convars.get(name)])),
  };
}

export function reportConvarNames(names: FlavourNames): string[] {
  return ['report_endpoint', 'report_server_id', 'report_token'].map((name) => names.prefix + name);
}

/** Types per sivert-io/MatchZy-Enhanced src/ConfigConvars.cs (2.0.0 parses the same under `at_`). */
const PLUGIN_CONVARS: Array<[string, PluginConvarKind, string | number | boolean, boolean?]> = [
  ['tournament_status', 'string', 'idle'],
  ['tournament_match', 'string', ''],
  ['tournament_updated', 'string', '0'],
  ['tournament_next_match', 'string', ''],
  ['tournament_go_live_status', 'string', 'playing'],
  ['report_endpoint', 'string', ''],
  ['report_server_id', 'string', ''],
  ['report_token', 'string', ''],
  ['events_enabled', 'bool', true],
  ['event_retry_interval', 'float', 30],
  ['event_cleanup_interval', 'float', 3600],
  ['series_end_kick_delay_no_demo', 'int', 5],
  ['series_end_kick_delay_demo_no_upload', 'int', 10],
  ['series_end_kick_delay_demo_upload', 'int', 60],
  ['both_teams_unpause_required', 'bool', true],
  ['pause_after_restore', 'legacy-bool', true],
  ['demo_recording_enabled', 'legacy-bool', true],
  ['knife_enabled_default', 'legacy-bool', true, true],
  ['minimum_ready_required', 'int', 0],
  ['autostart_mode', 'int', 1],
  ['autoready_enabled', 'bool', false],
  ['debug_chat', 'bool', false],
  ['max_pauses_per_team', 'int', 0],
  ['side_selection_time', 'int', 60],
  ['chat_prefix', 'string', '[MatchZy]'],
  ['admin_chat_prefix', 'string', '[ADMIN]'],
  ['hostname_format', 'string', '{TEAM1} vs {TEAM2}'],
];

/** Engine convars the service touches (PROTOCOL.md 8.1). */
const ENGINE_CONVARS: Array<[string, string]> = [
  ['hostname', 'Counter-Strike 2'],
  ['tv_enable', '0'],
  ['tv_enable1', '0'],
  ['tv_delay', '0'],
  // The engine's GOTV port and password (CS2 defaults), read for casters (API.md decision 49).
  ['tv_port', '27020'],
  ['tv_password', ''],
  ['mp_maxrounds', '24'],
  ['mp_overtime_enable', '1'],
  ['mp_overtime_maxrounds', '6'],
  ['mp_roundtime_defuse', '1.92'],
  ['mp_match_restart_delay', '15'],
  ['mp_freezetime', '15'],
  ['host_timescale', '1'],
  // Classic competitive; the plugin sets 2 for wingman (MatchZy-Enhanced src/Utility.cs SetCorrectGameMode).
  ['game_mode', '1'],
  ['game_type', '0'],
  ['sv_cheats', '0'],
];

const ENGINE_BOOLS = new Set(['tv_enable', 'tv_enable1', 'mp_overtime_enable', 'sv_cheats']);

/** A fresh convar store with engine and plugin defaults, then what a restart keeps. */
export function createConvars(
  names: FlavourNames,
  hostname: string,
  persisted?: PersistedSettings,
): ConvarStore {
  const convars = new ConvarStore();
  for (const [name, value] of ENGINE_CONVARS) {
    convars.defineEngine(name, name === 'hostname' ? hostname : value, ENGINE_BOOLS.has(name));
  }
  for (const [name, kind, value, echoes] of PLUGIN_CONVARS) {
    convars.definePlugin(names.prefix + name, kind, value, echoes);
  }
  for (const [name, value] of Object.entries(persisted?.reportConvars ?? {})) {
    convars.set(name, value);
  }
  return convars;
}
