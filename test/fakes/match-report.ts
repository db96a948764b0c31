import { toDotnetJson } from './dotnet-json.js';
import type { JsonObject } from './dotnet-json.js';
import { untilCancelled } from './game-clock.js';
import type { GameClock } from './game-clock.js';
import { isSuccess, sendRequest } from './http-out.js';
import type { TeamSlot } from './match-script.js';
import type { MatchState, PlayerState } from './match-state.js';

/** What the report is built from (PROTOCOL.md 3.2). */
export interface ReportSource {
  serverId: string;
  state: MatchState | null;
  matchId: number;
  tournamentStatus: string;
  tournamentMatch: string;
  tournamentUpdated: number;
  loadedConfig: string;
  remoteLogUrl: string;
  moduleVersion: string;
  minimumReadyRequired: number;
}

/** The plugin stamps its build time here, not a heartbeat. */
const BUILD_TIME = 1779120000;

export function buildReport(source: ReportSource): JsonObject {
  const { state } = source;
  const slug =
    source.tournamentMatch || source.loadedConfig || (state ? `match-${source.matchId}` : 'unassigned');
  const connected = state ? state.players.filter((player) => player.connected) : [];
  const live = state !== null && state.phase !== 'warmup';
  const entry = (player: PlayerState): JsonObject => playerEntry(state as MatchState, player, live);
  return {
    serverId: source.serverId,
    matchSlug: source.tournamentMatch || undefined,
    report: {
      match: {
        matchId: source.matchId,
        slug,
        phase: reportPhase(state),
        map: state
          ? {
              name: state.mapName(),
              index: state.mapNumber,
              number: state.mapNumber + 1,
              total: state.config.numMaps,
              round: state.roundsPlayed,
            }
          : undefined,
        score: {
          team1: state?.score.team1 ?? 0,
          team2: state?.score.team2 ?? 0,
          series: { team1: state?.seriesScore.team1 ?? 0, team2: state?.seriesScore.team2 ?? 0 },
        },
        simulated: false,
        paused: state?.pause !== null && state?.pause !== undefined,
        pauseRequestedBy: state?.pause?.requestedBy ?? '',
        pauseTeamSlot: state?.pause?.slot ?? '',
        ready: {
          readySystemActive: state?.phase === 'warmup',
          readyPlayers: connected.filter((player) => live || player.ready).length,
          trackingPlayers: connected.length,
          minimumRequired: source.minimumReadyRequired,
        },
        connectedPlayers: connected.length,
      },
      teams: state ? { team1: teamEntry(state, 'team1', live), team2: teamEntry(state, 'team2', live) } : {},
      spectators: {
        connected: [],
        configured: (state?.config.spectators ?? []).map((player) => ({
          steamId: player.steamid,
          name: player.name,
        })),
      },
      connections: connected.map(entry),
      server: {
        matchSlug: slug,
        matchId: source.matchId,
        lastHeartbeat: BUILD_TIME,
        moduleVersion: source.moduleVersion,
        tournamentStatus: source.tournamentStatus,
        tournamentMatch: source.tournamentMatch,
        tournamentUpdated: source.tournamentUpdated,
        loadedConfig: source.loadedConfig || undefined,
        remoteLogUrl: source.remoteLogUrl || undefined,
      },
    },
  };
}

/** Checked in the plugin's priority order. */
function reportPhase(state: MatchState | null): string {
  if (!state) {
    return 'idle';
  }
  if (state.pause?.requestedBy === 'RoundRestore') {
    return 'round_restore';
  }
  if (state.pause) {
    return 'paused';
  }
  return state.phase;
}

function teamEntry(state: MatchState, slot: TeamSlot, live: boolean): JsonObject {
  const connected = state.connectedOf(slot);
  return {
    id: state.config[slot].id,
    name: state.teamName(slot),
    side: state.sideOf(slot) === 'CT' ? 'ct' : 'terrorist',
    seriesScore: state.seriesScore[slot],
    currentMapScore: state.score[slot],
    connectedCount: connected.length,
    readyCount: live ? connected.length : state.readyCount(slot),
    expectedPlayers: state.config.playersPerTeam,
    players: connected.map((player) => playerEntry(state, player, live)),
    roster: state.playersOf(slot).map((player) => ({ steamId: player.steamid, name: player.name })),
  };
}

function playerEntry(state: MatchState, player: PlayerState, live: boolean): JsonObject {
  return {
    steamId: player.steamid,
    name: player.name,
    slot: player.slot,
    teamSide: state.sideOf(player.slot) === 'CT' ? 'ct' : 'terrorist',
    // Players who join after the ready phase are recorded as ready.
    ready: live || player.ready,
    connectedAt: player.connectedAt,
    connected: player.connected,
    coach: false,
  };
}

export interface ReportTarget {
  endpoint: string;
  serverId: string;
  token: string;
}

export interface ReportAttempt {
  url: string;
  headers: Record<string, string>;
  body: string;
  outcome: number | 'error';
  accepted: boolean;
}

export interface ReportUploaderDeps {
  clock: GameClock;
  /** Lower-case token header: `x-plugin-token`. */
  tokenHeader: string;
  onAttempt: (attempt: ReportAttempt) => void;
}

const ATTEMPTS = 3;
const AUTO_UPLOAD_WAIT_SECONDS = 0.5;

/** Pushes reports: at most one automatic upload in flight, triggers during it are dropped. */
export class ReportUploader {
  private inFlight: Promise<void> | null = null;

  constructor(private readonly deps: ReportUploaderDeps) {}

  /** An automatic upload of a snapshot taken now. */
  trigger(target: ReportTarget, report: JsonObject, signal: AbortSignal): void {
    if (!target.endpoint || !target.serverId || this.inFlight) {
      return;
    }
    this.inFlight = untilCancelled(async () => {
      await this.deps.clock.sleep(AUTO_UPLOAD_WAIT_SECONDS, signal);
      await this.upload(target, report, signal);
    }).finally(() => {
      this.inFlight = null;
    });
  }

  /** Tries three times (2 s, then 4 s apart); true once the receiver accepted it. */
  async upload(target: ReportTarget, report: JsonObject, signal: AbortSignal): Promise<boolean> {
    const body = toDotnetJson(report, true);
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
    if (target.token) {
      headers[this.deps.tokenHeader] = target.token;
    }
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      let outcome: number | 'error' = 'error';
      let accepted = false;
      try {
        const request = { method: 'POST', url: target.endpoint, headers, body, signal } as const;
        const response = await sendRequest(request);
        outcome = response.status;
        accepted = isSuccess(response.status) && reportAccepted(response.body);
      } catch {
        // A connection error counts as a failed attempt.
      }
      this.deps.onAttempt({ url: target.endpoint, headers, body, outcome, accepted });
      if (accepted) {
        return true;
      }
      if (attempt < ATTEMPTS) {
        await this.deps.clock.sleep(2 * attempt, signal);
      }
    }
    return false;
  }

  async settled(): Promise<void> {
    await this.inFlight;
  }
}

/** An empty body, or JSON with `success: true`; `{"success": false}` is a failure. */
function reportAccepted(body: string): boolean {
  if (body.trim() === '') {
    return true;
  }
  try {
    return (JSON.parse(body) as { success?: unknown }).success === true;
  } catch {
    return false;
  }
}
