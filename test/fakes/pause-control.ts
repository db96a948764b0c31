import { payloads } from './event-payloads.js';
import type { PlayerInfo } from './event-payloads.js';
import { consoleReply } from './flavours.js';
import type { FlowHost } from './flow-host.js';
import { FlowCancelled } from './game-clock.js';
import type { TeamSlot } from './match-script.js';
import type { MatchState } from './match-state.js';

const CONSOLE_ADMIN: PlayerInfo = { steamid: 'Console', name: 'Admin', team: 'Admin' };

/**
 * Pauses of a loaded match (PROTOCOL.md 2.4.13-2.4.15). A pause takes hold at the next round start,
 * as the game pauses in freeze time. `pause_time` is the Unix second of the pause
 * (MatchZy-Enhanced 1.4.21 src/Utility.cs): it names the pause, so a retry keeps it and a new pause,
 * seconds of game later, has another.
 */
export class PauseControl {
  private waiters: Array<() => void> = [];

  constructor(
    private readonly host: FlowHost,
    private readonly state: MatchState,
  ) {}

  private get paused(): boolean {
    return this.state.pause !== null;
  }

  private get started(): boolean {
    return ['knife', 'knife_decision', 'going_live', 'live'].includes(this.state.phase);
  }

  /**
   * `css_forcepause` (src/Utility.cs ForcePauseMatch, 1.4.21 and 2.0.0): silent before the match
   * started (warmup, between maps once the next map is on its way); a console line refusing it when
   * paused live, at halftime or once the map has ended; else `match_paused` as Console/Admin. Its
   * reply. Tactical timeouts are not modelled.
   */
  async forcePause(): Promise<string> {
    const { phase } = this.state;
    // matchStarted stays true until the next map is changed to (src/Utility.cs, map end).
    if (!this.started && phase !== 'postgame') {
      return '';
    }
    const refused = (text: string): string => consoleReply(this.host.names, text);
    if (this.paused && phase === 'live') {
      return refused('Match is already paused!');
    }
    if (this.state.halftimeBreak) {
      return refused('You cannot use this command during halftime.');
    }
    if (phase === 'postgame') {
      return refused('You cannot use this command after the game has ended.');
    }
    this.begin('admin', 'Admin', false);
    await this.host.emit(
      payloads.matchPaused(
        CONSOLE_ADMIN,
        true,
        this.host.clock.gameUnixNow(),
        this.state.mapNumber,
        this.state.matchId,
      ),
    );
    return '';
  }

  /** `css_pause` from the console pauses without any event (Appendix B.14). */
  consolePause(): void {
    if (this.started && !this.paused) {
      this.begin('admin', 'Admin', true);
    }
  }

  /** A player of the team types `.pause`. */
  async teamPause(slot: TeamSlot): Promise<void> {
    const player = this.state.connectedOf(slot)[0];
    if (!this.started || this.paused || !player) {
      return;
    }
    this.begin(slot, this.state.teamName(slot), false);
    const info = this.state.playerInfo(player);
    await this.host.emit(
      payloads.matchPaused(
        info,
        false,
        this.host.clock.gameUnixNow(),
        this.state.mapNumber,
        this.state.matchId,
      ),
    );
  }

  /** The pausing team types `.unpause`; the other team is still needed when both must agree. */
  async requestUnpause(slot: TeamSlot): Promise<void> {
    const bothNeeded = this.host.convars.getBool(`${this.host.names.prefix}both_teams_unpause_required`);
    if (this.paused && bothNeeded) {
      await this.host.emit(payloads.unpauseRequested(slot, this.state.mapNumber, this.state.matchId));
    }
  }

  /**
   * The pause left after a backup restore: no event, status unchanged, and no pause start time, so its
   * `match_unpaused` says 0 seconds: every restore's unpause is byte-identical
   * (MatchZy-Enhanced 1.4.21 src/BackupManagement.cs RestoreRoundBackup sets isPaused without
   * SetMatchPausedFlags; src/Utility.cs UnpauseMatch counts from pauseStartTime only when set).
   */
  restorePause(): void {
    if (!this.paused) {
      this.state.pause = { slot: 'admin', requestedBy: 'RoundRestore', startedAt: null, silent: true };
    }
  }

  /** `css_forceunpause`, or the last team agreeing: sends `match_unpaused` with the duration. */
  async unpause(): Promise<void> {
    const pause = this.state.pause;
    if (!pause) {
      return;
    }
    this.state.pause = null;
    this.host.setStatus(this.host.liveStatus);
    this.host.reportChanged();
    for (const wake of this.waiters.splice(0)) {
      wake();
    }
    // Whole seconds since the pause began (src/Utility.cs UnpauseMatch): equal pauses, equal bytes.
    const duration =
      pause.startedAt === null ? 0 : Math.round(this.host.clock.gameSeconds() - pause.startedAt);
    await this.host.emit(payloads.matchUnpaused(duration, this.state.mapNumber, this.state.matchId));
  }

  /** Resolves once the match is not paused. */
  async whilePaused(signal: AbortSignal): Promise<void> {
    while (this.paused) {
      await new Promise<void>((resolve, reject) => {
        if (signal.aborted) {
          reject(new FlowCancelled());
          return;
        }
        signal.addEventListener('abort', () => reject(new FlowCancelled()), { once: true });
        this.waiters.push(resolve);
      });
    }
  }

  private begin(slot: TeamSlot | 'admin', requestedBy: string, silent: boolean): void {
    this.state.pause = { slot, requestedBy, startedAt: this.host.clock.gameSeconds(), silent };
    this.host.setStatus('paused');
    this.host.reportChanged();
  }
}
