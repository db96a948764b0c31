import type { JsonValue } from './dotnet-json.js';
import { payloads } from './event-payloads.js';
import type { StatsTeam } from './event-payloads.js';
import type { FlowHost } from './flow-host.js';
import { consoleReply } from './flavours.js';
import { FlowCancelled } from './game-clock.js';
import { otherSlot, pick } from './match-script.js';
import type { MapScript, Pace, PauseScript, Random, RoundRules, TeamSlot } from './match-script.js';
import type { MatchState, RoundBackup } from './match-state.js';
import type { PauseControl } from './pause-control.js';
import {
  cloneStats,
  emptyStats,
  equaliseDamage,
  makeDamageLeader,
  playRoundStats,
  statsJson,
} from './player-stats.js';

export interface RoundContext {
  host: FlowHost;
  state: MatchState;
  pauses: PauseControl;
  random: Random;
  pace: Pace;
  rules: RoundRules;
  /** Who wins each round, by round number - 1. */
  plan: TeamSlot[];
  script: MapScript;
  /** The match's lifetime. */
  signal: AbortSignal;
  /** Whether the scripted crash may still happen (once per match id). */
  mayCrash: () => boolean;
  /** The map goes on from this backup (a downloaded one): its first round writes no backup. */
  restoredFrom?: number;
}

/**
 * Plays the rounds of a map from going live to its last round (PROTOCOL.md 8.5 step 5). A backup
 * restore from the console interrupts the running round; play resumes from the restored round.
 */
export class MapRounds {
  private roundInterrupt = new AbortController();
  private readonly scriptedDone = new Set<keyof MapScript>();
  private readonly pausesDone = new Set<PauseScript>();
  private reconnectAfterRound = 0;
  /** The round about to start comes from a restore: the plugin writes no backup for it. */
  private restoredRound = false;

  constructor(private readonly context: RoundContext) {
    this.restoredRound = context.restoredFrom !== undefined;
  }

  /** Plays until the planned rounds are done or the map is forfeited. */
  async play(): Promise<void> {
    const { state, plan, host, pace } = this.context;
    while (state.roundsPlayed < plan.length) {
      const round = state.roundsPlayed + 1;
      await this.scriptedPause(round);
      await this.context.pauses.whilePaused(this.context.signal);
      // Named by the rounds played so far: the first round's backup is round00
      // (MatchZy-Enhanced 1.4.21 src/BackupManagement.cs CreateMatchZyRoundDataBackup).
      if (!this.restoredRound) {
        state.backups.set(state.roundsPlayed, state.backup());
        host.uploadRoundBackup(state);
      }
      this.restoredRound = false;
      await host.emit(
        payloads.roundStarted(state.score.team1, state.score.team2, state.mapNumber, state.matchId),
      );
      // Every round start rewrites the hostname (src/Utility.cs, HandlePostRoundStartEvent).
      host.updateHostname();
      host.reportChanged();
      if (!(await this.roundRuns())) {
        continue;
      }
      const swapped = await this.endRound(plan[round - 1] ?? 'team1');
      if (await this.afterRound(round)) {
        return;
      }
      state.halftimeBreak = swapped;
      try {
        await this.sleep(pace.roundRestart + (swapped ? pace.halftime : 0));
      } finally {
        state.halftimeBreak = false;
      }
    }
  }

  /**
   * `css_restore <n>`: back to the start of 1-based round n + 1 from backup `round<n>`; the console
   * reply, empty on success (MatchZy-Enhanced 1.4.21 src/BackupManagement.cs HandleRestoreCommand,
   * RestoreRoundBackup; 2.0.0 the same). Tactical timeouts are not modelled.
   */
  restore(round: number): string {
    const { state, host } = this.context;
    if (state.phase !== 'live') {
      // `if (!isMatchLive) return;`: nothing happens, nothing is said.
      return '';
    }
    if (state.halftimeBreak) {
      return consoleReply(host.names, 'You cannot load a backup during halftime.');
    }
    const filename = `${host.names.prefix}${state.matchId}_${state.mapNumber}_round${String(round).padStart(2, '0')}.json`;
    const backup = state.backups.get(round);
    if (!backup) {
      return `Backup file ${filename} does not exist, please check the round number.`;
    }
    this.restoreFrom(round, backup, filename);
    return '';
  }

