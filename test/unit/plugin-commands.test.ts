import { describe, expect, it } from 'vitest';
import {
  bootstrapCommands,
  hostnameFormatCommand,
  loadMatchCommands,
  readConvar,
  setupCommands,
} from '../../server/integrations/plugin/commands.js';
import {
  answersProbe,
  isUnknownCommand,
  readStatusMap,
  readVersion,
} from '../../server/integrations/plugin/detection.js';

describe('commands as the plugin parses them (PROTOCOL.md 5.1.1)', () => {
  const bootstrap = bootstrapCommands('matchzy', {
    eventUrl: 'http://10.0.0.5:3000/api/events/srv-1',
    serverToken: 'server-token',
    reportUrl: 'http://10.0.0.5:3000/api/events/report',
    reportToken: 'report-token',
    roundBackupUrl: 'http://10.0.0.5:3000/api/matches/backups',
    demoRecording: true,
  });

  it('quotes one-argument commands and leaves FakeConVar strings and booleans bare', () => {
    expect(bootstrap).toEqual([
      'tv_enable 1',
      'matchzy_remote_log_header_key "X-MatchZy-Token"',
      'matchzy_remote_log_header_value "server-token"',
      'matchzy_remote_log_url "http://10.0.0.5:3000/api/events/srv-1"',
      'matchzy_report_token report-token',
      'matchzy_report_endpoint http://10.0.0.5:3000/api/events/report',
      'matchzy_remote_backup_header_key "X-MatchZy-Token"',
      'matchzy_remote_backup_header_value "server-token"',
      'matchzy_remote_backup_url "http://10.0.0.5:3000/api/matches/backups"',
      'matchzy_demo_recording_enabled true',
      'matchzy_chat_prefix [Matchday]',
      'matchzy_knife_enabled_default true',
      'matchzy_debug_chat 0',
      'matchzy_minimum_ready_required 0',
      'matchzy_autostart_mode 1',
    ]);
  });

  it('sends demo recording off as false, under the 2.x names', () => {
    const off = bootstrapCommands('at', {
      eventUrl: 'http://h/api/events/s',
      serverToken: 't',
      reportUrl: 'http://h/api/events/report',
      reportToken: 'r',
      roundBackupUrl: 'http://h/api/matches/backups',
      demoRecording: false,
    });
    expect(off).toContain('at_demo_recording_enabled false');
    expect(off).toContain('at_remote_backup_url "http://h/api/matches/backups"');
    expect(off).toContain('at_remote_log_header_key "X-Auto-Tournament-Token"');
  });

  it('sets GOTV, the server id, the token, then the URL at setup', () => {
    expect(
      setupCommands('at', { serverId: 'srv-1', bootstrapToken: 'b', bootstrapUrl: 'http://h/bootstrap' }),
    ).toEqual([
      'tv_enable 1',
      'at_server_id "srv-1"',
      'at_bootstrap_token "b"',
      'at_bootstrap_url "http://h/bootstrap"',
    ]);
  });

  it('sets the hostname format bare, without what would end the line or stay as quotes', () => {
    expect(hostnameFormatCommand('matchzy', 'Cup "Final"; quit')).toBe(
      'matchzy_hostname_format Cup Final quit',
    );
    // Two quote characters: the plugin leaves the hostname alone (src/Utility.cs, UpdateHostname).
    expect(hostnameFormatCommand('matchzy', '')).toBe('matchzy_hostname_format ""');
    const load = loadMatchCommands('matchzy', {
      demoUploadUrl: 'http://h/api/demos/m/upload',
      roundBackupUrl: 'http://h/api/matches/backups',
      configUrl: 'http://h/api/matches/m.json?loadId=1',
      serverToken: 't',
      hostname: 'Cup: A vs B',
    });
    expect(load.slice(0, 2)).toEqual(['tv_enable 1', 'matchzy_hostname_format Cup: A vs B']);
    // Before every load too: the plugin keeps the backup upload in memory only (src/BackupManagement.cs).
    expect(load.slice(-4, -1)).toEqual([
      'matchzy_remote_backup_header_key "X-MatchZy-Token"',
      'matchzy_remote_backup_header_value "t"',
      'matchzy_remote_backup_url "http://h/api/matches/backups"',
    ]);
    expect(load.at(-1)).toBe(
      'matchzy_loadmatch_url "http://h/api/matches/m.json?loadId=1" "X-MatchZy-Token" "t"',
    );
  });
});

describe('reading replies (PROTOCOL.md 5.5)', () => {
  it('tells a FakeConVar echo from an unknown command', () => {
    expect(answersProbe('matchzy', 'matchzy_tournament_status = idle')).toBe(true);
    expect(answersProbe('at', 'Unknown command "at_tournament_status"')).toBe(false);
    expect(isUnknownCommand("Unknown command 'matchzy_foo'!")).toBe(true);
    expect(isUnknownCommand('')).toBe(false);
  });

  it('reads the version and the map', () => {
    expect(readVersion('\u0004[MatchZy]\u0001 Version: 1.4.21')).toBe('1.4.21');
    expect(readVersion('nothing here')).toBeNull();
    expect(readStatusMap('hostname : x\nmap      : de_nuke\nplayers : 0')).toBe('de_nuke');
    expect(readStatusMap('loaded spawngroup(  1)  : SV:  [1: de_ancient | main lump | mapload]')).toBe(
      'de_ancient',
    );
    expect(readStatusMap('hostname : x')).toBeNull();
  });

  it('reads a convar in every reply shape: bare, CS2 with its default tail, Source 1 quoted', () => {
    expect(readConvar('matchzy_tournament_status = idle', 'matchzy_tournament_status')).toBe('idle');
    expect(readConvar('tv_enable = false ( def. false )', 'tv_enable')).toBe('false');
    expect(readConvar('mp_roundtime_defuse = 1.92 ( def. 1.92 ) notify rep', 'mp_roundtime_defuse')).toBe(
      '1.92',
    );
    expect(readConvar('hostname = Hall A ( def. Counter-Strike 2 )', 'hostname')).toBe('Hall A');
    expect(readConvar('"tv_delay" = "10" ( def. "0" )', 'tv_delay')).toBe('10');
    expect(readConvar('"tv_password" = ""', 'tv_password')).toBe('');
    expect(readConvar('tv_enable = true', 'tv_delay')).toBeUndefined();
  });
});
