import type { ConsoleCommand } from './console-line.js';
import { payloads } from './event-payloads.js';
import { untilCancelled } from './game-clock.js';
import { engineStatus, get5Status } from './status-text.js';
import { mapListing } from './map-change.js';
import { isVersion2 } from './flavours.js';
import type { PluginCore } from './plugin-core.js';
import { loadBackupFromUrl } from './round-backup-transfer.js';
import { addPlayer, removePlayer } from './roster-commands.js';

type Handler = (core: PluginCore, command: ConsoleCommand) => string | Promise<string>;

/** Engine convars the service may set that the fake does not list: accepted like the engine does. */
const ENGINE_CONVAR_PREFIXES = /^(mp|sv|tv|bot|host|cash|ammo|spec|game)_/;
const HTTP_URL = /^https?:\/\/[^\s/]+/i;

/** Runs one console statement the way CS2 with the plugin answers it. */
export async function runStatement(core: PluginCore, command: ConsoleCommand): Promise<string> {
  if (!command.name) {
    return '';
  }
  const handler = commandTable(core.names.prefix, core.names.root, isVersion2(core.names.version)).get(
    command.name,
  );
  if (handler) {
    return handler(core, command);
  }
  const convarReply = core.convars.handle(command);
  if (convarReply !== undefined) {
    return convarReply;
  }
  if (ENGINE_CONVAR_PREFIXES.test(command.name) && command.args.length > 0) {
    core.convars.defineEngine(command.name, '');
    return core.convars.handle(command) ?? '';
  }
  // The engine's line for a command nobody registered; its exact CS2 wording is not verified
  // (PROTOCOL.md 5.5), the service matches it loosely.
  return `Unknown command "${command.name}"`;
}

const tables = new Map<string, Map<string, Handler>>();

function commandTable(prefix: string, root: string, version2: boolean): Map<string, Handler> {
  const key = `${prefix}:${version2}`;
  let table = tables.get(key);
  if (!table) {
    table = buildTable(prefix, root, version2);
    tables.set(key, table);
  }
  return table;
}

