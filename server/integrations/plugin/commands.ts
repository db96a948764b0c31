/**
 * The console lines Matchday sends to the plugin, in the order API.md decisions 11 and 12 fix. Pure:
 * the caller sends them over RCON or answers them from the bootstrap endpoint.
 */
import { FLAVOUR_NAMES, pluginName, type Flavour } from './flavours.js';

/** A console argument in quotes; a quote inside would end it early, so none gets through. */
export const quoted = (value: string) => `"${value.replaceAll('"', '')}"`;

const set = (flavour: Flavour, name: string, value: string | number) =>
  `${pluginName(flavour, name)} ${typeof value === 'number' ? value : quoted(value)}`;

/** Setup over RCON: the server id, then the bootstrap token, then the URL (token before URL). */
export function setupCommands(
  flavour: Flavour,
  input: { serverId: string; bootstrapToken: string; bootstrapUrl: string },
): string[] {
  return [
    set(flavour, 'server_id', input.serverId),
    set(flavour, 'bootstrap_token', input.bootstrapToken),
    set(flavour, 'bootstrap_url', input.bootstrapUrl),
  ];
}

export interface BootstrapInput {
  eventUrl: string;
  serverToken: string;
  reportUrl: string;
  reportToken: string;
  demoRecording: boolean;
}

/** Plugin defaults for every match Matchday loads: it starts matches itself and needs no chat noise. */
const DEFAULT_MATCH_SETTINGS: readonly [string, number | string][] = [
  ['chat_prefix', '[Matchday]'],
  ['knife_enabled_default', 1],
  ['debug_chat', 0],
  ['minimum_ready_required', 0],
  ['autostart_mode', 1],
];

/**
 * What the bootstrap endpoint answers: clear the plugin's event queue first, then the event header
 * before the event URL (setting the URL sends `server_configured` at once), the report token before
 * the report URL, the demo settings, then the default match settings.
 */
export function bootstrapCommands(flavour: Flavour, input: BootstrapInput): string[] {
  return [
    pluginName(flavour, 'clear_event_queue'),
    set(flavour, 'remote_log_header_key', FLAVOUR_NAMES[flavour].tokenHeader),
    set(flavour, 'remote_log_header_value', input.serverToken),
    set(flavour, 'remote_log_url', input.eventUrl),
    set(flavour, 'report_token', input.reportToken),
    set(flavour, 'report_endpoint', input.reportUrl),
    set(flavour, 'demo_recording_enabled', input.demoRecording ? 1 : 0),
    ...DEFAULT_MATCH_SETTINGS.map(([name, value]) => set(flavour, name, value)),
  ];
}

/**
 * Loading a match: the demo upload header and URL for this match, then the config URL carrying the
 * load id, with the token header given inline (the plugin has no separate setting for it).
 */
export function loadMatchCommands(
  flavour: Flavour,
  input: { demoUploadUrl: string; configUrl: string; serverToken: string },
): string[] {
  const { tokenHeader } = FLAVOUR_NAMES[flavour];
  return [
    set(flavour, 'demo_upload_header_key', tokenHeader),
    set(flavour, 'demo_upload_header_value', input.serverToken),
    set(flavour, 'demo_upload_url', input.demoUploadUrl),
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

/** Reads `name = value` (the engine's answer to a bare convar name); undefined when absent. */
export function readConvar(reply: string, name: string): string | undefined {
  for (const line of reply.split('\n')) {
    const match = /^\s*"?([A-Za-z0-9_+]+)"?\s*=\s*"?([^"]*)"?/.exec(line);
    if (match?.[1] === name) {
      return match[2]!.trim();
    }
  }
  return undefined;
}
