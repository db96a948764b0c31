/**
 * The console lines Matchday sends to the plugin, in the order API.md decisions 11 and 12 fix. Pure:
 * the caller sends them over RCON or answers them from the bootstrap endpoint.
 *
 * Each setting is written the way the plugin reads it (PROTOCOL.md 5.1.1): a command that reads one
 * argument gets it quoted (the engine tokenizer would cut an unquoted URL at `:`); a FakeConVar
 * string reads the raw rest of the line, so quotes would become part of the value: it goes unquoted;
 * booleans go as the literal the plugin parses.
 */
import { FLAVOUR_NAMES, pluginName, type Flavour } from './flavours.js';

/** A console argument in quotes; a quote inside would end it early, so none gets through. */
export const quoted = (value: string) => `"${value.replaceAll('"', '')}"`;

/**
 * A value read as the raw rest of the line (FakeConVar strings, `css_asay`): one line, no `;`
 * (the console would run the rest as a new command) and no quotes (they would be kept).
 */
export const rawRest = (value: string) =>
  value
    .replace(/[\r\n;"]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A command that reads one argument (`ArgByIndex(1)`): quoted. */
const setArgument = (flavour: Flavour, name: string, value: string) =>
  `${pluginName(flavour, name)} ${quoted(value)}`;

/** A FakeConVar string or number: the raw rest of the line, unquoted. */
const setRaw = (flavour: Flavour, name: string, value: string | number) =>
  `${pluginName(flavour, name)} ${typeof value === 'number' ? value : rawRest(value)}`;

/**
 * The plugin's older boolean commands (`demo_recording_enabled`, `knife_enabled_default`) take only
 * `true`/`false` (or `0`); `1` leaves the value unchanged (MatchZy-Enhanced 1.4.21 src/ConfigConvars.cs).
 */
const setBoolean = (flavour: Flavour, name: string, value: boolean) =>
  `${pluginName(flavour, name)} ${value ? 'true' : 'false'}`;

/** Whether the plugin records demos: set at the bootstrap and again whenever the setting changes. */
export const demoRecordingCommand = (flavour: Flavour, enabled: boolean) =>
  setBoolean(flavour, 'demo_recording_enabled', enabled);

/** GOTV must be on when a map loads, or that map records no demo (PROTOCOL.md 3.3.1). */
export const GOTV_ON = 'tv_enable 1';

/**
 * Setup over RCON: GOTV on, the server id, then the bootstrap token, then the URL (token before URL:
 * on a server with no stored URL the token command cannot fetch, the URL command then does).
 */
export function setupCommands(
  flavour: Flavour,
  input: { serverId: string; bootstrapToken: string; bootstrapUrl: string },
): string[] {
  return [
    GOTV_ON,
    setArgument(flavour, 'server_id', input.serverId),
    setArgument(flavour, 'bootstrap_token', input.bootstrapToken),
    bootstrapUrlCommand(flavour, input.bootstrapUrl),
  ];
}

/** The command that makes the plugin fetch its bootstrap again (PROTOCOL.md 3.5). */
export const bootstrapUrlCommand = (flavour: Flavour, url: string) =>
  setArgument(flavour, 'bootstrap_url', url);

/**
 * Where the plugin uploads its round backups (API.md decision 54): header key and value before the URL,
 * each a one-argument command; the header goes only when both are set (sivert-io/MatchZy-Enhanced
 * 1.4.21 src/ConfigConvars.cs MatchZyBackupUploadURL, src/Utility.cs UploadFileAsync; 2.x the same under
 * `at_`, Auto-Tournament/MatchZy-Enhanced src/ConfigConvars.cs).
 */
export function roundBackupUploadCommands(flavour: Flavour, url: string, serverToken: string): string[] {
  return [
    setArgument(flavour, 'remote_backup_header_key', FLAVOUR_NAMES[flavour].tokenHeader),
    setArgument(flavour, 'remote_backup_header_value', serverToken),
    setArgument(flavour, 'remote_backup_url', url),
  ];
}

/**
 * Loads a stored round backup from Matchday (console only): the plugin downloads it with the header and
 * restores it (1.4.21 src/BackupManagement.cs LoadBackupFromURL; the header is read only when both the
 * name and the value are given).
 */
export const loadBackupFromUrlCommand = (flavour: Flavour, url: string, serverToken: string) =>
  `${pluginName(flavour, 'loadbackup_url')} ${quoted(url)} ${quoted(FLAVOUR_NAMES[flavour].tokenHeader)} ${quoted(serverToken)}`;

export interface BootstrapInput {
  eventUrl: string;
  serverToken: string;
  reportUrl: string;
  reportToken: string;
  /** `POST /api/matches/backups` on the address the server reaches. */
  roundBackupUrl: string;
  demoRecording: boolean;
}

/**
 * What the bootstrap endpoint answers. The plugin runs it again at every plugin load, so all of it
 * is safe to repeat and none of it clears the plugin's event queue (API.md decision 11, PROTOCOL.md
 * 3.1): GOTV on, the event header before the event URL (setting the URL sends `server_configured`
 * at once), the report token before the report URL, demo recording, then the default match settings.
 */
export function bootstrapCommands(flavour: Flavour, input: BootstrapInput): string[] {
  return [
    GOTV_ON,
    setArgument(flavour, 'remote_log_header_key', FLAVOUR_NAMES[flavour].tokenHeader),
    setArgument(flavour, 'remote_log_header_value', input.serverToken),
    setArgument(flavour, 'remote_log_url', input.eventUrl),
    setRaw(flavour, 'report_token', input.reportToken),
    setRaw(flavour, 'report_endpoint', input.reportUrl),
    ...roundBackupUploadCommands(flavour, input.roundBackupUrl, input.serverToken),
    demoRecordingCommand(flavour, input.demoRecording),
    // Matchday starts matches itself and needs no chat noise.
    setRaw(flavour, 'chat_prefix', '[Matchday]'),
    setBoolean(flavour, 'knife_enabled_default', true),
    setRaw(flavour, 'debug_chat', 0),
    setRaw(flavour, 'minimum_ready_required', 0),
    setRaw(flavour, 'autostart_mode', 1),
  ];
}

/**
 * The plugin rewrites `hostname` from `hostname_format` at the load and at every round start
 * (PROTOCOL.md 5.1.2): the format is set to the wanted name itself, or to `""` (which the plugin
 * reads as "leave the hostname alone") when the server keeps its own.
 */
export const hostnameFormatCommand = (flavour: Flavour, hostname: string) => {
  const name = rawRest(hostname);
  return `${pluginName(flavour, 'hostname_format')} ${name === '' ? '""' : name}`;
};

/**
 * Loading a match: GOTV on, the hostname, the demo upload header and URL for this match, the round
 * backup upload again (a plugin restarted since its bootstrap has lost it: it keeps it in memory only),
 * then the config URL carrying the load id, with the token header given inline (the plugin has no
 * separate setting for it).
 */
export function loadMatchCommands(
  flavour: Flavour,
  input: {
    demoUploadUrl: string;
    roundBackupUrl: string;
    configUrl: string;
    serverToken: string;
    hostname: string;
  },
): string[] {
  const { tokenHeader } = FLAVOUR_NAMES[flavour];
  return [
    GOTV_ON,
    hostnameFormatCommand(flavour, input.hostname),
    setArgument(flavour, 'demo_upload_header_key', tokenHeader),
    setArgument(flavour, 'demo_upload_header_value', input.serverToken),
    setArgument(flavour, 'demo_upload_url', input.demoUploadUrl),
    ...roundBackupUploadCommands(flavour, input.roundBackupUrl, input.serverToken),
    `${pluginName(flavour, 'loadmatch_url')} ${quoted(input.configUrl)} ${quoted(tokenHeader)} ${quoted(input.serverToken)}`,
  ];
}

/**
 * `css_asay <text>`: the plugin prints the raw rest of the line, so the text goes unquoted; `;` would
 * end the command and run the rest as a console command, quotes would show, and it must stay one
 * line (PROTOCOL.md 5.3, sivert-io/MatchZy-Enhanced `src/ConsoleCommands.cs` OnAdminSay). Null when
 * nothing is left to say.
 */
export function announcementCommand(message: string): string | null {
  const text = message
    .replace(/[;"\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? null : `css_asay ${text}`;
}

/** The convars Matchday reads to know what a server is doing (the spec's Status values). */
export const statusConvars = (flavour: Flavour) => ({
  status: pluginName(flavour, 'tournament_status'),
  match: pluginName(flavour, 'tournament_match'),
  nextMatch: pluginName(flavour, 'tournament_next_match'),
  updated: pluginName(flavour, 'tournament_updated'),
});

/**
 * Reads `name = value` from a convar query, line by line: a plugin FakeConVar answers bare, CS2 an
 * engine convar unquoted with a ` ( def. x )` tail, Source 1 quoted (PROTOCOL.md 5.1). The tail and
 * one pair of quotes are not part of the value. Undefined when the name is absent.
 */
export function readConvar(reply: string, name: string): string | undefined {
  for (const line of reply.split('\n')) {
    const match = /^\s*"?([A-Za-z0-9_+]+)"?\s*=\s*(.*)$/.exec(line);
    if (match?.[1] === name) {
      const value = match[2]!.replace(/\s*\(\s*def\..*$/, '').trim();
      return /^"[^"]*"$/.test(value) ? value.slice(1, -1) : value;
    }
  }
  return undefined;
}

/**
 * A swap during a match (API.md decision 63, PROTOCOL.md 3.4): the incoming player is added to the
 * team's list first, so a refused add (halftime, no match set up) kicks nobody; then the outgoing one is
 * removed and kicked. 1.4.21 `src/Teams.cs` OnAddPlayerCommand / OnRemovePlayerCommand; 2.0.0 the same
 * under `at_`.
 */
export function swapPlayerCommands(
  flavour: Flavour,
  swap: { out: string; in: string; name: string; slot: 'team1' | 'team2' },
): { add: string; remove: string } {
  return {
    add: `${pluginName(flavour, 'addplayer')} ${swap.in} ${swap.slot} ${quoted(rawRest(swap.name))}`,
    remove: `${pluginName(flavour, 'removeplayer')} ${swap.out}`,
  };
}

/** The plugin answers a successful add with "Player <name> added to <team> successfully!". */
export const playerAdded = (reply: string) => /added to .* successfully/i.test(reply);
