import { payloads } from './event-payloads.js';
import type { FlowHost } from './flow-host.js';
import type { RoundRules } from './match-script.js';
import type { MatchState } from './match-state.js';
import type { PauseControl } from './pause-control.js';
import { cloneStats } from './player-stats.js';
import type { RoundBackupFile } from './round-backup.js';

/** The steps every way into live play shares: the live config's rules and the demo recording's start. */

/** mp_maxrounds and overtime from the config, as the live config applies them. */
export function applyLiveRules(state: MatchState, host: FlowHost): RoundRules {
  const { convars } = host;
  if (state.config.maxRounds !== undefined) {
    convars.set('mp_maxrounds', String(state.config.maxRounds));
  }
  if (state.config.overtimeMode !== undefined) {
    convars.set('mp_overtime_enable', state.config.overtimeMode === 'enabled' ? '1' : '0');
  }
  return {
    maxRounds: convars.getNumber('mp_maxrounds') || 24,
    overtimeMaxRounds: convars.getNumber('mp_overtime_maxrounds') || 6,
    overtimeEnabled: convars.getBool('mp_overtime_enable'),
  };
}

/** `{TIME}_{MATCH_ID}_{MAP}_{TEAM1}_vs_{TEAM2}.dem`, local time, spaces as `_`. */
function demoFileName(state: MatchState, host: FlowHost): string {
  const date = new Date(host.clock.unixNow() * 1000);
  const two = (value: number): string => String(value).padStart(2, '0');
  const time = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}_${two(date.getHours())}-${two(date.getMinutes())}-${two(date.getSeconds())}`;
  return `${time}_${state.matchId}_${state.mapName()}_${state.teamName('team1')}_vs_${state.teamName('team2')}.dem`.replace(
    / /g,
    '_',
  );
}

/**
 * Starts the map's demo when recording is on; false when it is off. The plugin turns GOTV on itself, too
 * late for this map: `tv_record` fails unchecked and the upload finds no file (sivert-io/MatchZy-Enhanced
 * src/DemoManagement.cs, PROTOCOL.md 3.3.1).
 */
export async function startDemoRecording(state: MatchState, host: FlowHost): Promise<boolean> {
  if (!host.convars.getBool(`${host.names.prefix}demo_recording_enabled`)) {
    return false;
  }
  host.convars.set('tv_enable', '1');
  state.demoFile = demoFileName(state, host);
  state.demoMissing = !host.gotvActive;
  await host.emit(
    payloads.demoRecording('demo_recording_start', state.demoFile, state.mapNumber, state.matchId),
  );
  return true;
}

/**
 * A pending restore at the match start: live flags and config, then the engine's backup, demo
 * recording and the pause after a restore; no knife, no `going_live` (1.4.21 src/BackupManagement.cs
 * RestoreRoundBackup with `liveSetupRequired`, src/Utility.cs SetupLiveFlagsAndCfg).
 */
export async function goLiveFromBackup(
  state: MatchState,
  host: FlowHost,
  pauses: PauseControl,
  file: RoundBackupFile,
): Promise<RoundRules> {
  state.mapNumber = file.mapNumber;
  state.seriesScore = { ...file.seriesScore };
  state.score = { ...file.backup.score };
  state.team1Side = file.backup.team1Side;
  state.stats = cloneStats(file.backup.stats);
  state.backups.clear();
  state.backups.set(file.round, { ...file.backup, stats: cloneStats(file.backup.stats) });
  const rules = applyLiveRules(state, host);
  await startDemoRecording(state, host);
  state.phase = 'live';
  if (host.convars.getBool(`${host.names.prefix}pause_after_restore`)) {
    pauses.restorePause();
  }
  host.reportChanged();
  return rules;
}
