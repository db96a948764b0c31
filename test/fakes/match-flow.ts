import { payloads } from './event-payloads.js';
import type { Winner } from './event-payloads.js';
import { consoleReply } from './flavours.js';
import type { FlowHost } from './flow-host.js';
import { FlowCancelled, settledOrCancelled, untilCancelled } from './game-clock.js';
import type { MatchConfig } from './match-config.js';
import { DEFAULT_PACE, planRounds, seededRandom } from './match-script.js';
import type { MapScript, MatchScript, Pace, Random, RoundRules, TeamSlot } from './match-script.js';
import { knifeOrSides } from './knife-round.js';
import { MatchState } from './match-state.js';
import type { PlayerState } from './match-state.js';
import { MapRounds } from './map-rounds.js';
import { applyLiveRules, goLiveFromBackup, startDemoRecording } from './go-live.js';
import type { RoundBackupFile } from './round-backup.js';
import { admitsVisitor, ReadyGate } from './ready-gate.js';
import { PauseControl } from './pause-control.js';
import { mapEndTiming, mapResultWinner, mapTaker, seriesDecision, stopAndUploadDemo } from './map-end.js';
import type { MapEndTiming } from './map-end.js';

/**
 * Plays a loaded match to its end on the server's clock: warmup and ready, knife, live rounds, map
 * results, demos, the between-map postgame and the series end (PROTOCOL.md 8.5).
 */
export class MatchFlow {
  readonly state: MatchState;
  readonly pauses: PauseControl;
  private readonly controller = new AbortController();
  private readyInterrupt = new AbortController();
  /** `css_start` may come before the warmup flow has begun. */
  private forceStartRequested = false;
  private rounds: MapRounds | null = null;
  /** A backup loaded in warmup: it replaces knife and going live once the players are ready. */
  private pendingRestore: RoundBackupFile | null = null;
  private readonly random: Random;
  private readonly pace: Pace;