  /** Puts the map back to the start of round `round + 1` from `backup` and sends `backup_loaded`. */
  restoreFrom(round: number, backup: RoundBackup, filename: string): void {
    const { state, host } = this.context;
    this.restoredRound = true;
    state.score = { ...backup.score };
    state.team1Side = backup.team1Side;
    state.stats = cloneStats(backup.stats);
    this.roundInterrupt.abort();
    if (host.convars.getBool(`${host.names.prefix}pause_after_restore`)) {
      this.context.pauses.restorePause();
    }
    host.reportChanged();
    host.emitSoon(payloads.backupLoaded(round, filename, state.mapNumber, state.matchId));
  }

  /** False when a restore broke the round off. */
  private async roundRuns(): Promise<boolean> {
    const [shortest, longest] = this.context.pace.round;
    this.roundInterrupt = new AbortController();
    const signal = AbortSignal.any([this.context.signal, this.roundInterrupt.signal]);
    try {
      await this.context.host.clock.sleep(shortest + this.context.random() * (longest - shortest), signal);
      return true;
    } catch (error) {
      if (this.context.signal.aborted || !(error instanceof FlowCancelled)) {
        throw error;
      }
      return false;
    }
  }

  /** Scores the round and sends `round_end`, then any side swap; true on a swap. */
  private async endRound(winner: TeamSlot): Promise<boolean> {
    const { state, host, random, plan } = this.context;
    const winnerSide = state.sideOf(winner);
    state.score[winner] += 1;
    const steamids = (slot: TeamSlot): string[] => state.connectedOf(slot).map((player) => player.steamid);
    playRoundStats(state.stats, steamids(winner), steamids(otherSlot(winner)), state.roundsPlayed, random);
    if (state.roundsPlayed === plan.length && state.score.team1 === state.score.team2) {
      this.settleDamageTiebreak(steamids('team1'), steamids('team2'));
    }
    const reason = winnerSide === 'CT' ? pick(random, [7, 8, 12]) : pick(random, [1, 9]);
    // Quirk: winner.team names the map leader, not the round winner (Appendix B.2).
    const roundWinner = { side: winnerSide === 'CT' ? '3' : '2', team: state.leader() } as const;
    await host.emit(
      payloads.roundEnd(
        reason,
        roundWinner,
        this.statsTeam('team1'),
        this.statsTeam('team2'),
        state.mapNumber,
        state.matchId,
      ),
    );
    host.reportChanged();
    return this.swapIfDue();
  }

  private async swapIfDue(): Promise<boolean> {
    const { state, host, rules } = this.context;
    const played = state.roundsPlayed;
    const half = rules.maxRounds / 2;
    const overtimeHalf = rules.overtimeMaxRounds / 2;
    const overtimeSwap =
      played > rules.maxRounds && (played - rules.maxRounds - overtimeHalf) % rules.overtimeMaxRounds === 0;
    if (played !== half && !overtimeSwap) {
      return false;
    }
    state.swapSides();
    const { mapNumber, matchId } = state;
    await host.emit(payloads.sideSwap(state.sideOf('team1'), state.sideOf('team2'), mapNumber, matchId));
    if (played === half) {
      // Sticky: nothing sets the status back until a pause ends (Appendix B.6).
      host.setStatus('halftime');
      await host.emit(payloads.halftimeStarted(state.score.team1, state.score.team2, mapNumber, matchId));
    } else {
      // Quirk: sent at the overtime half, not when overtime begins (Appendix B.5).
      const overtimeNumber = (played - rules.maxRounds - overtimeHalf) / rules.overtimeMaxRounds + 1;
      await host.emit(payloads.overtimeStarted(overtimeNumber, mapNumber, matchId));
    }
    return true;
  }