function buildTable(p: string, root: string, version2: boolean): Map<string, Handler> {
  const table = new Map<string, Handler>();
  const on = (names: string[], handler: Handler): void => names.forEach((name) => table.set(name, handler));
  const first = (command: ConsoleCommand): string => (command.args[0] ?? '').trim();

  on([`${p}server_id`], (core, command) => {
    core.settings.serverId = first(command);
    core.convars.set(`${p}report_server_id`, first(command));
    core.persist();
    core.sendServerConfigured('Console');
    return '';
  });
  on([`${p}remote_log_url`, 'get5_remote_log_url'], (core, command) => setRemoteLogUrl(core, first(command)));
  on([`${p}webhook_url`], (core, command) => setRemoteLogUrl(core, first(command)));
  on([`${p}remote_log_header_key`, 'get5_remote_log_header_key'], (core, command) =>
    setIfGiven(core, 'remoteLogHeaderKey', first(command)),
  );
  on([`${p}remote_log_header_value`, 'get5_remote_log_header_value'], (core, command) =>
    setIfGiven(core, 'remoteLogHeaderValue', first(command)),
  );
  on([`${p}match_token`], (core, command) => {
    const token = first(command);
    if (token) {
      Object.assign(core.settings, {
        remoteLogHeaderKey: core.names.tokenHeader,
        remoteLogHeaderValue: token,
      });
      core.settings.bootstrapToken = token;
      core.settings.matchToken = token;
      core.convars.set(`${p}report_token`, token);
      core.persist();
    }
    return '';
  });
  on([`${p}bootstrap_url`], (core, command) => setBootstrap(core, 'bootstrapUrl', first(command)));
  on([`${p}bootstrap_token`], (core, command) => setBootstrap(core, 'bootstrapToken', first(command)));
  on([`${p}heartbeat_url`], (core, command) => setIfGiven(core, 'heartbeatUrl', first(command)));
  on([`${p}demo_upload_url`, 'get5_demo_upload_url'], (core, command) =>
    HTTP_URL.test(first(command)) ? setIfGiven(core, 'demoUploadUrl', first(command)) : '',
  );
  on([`${p}demo_upload_header_key`, 'get5_demo_upload_header_key'], (core, command) =>
    setIfGiven(core, 'demoUploadHeaderKey', first(command)),
  );
  on([`${p}demo_upload_header_value`, 'get5_demo_upload_header_value'], (core, command) =>
    setIfGiven(core, 'demoUploadHeaderValue', first(command)),
  );
  // Round backup upload, kept in memory (1.4.21 src/ConfigConvars.cs MatchZyBackupUploadURL,
  // BackupUploadHeaderKeyCommand, BackupUploadHeaderValueCommand; 2.x the same under `at_`): an empty or
  // invalid URL and empty header parts change nothing.
  on([`${p}remote_backup_url`, 'get5_remote_backup_url'], (core, command) =>
    HTTP_URL.test(first(command)) ? setInMemory(core, 'backupUploadUrl', first(command)) : '',
  );
  on([`${p}remote_backup_header_key`, 'get5_remote_backup_header_key'], (core, command) =>
    setInMemory(core, 'backupUploadHeaderKey', first(command)),
  );
  on([`${p}remote_backup_header_value`, 'get5_remote_backup_header_value'], (core, command) =>
    setInMemory(core, 'backupUploadHeaderValue', first(command)),
  );
  on([`${p}loadbackup_url`, 'get5_loadbackup_url'], (core, command) => {
    // The header is read only when the command has both its name and value (src/BackupManagement.cs
    // LoadBackupFromURL: `command.ArgCount > 3`).
    const [url = '', name, value] = command.args;
    return loadBackupFromUrl(core, url, name !== undefined && value !== undefined ? { [name]: value } : {});
  });
  on([`${p}clear_event_queue`], (core) => core.publisher.clear());
  on([`${p}get_pending_events`], (core) => core.publisher.describePending());

  on([`${p}loadmatch_url`, 'get5_loadmatch_url'], (core, command) => {
    // A header goes out only when both its name and value were given.
    const [url = '', name, value] = command.args;
    return core.loader.loadFromUrl(url, name !== undefined && value !== undefined ? { [name]: value } : {});
  });
  on(
    [`${p}loadmatch`, 'get5_loadmatch'],
    () => `[LoadMatch] Provided file does not exist! Usage: ${p}loadmatch <filename>`,
  );
  on([root], (core, command) => {
    // `<root> match load <url>`: asynchronous, with the match token as a bearer token.
    const [group, verb, url = ''] = command.args;
    if (group !== 'match' || verb !== 'load') {
      return '';
    }
    const token = core.settings.matchToken;
    core.runDetached(async () => {
      await core.execute(`${p}loadmatch_url "${url}"${token ? ` "Authorization" "Bearer ${token}"` : ''}`);
    });
    return '';
  });
  if (version2) {
    // 2.0.0 only: absent from 1.4.21, where it is an unknown command (PROTOCOL.md 5.3).
    on([`${p}clear_queued_match`], (core) => core.loader.clearQueued());
  }
  on([`${p}addplayer`, 'get5_addplayer'], addPlayer);
  on([`${p}removeplayer`, 'get5_removeplayer'], removePlayer);
  on(['css_start', 'css_force', 'css_forcestart'], (core) => core.flow?.forceStart() ?? '');
  on(['css_endmatch', 'css_forceend', 'get5_endmatch', 'css_restart', 'css_rr'], (core) =>
    core.loader.endMatch(),
  );
  on(['css_forcepause', 'css_fp', 'sm_pause'], async (core) => (await core.flow?.pauses.forcePause()) ?? '');
  on(['css_forceunpause', 'css_fup', 'sm_unpause'], async (core) => {
    await core.flow?.pauses.unpause();
    return '';
  });
  on(['css_pause'], (core) => {
    core.flow?.pauses.consolePause();
    return '';
  });
  // From the console `.unpause` needs a player on a team: nothing happens (Appendix B.14).
  on(['css_unpause', 'css_stay', 'css_switch', 'css_swap'], () => '');
  on(['css_restore'], (core, command) => core.flow?.restore(first(command)) ?? '');
  on([`${p}loadbackup`, 'get5_loadbackup'], (core, command) => {
    const round = /_round(\d+)\.json$/.exec(first(command))?.[1];
    return core.flow && round ? core.flow.restore(round) : `Backup file ${first(command)} does not exist`;
  });
  on(['css_te', 'css_testevent'], (core) => {
    if (!core.settings.remoteLogUrl) {
      // MatchZy-Enhanced 1.4.21 src/ConsoleCommands.cs OnTestEventCommand (2.0.0 the same, at_ names).
      return `[\x04${core.names.displayName}\x01] Remote log URL is not configured! Set ${p}remote_log_url first.`;
    }
    const matchSlug = core.convars.get(`${p}tournament_match`);
    const matchId = core.flow?.state.matchId ?? -1;
    core.emitSoon(payloads.testEvent(core.clock.unixNow(), core.settings.serverId, matchSlug, matchId));
    return `Sending test event to: ${core.settings.remoteLogUrl}`;
  });
  on([`${p}match_report`, 'css_match_report'], (core) => {
    // The reply is sent before the upload runs, so it is always empty (Appendix B.9).
    core.runDetached((signal) =>
      untilCancelled(
        async () => void (await core.reports.upload(core.reportTarget(), core.buildReport(), signal)),
      ),
    );
    return '';
  });
  // sivert-io/MatchZy-Enhanced src/ConsoleCommands.cs OnMatchZyVersionCommand; 2.0.0 renamed it
  // (Auto-Tournament/MatchZy-Enhanced src/ConsoleCommands.cs OnAutoTournamentCS2VersionCommand).
  on(
    version2
      ? [`${p}version`, 'css_at_version', 'css_version']
      : [`${p}version`, 'css_version', 'css_matchzy_version'],
    (core) => `[${core.names.displayName}] Version: ${core.names.version}`,
  );
  // Both generations override the engine's `version` with steam.inf's ServerVersion (MatchZy-Enhanced
  // 1.4.21 and Auto-Tournament/MatchZy-Enhanced src/ConsoleCommands.cs, OnVersionCommand).
  on(['version'], (core) => {
    const { buildId } = core.gameBuild;
    return `Protocol version ${buildId} [${buildId}/${buildId}]`;
  });
  on(['status'], (core) => engineStatus(core));
  on(['maps'], (core) => mapListing(core.options.installedMaps));
  on(['get5_status'], (core) => get5Status(core));
  on(['get5_web_available'], (core) =>
    JSON.stringify({ gamestate: core.flow ? 1 : 0, available: 1, plugin_version: '0.15.0' }),
  );
  on(['changelevel', 'map', 'css_map', 'host_workshop_map'], (core, command) => {
    core.changeLevel(first(command));
    return '';
  });
  on(
    [
      'css_asay',
      'say',
      'tv_record',
      'tv_stoprecord',
      'bot_kick',
      `${p}check_for_updates`,
      `${p}reload_config`,
    ],
    () => '',
  );
  return table;
}