  constructor(
    private readonly host: FlowHost,
    config: MatchConfig,
    private readonly script: MatchScript,
    private readonly mayCrash: () => boolean,
  ) {
    this.state = new MatchState(config);
    this.pauses = new PauseControl(host, this.state);
    this.random = seededRandom((script.seed ?? 1) * 7919 + config.matchId);
    this.pace = { ...DEFAULT_PACE, ...script.pace };
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Plays the series; resolves when it ended or was cancelled. */
  run(): Promise<void> {
    return untilCancelled(() => this.playSeries());
  }

  /** Stops the match where it is (`css_endmatch`, a crash, the server stopping). */
  cancel(): void {
    this.controller.abort();
  }

  /**
   * `css_start`: skips the rest of the ready phase; refused once the match started (knife or live,
   * src/ConsoleCommands.cs OnStartCommand, 1.4.21 and 2.0.0). Its reply.
   */
  forceStart(): string {
    if (this.state.phase === 'warmup') {
      this.forceStartRequested = true;
      this.readyInterrupt.abort();
      return '';
    }
    return consoleReply(
      this.host.names,
      'Start command cannot be used if match is already started! If you want to unpause, please use .unpause',
    );
  }

  /**
   * `css_restore <rounds played>`; outside the live phase the plugin does nothing and says nothing
   * (MatchZy-Enhanced 1.4.21 src/BackupManagement.cs HandleRestoreCommand).
   */
  restore(argument: string): string {
    if (!this.rounds) {
      return '';
    }
    if (!/^\s*\+?\d+\s*$/.test(argument)) {
      return 'Invalid value for restore command. Please specify a valid non-negative number. Usage: !restore <round>';
    }
    return this.rounds.restore(Number(argument));
  }

  /**
   * A downloaded round backup (`loadbackup_url`). Refused in the halftime break and the postgame; in
   * warmup it waits for the ready players and then replaces knife and going live (1.4.21
   * src/BackupManagement.cs RestoreRoundBackup, src/Utility.cs HandleMatchStart); while live it is
   * restored at once. A file of another map changes to that map first (the players' reconnect after the
   * change is not modelled).
   */
  loadBackup(file: RoundBackupFile): string {
    const { state, host } = this;
    if (state.halftimeBreak) {
      return consoleReply(host.names, 'You cannot load a backup during halftime.');
    }
    if (state.phase === 'postgame') {
      return consoleReply(host.names, 'You cannot use this command after the game has ended.');
    }
    if (file.mapName !== '' && file.mapName !== state.mapName()) {
      host.changeToMatchMap(file.mapName);
    }
    if (state.phase === 'live' && this.rounds && file.mapNumber === state.mapNumber) {
      this.rounds.restoreFrom(file.round, file.backup, file.fileName);
      return '';
    }
    if (state.phase !== 'warmup') {
      // Knife or side choice: the restore waits like in warmup, for the next match start.
      host.log('warn', '[RestoreRoundBackup] restore pending until the match starts');
    }
    this.pendingRestore = file;
    return '';
  }

  private async playSeries(): Promise<void> {
    for (let mapNumber = 0; ; mapNumber += 1) {
      await this.warmup(this.script.maps?.[mapNumber] ?? {});
      const restore = this.pendingRestore;
      this.pendingRestore = null;
      if (restore) {
        mapNumber = restore.mapNumber;
      }
      const mapScript = this.script.maps?.[mapNumber] ?? {};
      const rules = restore
        ? await goLiveFromBackup(this.state, this.host, this.pauses, restore)
        : await this.goLiveAfterKnife(mapScript);
      this.rounds = new MapRounds({
        host: this.host,
        state: this.state,
        pauses: this.pauses,
        random: this.random,
        pace: this.pace,
        rules,
        plan: planRounds(mapScript, rules, this.random),
        script: mapScript,
        signal: this.signal,
        mayCrash: this.mayCrash,
        restoredFrom: restore?.round,
      });
      if (restore) {
        this.host.emitSoon(
          payloads.backupLoaded(restore.round, restore.fileName, this.state.mapNumber, this.state.matchId),
        );
      }
      await this.rounds.play();
      this.rounds = null;
      const timing = mapEndTiming(this.host, this.state);
      const seriesWinner = await this.mapResult(mapScript, timing);
      if (seriesWinner !== undefined) {
        await this.endSeries(seriesWinner, timing);
        return;
      }
      await this.sleep(timing.restartDelay - 4);
      this.state.startMap(mapNumber + 1);
      this.host.setStatus('warmup');
      await this.sleep(3);
      this.host.changeToMatchMap(this.state.mapName());
    }
  }

  /**
   * Players connect, then ready up until the plugin's gate lets the match go live; a gate that never
   * opens waits for an admin's `css_start`.
   */
  private async warmup(script: MapScript): Promise<void> {
    this.host.reportChanged();
    const absent = new Set(this.script.absent ?? []);
    const late = new Set(this.state.mapNumber === 0 ? (this.script.late?.steamids ?? []) : []);
    const arriving = this.arrivalOrder().filter((player) => !absent.has(player.steamid));
    const players = [
      ...arriving.filter((player) => !late.has(player.steamid)),
      ...arriving.filter((player) => late.has(player.steamid)),
    ];
    this.readyInterrupt = new AbortController();
    if (this.forceStartRequested) {
      this.readyInterrupt.abort();
    }
    const readyPhase = AbortSignal.any([this.signal, this.readyInterrupt.signal]);
    try {
      let waitedForLate = false;
      for (const player of players) {
        if (late.has(player.steamid) && !waitedForLate) {
          waitedForLate = true;
          await this.host.clock.sleep(this.script.late!.afterGameSeconds, readyPhase);
        }
        await this.host.clock.sleep(this.pace.playerConnect, readyPhase);
        await this.connect(player);
      }
      for (const visitor of this.state.mapNumber === 0 ? (this.script.visitors ?? []) : []) {
        await this.host.clock.sleep(this.pace.playerConnect, readyPhase);
        await this.admitVisitor(visitor);
      }
      await settledOrCancelled(this.script.readyWhen, readyPhase);
      for (const [index, player] of players.entries()) {
        await this.host.clock.sleep(this.pace.playerReady, readyPhase);
        await this.ready(player);
        if (index === 0 && script.unready) {
          await this.unready(player);
          players.push(player);
        } else if (this.readyGate().liveRequired()) {
          break;
        }
      }
      if (!this.readyGate().liveRequired()) {
        this.host.log('info', 'Warmup: the ready gate is closed; waiting for an admin to force the start.');
        await settledOrCancelled(new Promise(() => undefined), readyPhase);
      }
    } catch (error) {
      if (this.signal.aborted || !(error instanceof FlowCancelled)) {
        throw error;
      }
      // Force start: whoever was on the way joins now; nobody who stayed away.
      for (const player of players.filter((candidate) => !candidate.connected)) {
        await this.connect(player);
      }
    }
    this.forceStartRequested = false;
  }

  /** The global `minimum_ready_required` stands in when the config has no `min_players_to_ready`. */
  private readyGate(): ReadyGate {
    return new ReadyGate(
      this.state,
      this.host.convars.getNumber(`${this.host.names.prefix}minimum_ready_required`),
    );
  }

  /**
   * Someone on no roster connects (1.4.21 src/EventHandlers.cs EventPlayerConnectFullHandler): a listed
   * spectator or a per-match admin is let in, anyone else is kicked before any event is sent.
   */
  private async admitVisitor(visitor: { steamid: string; name: string }): Promise<void> {
    if (!admitsVisitor(this.state.config, visitor.steamid)) {
      this.host.log('info', `Kicking player ${visitor.name} - Not a player in this game.`);
      return;
    }
    const info = { ...visitor, team: 'none' };
    await this.host.emit(payloads.playerConnection('player_connect', info, this.state.matchId));
  }

  /** Players of both teams interleaved in a seeded order. */
  private arrivalOrder(): PlayerState[] {
    const players = [...this.state.players];
    for (let index = players.length - 1; index > 0; index -= 1) {
      const other = Math.floor(this.random() * (index + 1));
      [players[index], players[other]] = [players[other] as PlayerState, players[index] as PlayerState];
    }
    return players;
  }

  private async connect(player: PlayerState): Promise<void> {
    player.connected = true;
    player.connectedAt = this.host.clock.unixNow();
    const info = { ...this.state.playerInfo(player), team: 'none' };
    await this.host.emit(payloads.playerConnection('player_connect', info, this.state.matchId));
    this.host.reportChanged();
  }

  private async ready(player: PlayerState): Promise<void> {
    const { state } = this;
    player.ready = true;
    const counts = this.readyCounts();
    await this.host.emit(
      payloads.playerReadiness('player_ready', state.playerInfo(player), counts, state.matchId),
    );
    this.host.reportChanged();
    const complete = (['team1', 'team2'] as const).filter((slot) => this.readyGate().sideReady(slot));
    // Re-evaluated after every ready, so a ready team is reported again (PROTOCOL.md 2.4.4).
    for (const slot of complete) {
      const total = counts.team1 + counts.team2;
      await this.host.emit(
        payloads.teamReady(slot, state.readyCount(slot), total, counts.expected, state.matchId),
      );
    }
    if (complete.length === 2) {
      await this.host.emit(payloads.allPlayersReady(counts.team1, counts.team2, state.matchId));
    }
  }

  private async unready(player: PlayerState): Promise<void> {
    player.ready = false;
    const info = this.state.playerInfo(player);
    await this.host.emit(
      payloads.playerReadiness('player_unready', info, this.readyCounts(), this.state.matchId),
    );
    this.host.reportChanged();
  }

  private readyCounts(): { team1: number; team2: number; expected: number } {
    const { state } = this;
    return {
      team1: state.readyCount('team1'),
      team2: state.readyCount('team2'),
      expected: state.config.playersPerTeam * 2,
    };
  }

  private async goLiveAfterKnife(script: MapScript): Promise<RoundRules> {
    const { state, host, pace, random, signal } = this;
    await knifeOrSides({ state, host, script, pace, random, signal });
    return this.goLive();
  }

  private async goLive(): Promise<RoundRules> {
    const { state, host } = this;
    state.phase = 'going_live';
    const rules = applyLiveRules(state, host);
    if (!(await startDemoRecording(state, host))) {
      state.demoFile = '';
    }
    // warmup_ended again on knife maps: the plugin's skip flag was already cleared (Appendix B.4).
    await host.emit(payloads.mapPhase('warmup_ended', state.mapNumber, state.matchId));
    await host.emit(payloads.mapPhase('going_live', state.mapNumber, state.matchId));
    state.phase = 'live';
    host.setStatus(host.liveStatus);
    host.reportChanged();
    return rules;
  }

  /**
   * Scores the map, sends `map_result`, starts the demo's stop and upload, and decides the series:
   * the series winner (`none` for a drawn series), or `undefined` while it goes on.
   */
  private async mapResult(script: MapScript, timing: MapEndTiming): Promise<Winner['team'] | undefined> {
    const { state, host } = this;
    state.phase = 'postgame';
    host.setStatus('postgame');
    host.reportChanged();
    stopAndUploadDemo(host, state, script, timing);
    const mapWinner = mapTaker(state);
    if (mapWinner) {
      state.seriesScore[mapWinner] += 1;
    }
    const team = (slot: TeamSlot) => ({
      ...state.config[slot],
      seriesScore: state.seriesScore[slot],
      score: state.score[slot],
      players: [],
    });
    await host.emit(
      payloads.mapResult(
        mapResultWinner(state),
        team('team1'),
        team('team2'),
        state.mapNumber,
        state.matchId,
      ),
    );
    return seriesDecision(state);
  }

  private async endSeries(winnerTeam: Winner['team'], timing: MapEndTiming): Promise<void> {
    const { state, host } = this;
    const side = state.score.team1 > state.score.team2 && state.team1Side === 'CT' ? '3' : '2';
    // Two independent sends, ordered only by this delay: a map_result that failed is retried 30 s or
    // more later, after series_end (MatchZy-Enhanced 1.4.21 src/MatchManagement.cs EndSeries).
    const reset = host.armSeriesEndKick(timing.kickDelay);
    await this.sleep(2);
    const { team1, team2 } = state.seriesScore;
    await host.emit(payloads.seriesEnd({ side, team: winnerTeam }, team1, team2, state.matchId));
    await settledOrCancelled(reset, this.signal);
  }

  /** The end-of-series kick: everyone connected leaves (src/MatchManagement.cs EndSeries). */
  async kickEveryone(): Promise<void> {
    const { state, host } = this;
    for (const player of state.players.filter((candidate) => candidate.connected)) {
      player.connected = false;
      await host.emit(
        payloads.playerConnection('player_disconnect', state.playerInfo(player), state.matchId),
      );
    }
  }

  private sleep(gameSeconds: number): Promise<void> {
    return this.host.clock.sleep(gameSeconds, this.signal);
  }
}