  private settleDamageTiebreak(team1: string[], team2: string[]): void {
    const leader = this.context.script.damageLeader;
    if (leader === 'equal') {
      equaliseDamage(this.context.state.stats, team1, team2);
    } else if (leader) {
      const [winners, others] = leader === 'team1' ? [team1, team2] : [team2, team1];
      makeDamageLeader(this.context.state.stats, winners, others);
    }
  }

  private statsTeam(slot: TeamSlot): StatsTeam {
    const { state } = this.context;
    const players: JsonValue[] = state.connectedOf(slot).map((player) => ({
      steamid: player.steamid,
      name: player.name,
      stats: statsJson(state.stats.get(player.steamid) ?? emptyStats()),
    }));
    return { ...state.config[slot], seriesScore: 0, score: state.score[slot], players };
  }

  private async scriptedPause(round: number): Promise<void> {
    const scripted = this.context.script.pause;
    const pause = [scripted ?? []]
      .flat()
      .find((candidate) => candidate.beforeRound === round && !this.pausesDone.has(candidate));
    if (!pause) {
      return;
    }
    this.pausesDone.add(pause);
    const { pauses } = this.context;
    if (pause.by === 'admin') {
      await pauses.forcePause();
      await this.sleep(pause.seconds);
      await pauses.unpause();
      return;
    }
    await pauses.teamPause(pause.by);
    await this.sleep(pause.seconds);
    await pauses.requestUnpause(pause.by);
    await this.sleep(2);
    await pauses.unpause();
  }

  /** Scripted happenings after a round; true when the map was forfeited. */
  private async afterRound(round: number): Promise<boolean> {
    const { script, state, host } = this.context;
    await this.scriptedConnection(round);
    if (script.crash?.afterRound === round && this.context.mayCrash()) {
      host.crash();
      throw new FlowCancelled();
    }
    if (script.restore?.afterRound === round && this.once('restore')) {
      this.restore(script.restore.toRound);
      await this.sleep(30);
      await this.context.pauses.unpause();
    }
    if (script.forfeit?.afterRound === round && this.once('forfeit')) {
      const loser = script.forfeit.loser;
      state.score[loser] = 0;
      state.score[otherSlot(loser)] = 16;
      return true;
    }
    return false;
  }

  private async scriptedConnection(round: number): Promise<void> {
    const { script, state, host } = this.context;
    const disconnect = script.disconnect;
    if (!disconnect) {
      return;
    }
    const player =
      state.players.find((candidate) => candidate.steamid === disconnect.steamid) ??
      state.playersOf('team2')[0];
    if (!player) {
      return;
    }
    if (disconnect.afterRound === round && this.once('disconnect')) {
      player.connected = false;
      await host.emit(
        payloads.playerConnection('player_disconnect', state.playerInfo(player), state.matchId),
      );
      host.reportChanged();
      this.reconnectAfterRound = disconnect.reconnectAfterRounds
        ? round + disconnect.reconnectAfterRounds
        : 0;
    } else if (this.reconnectAfterRound === round && !player.connected) {
      player.connected = true;
      player.ready = true;
      player.connectedAt = host.clock.unixNow();
      const info = { ...state.playerInfo(player), team: 'none' };
      await host.emit(payloads.playerConnection('player_connect', info, state.matchId));
      host.reportChanged();
    }
  }

  private once(key: keyof MapScript): boolean {
    if (this.scriptedDone.has(key)) {
      return false;
    }
    this.scriptedDone.add(key);
    return true;
  }

  private sleep(gameSeconds: number): Promise<void> {
    return this.context.host.clock.sleep(gameSeconds, this.context.signal);
  }
}