function setIfGiven(core: PluginCore, key: keyof PluginCore['settings'], value: string): string {
  if (value) {
    core.settings[key] = value;
    core.persist();
  }
  return '';
}

function setInMemory(
  core: PluginCore,
  key: 'backupUploadUrl' | 'backupUploadHeaderKey' | 'backupUploadHeaderValue',
  value: string,
): string {
  if (value) {
    core.settings[key] = value;
  }
  return '';
}

/** An empty or non-http value is refused, so the URL cannot be cleared (Appendix B.15). */
function setRemoteLogUrl(core: PluginCore, url: string): string {
  if (!HTTP_URL.test(url)) {
    // MatchZy-Enhanced 1.4.21 src/RemoteLogConfig.cs RemoteLogURLCommand: logged, nothing answered.
    core.log('warn', `[RemoteLogURLCommand] Invalid URL: ${url}. Please provide a valid URL!`);
    return '';
  }
  if (url !== core.settings.remoteLogUrl) {
    core.publisher.dropQueue();
  }
  core.settings.remoteLogUrl = url;
  core.persist();
  core.sendServerConfigured('Console');
  return '';
}

function setBootstrap(core: PluginCore, key: 'bootstrapUrl' | 'bootstrapToken', value: string): string {
  if (value) {
    core.settings[key] = value;
    core.persist();
    core.bootstrapper.changed();
  }
  return '';
}
