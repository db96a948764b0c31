import type { MatchConfig } from './match-config.js';
import type { TeamSlot } from './match-script.js';
import type { MatchState } from './match-state.js';

/** When a loaded match may go live from warmup (PROTOCOL.md 4.4). */
export class ReadyGate {
  constructor(
    private readonly state: MatchState,
    /** The global `minimum_ready_required`, used when the config has no `min_players_to_ready`. */
    private readonly globalMinReady: number,
  ) {}

  /**
   * Whether a side passes the ready check (MatchZy-Enhanced 1.4.21 src/ReadySystem.cs IsTeamReady):
   * fewer present than `players_per_team` never; then everyone present (`min_players_to_ready` 0) or
   * at least that many ready. Each team plays one side during warmup.
   */
  sideReady(slot: TeamSlot): boolean {
    const { state } = this;
    const present = state.connectedOf(slot).length;
    const ready = state.readyCount(slot);
    const minReady = state.config.minPlayersToReady ?? this.globalMinReady;
    if (present === 0 || present < state.config.playersPerTeam) {
      return false;
    }
    return minReady <= 0 ? ready === present : ready >= minReady;
  }

  /**
   * The go-live gate (1.4.21 src/Utility.cs CheckLiveRequired, AreAllConfiguredPlayersConnectedAndOnCorrectTeams):
   * every listed player connected (not checked in simulation, where bots stand in), both sides ready,
   * and spectators ready when `min_spectators_to_ready` asks for some (the fake's never type ready).
   */
  liveRequired(): boolean {
    const { config, players } = this.state;
    const everyoneHere =
      config.simulationTimescale !== undefined || players.every((player) => player.connected);
    return (
      everyoneHere && this.sideReady('team1') && this.sideReady('team2') && config.minSpectatorsToReady <= 0
    );
  }
}

/**
 * Whether someone on no roster may stay (1.4.21 src/EventHandlers.cs EventPlayerConnectFullHandler,
 * src/MatchManagement.cs GetPlayerTeam): a listed spectator or a per-match admin; anyone else is kicked.
 */
export function admitsVisitor(config: MatchConfig, steamid: string): boolean {
  return config.spectators.some((player) => player.steamid === steamid) || config.admins.includes(steamid);
}
