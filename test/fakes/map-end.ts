import type { Winner } from './event-payloads.js';
import { payloads } from './event-payloads.js';
import type { FlowHost } from './flow-host.js';
import type { MapScript, TeamSlot } from './match-script.js';
import type { MatchState } from './match-state.js';
import { teamDamage } from './player-stats.js';

/** Delays after a map's end, per the plugin's demo settings (PROTOCOL.md 8.5 steps 6-8). */
export interface MapEndTiming {
  restartDelay: number;
  tvFlushDelay: number;
  kickDelay: number;
}

export function mapEndTiming(host: FlowHost, state: MatchState): MapEndTiming {
  const { convars, names } = host;
  const recording = state.demoFile !== '';
  const hasUpload = host.demoUploadTarget().url !== '';
  const tvDelay = convars.getBool('tv_enable') ? convars.getNumber('tv_delay') : 0;
  const flush = tvDelay + 15;
  const required = flush + (tvDelay > 0 ? 10 : 0);
  if (!recording) {
    return {
      restartDelay: 10,
      tvFlushDelay: 0,
      kickDelay: 9 + convars.getNumber(`${names.prefix}series_end_kick_delay_no_demo`),
    };
  }
  const restartDelay = hasUpload ? Math.max(convars.getNumber('mp_match_restart_delay'), required) : required;
  const extra = convars.getNumber(
    `${names.prefix}series_end_kick_delay_${hasUpload ? 'demo_upload' : 'demo_no_upload'}`,
  );
  return { restartDelay, tvFlushDelay: flush, kickDelay: restartDelay - 1 + extra };
}

/** Who takes the map: the higher score, else the damage tiebreak when the config asks for it. */
export function mapTaker(state: MatchState): TeamSlot | null {
  if (state.score.team1 !== state.score.team2) {
    return state.leader();
  }
  const { overtimeMode, overtimeSegments } = state.config;
  const tiebreak =
    (overtimeMode === 'disabled' && !overtimeSegments) ||
    (overtimeMode !== 'disabled' && (overtimeSegments ?? 0) > 0);
  const damage = (slot: TeamSlot): number =>
    teamDamage(
      state.stats,
      state.playersOf(slot).map((player) => player.steamid),
    );
  if (!tiebreak || damage('team1') === damage('team2')) {
    return null;
  }
  return damage('team1') > damage('team2') ? 'team1' : 'team2';
}

/**
 * Quirks (Appendix B.3): `team` is team1 only when it outscored team2 (a damage tiebreak win by
 * team1 still says team2); `side` is CT only when team1 won and ends on CT.
 */
export function mapResultWinner(state: MatchState): Winner {
  const team1Won = state.score.team1 > state.score.team2;
  return { side: team1Won && state.team1Side === 'CT' ? '3' : '2', team: team1Won ? 'team1' : 'team2' };
}

/**
 * The series winner (`none` for a drawn series), or `undefined` while the series goes on: both plugins need
 * `num_maps / 2 + 1` maps of either team (1.4.21 src/Utility.cs HandleMatchEnd; 2.0.0 src/MatchLogic.cs
 * IsSeriesOver), so neither can give one team a map's head start.
 */
export function seriesDecision(state: MatchState): Winner['team'] | undefined {
  const { team1, team2 } = state.seriesScore;
  const remaining = state.config.numMaps - team1 - team2;
  const leader: TeamSlot = team1 > team2 ? 'team1' : 'team2';
  if (team1 === team2 && remaining <= 0) {
    return 'none';
  }
  const needed = Math.floor(state.config.numMaps / 2) + 1;
  const decided = state.config.clinchSeries ? team1 === needed || team2 === needed : remaining <= 0;
  if (decided) {
    return leader;
  }
  // Draws can leave the plugin without a next map; it would fail there, the fake ends the series.
  if (state.mapNumber + 1 >= state.config.maps.length) {
    return team1 === team2 ? 'none' : leader;
  }
  return undefined;
}

/**
 * After the map: `tv_stoprecord` once GOTV has flushed, then the upload (PROTOCOL.md 3.3). Plain timers
 * of the plugin (1.4.21 src/DemoManagement.cs StopDemoRecording: AddTimer, which src/Utility.cs ResetMatch
 * does not kill), so a `css_endmatch` right after the map leaves this map's demo to be stopped and uploaded.
 */
export function stopAndUploadDemo(
  host: FlowHost,
  state: MatchState,
  script: MapScript,
  timing: MapEndTiming,
): void {
  if (!state.demoFile) {
    return;
  }
  const { demoFile: filename, mapNumber, matchId, roundsPlayed } = state;
  host.runDetached(async (signal) => {
    await host.clock.sleep(timing.tvFlushDelay - 0.5, signal);
    await host.emit(payloads.demoRecording('demo_recording_stop', filename, mapNumber, matchId));
    await host.clock.sleep(15, signal);
    const job = {
      ...host.demoUploadTarget(),
      headerBrand: host.names.demoHeaderBrand,
      filename,
      matchId,
      mapNumber,
      roundNumber: roundsPlayed,
      sizeBytes: script.demoSizeBytes ?? host.defaultDemoSizeBytes,
      outcome: state.demoMissing ? 'file-not-found' : (script.demo ?? 'upload'),
    };
    await host.uploadDemo(job, signal);
  });
}
