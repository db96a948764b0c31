import type { PlayerInfo } from './event-payloads.js';
import type { ConfigPlayer, MatchConfig } from './match-config.js';
import type { TeamSlot } from './match-script.js';
import { cloneStats } from './player-stats.js';
import type { MapStats } from './player-stats.js';

export type Side = 'CT' | 'TERRORIST';

/** Internal phase of a loaded match; the report's `phase` and `get5_status` derive from it. */
export type MatchPhase = 'warmup' | 'knife' | 'knife_decision' | 'going_live' | 'live' | 'postgame';

export interface PlayerState {
  steamid: string;
  name: string;
  slot: TeamSlot;
  connected: boolean;
  ready: boolean;
  /** Unix seconds of the last connect. */
  connectedAt: number;
}

export interface PauseState {
  /** `admin` for console pauses, else the pausing team. */
  slot: TeamSlot | 'admin';
  /** `Admin`, a team display name, or `RoundRestore` for the pause after a backup restore. */
  requestedBy: string;
  /** Game seconds at the pause; null for the pause a restore leaves (the plugin sets no start time). */
  startedAt: number | null;
  /** A console `css_pause`: paused without `match_paused`. */
  silent: boolean;
}

/** State at the start of a round, as the plugin's round backup file holds it. */
export interface RoundBackup {
  score: Record<TeamSlot, number>;
  team1Side: Side;
  stats: MapStats;
}

/** Everything the plugin knows about the loaded match. */
export class MatchState {
  mapNumber = 0;
  phase: MatchPhase = 'warmup';
  score: Record<TeamSlot, number> = { team1: 0, team2: 0 };
  /**
   * Every load starts the series at 0-0, on both plugins: no config field sets it (1.4.21 src/Teams.cs
   * `seriesScore = 0`, src/MatchManagement.cs LoadMatchFromJSON reads none; 2.0.0 src/Teams.cs, src/MatchConfig.cs).
   */
  seriesScore: Record<TeamSlot, number> = { team1: 0, team2: 0 };
  team1Side: Side = 'CT';
  stats: MapStats = new Map();
  backups = new Map<number, RoundBackup>();
  pause: PauseState | null = null;
  /** The game's halftime phase: the break after a side swap (GetGamePhase() == 4, src/Utility.cs). */
  halftimeBreak = false;
  demoFile = '';
  /** Recording started on a map GOTV had not joined: the demo file never appears. */
  demoMissing = false;
  readonly players: PlayerState[];

  constructor(readonly config: MatchConfig) {
    this.players = [
      ...rosterOf(config, 'team1').map((player) => newPlayer(player, 'team1')),
      ...rosterOf(config, 'team2').map((player) => newPlayer(player, 'team2')),
    ];
  }

  get matchId(): number {
    return this.config.matchId;
  }

  get roundsPlayed(): number {
    return this.score.team1 + this.score.team2;
  }

  mapName(): string {
    return this.config.maps[this.mapNumber] ?? '';
  }

  teamName(slot: TeamSlot): string {
    return this.config[slot].name;
  }

  sideOf(slot: TeamSlot): Side {
    const team1 = this.team1Side;
    return slot === 'team1' ? team1 : team1 === 'CT' ? 'TERRORIST' : 'CT';
  }

  slotOn(side: Side): TeamSlot {
    return this.sideOf('team1') === side ? 'team1' : 'team2';
  }

  swapSides(): void {
    this.team1Side = this.sideOf('team2');
  }

  playersOf(slot: TeamSlot): PlayerState[] {
    return this.players.filter((player) => player.slot === slot);
  }

  connectedOf(slot: TeamSlot): PlayerState[] {
    return this.playersOf(slot).filter((player) => player.connected);
  }

  readyCount(slot: TeamSlot): number {
    return this.playersOf(slot).filter((player) => player.connected && player.ready).length;
  }

  /** In player events `team` is the display name of the player's side. */
  playerInfo(player: PlayerState): PlayerInfo {
    return { steamid: player.steamid, name: player.name, team: this.teamName(player.slot) };
  }

  leader(): TeamSlot {
    return this.score.team1 > this.score.team2 ? 'team1' : 'team2';
  }

  backup(): RoundBackup {
    return { score: { ...this.score }, team1Side: this.team1Side, stats: cloneStats(this.stats) };
  }

  startMap(mapNumber: number): void {
    this.mapNumber = mapNumber;
    this.phase = 'warmup';
    this.score = { team1: 0, team2: 0 };
    this.stats = new Map();
    this.backups.clear();
    this.pause = null;
    this.team1Side = 'CT';
    for (const player of this.players) {
      player.connected = false;
      player.ready = false;
    }
  }
}

/**
 * The configured players, or stand-ins when the config lists none (`players: {}` is valid and real
 * people would still join).
 */
function rosterOf(config: MatchConfig, slot: TeamSlot): ConfigPlayer[] {
  const configured = config[slot].players;
  if (configured.length > 0) {
    return configured;
  }
  const base = slot === 'team1' ? 76561197000000100n : 76561197000000200n;
  return Array.from({ length: config.playersPerTeam }, (_unused, index) => ({
    steamid: String(base + BigInt(index + 1)),
    name: `${config[slot].name || slot}_player${index + 1}`,
  }));
}

function newPlayer(player: ConfigPlayer, slot: TeamSlot): PlayerState {
  return { steamid: player.steamid, name: player.name, slot, connected: false, ready: false, connectedAt: 0 };
}
