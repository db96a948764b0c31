import type { JsonObject, JsonValue } from './dotnet-json.js';

/**
 * Event payloads with the plugin's key order (PROTOCOL.md 2.4): the event's own keys first, then
 * `map_number`, `matchid` and `event` from the base classes. Field names and vocabularies are the
 * plugin's, quirks included.
 */

export interface PlayerInfo {
  steamid: string;
  name: string;
  /** Display name of the player's side, `"none"`, or `"Admin"` for a console pause. */
  team: string;
}

export interface Winner {
  /** `"2"` (T) or `"3"` (CT). */
  side: '2' | '3';
  team: 'team1' | 'team2' | 'none';
}

export interface TeamRef {
  id: string;
  name: string;
}

export interface StatsTeam extends TeamRef {
  seriesScore: number;
  score: number;
  players: JsonValue[];
}

const matchScoped = (event: string, matchId: number): JsonObject => ({ matchid: matchId, event });
const mapScoped = (event: string, mapNumber: number, matchId: number): JsonObject => ({
  map_number: mapNumber,
  ...matchScoped(event, matchId),
});

const playerJson = (player: PlayerInfo): JsonObject => ({
  steamid: player.steamid,
  name: player.name,
  team: player.team,
});
const winnerJson = (winner: Winner): JsonObject => ({ side: winner.side, team: winner.team });
const teamRefJson = (team: TeamRef): JsonObject => ({ id: team.id, name: team.name });
const statsTeamJson = (team: StatsTeam): JsonObject => ({
  series_score: team.seriesScore,
  score: team.score,
  score_ct: 0,
  score_t: 0,
  players: team.players,
  id: team.id,
  name: team.name,
});

export const payloads = {
  seriesStart: (team1: TeamRef, team2: TeamRef, numMaps: number, matchId: number): JsonObject => ({
    team1: teamRefJson(team1),
    team2: teamRefJson(team2),
    num_maps: numMaps,
    ...matchScoped('series_start', matchId),
  }),

  playerConnection: (
    event: 'player_connect' | 'player_disconnect',
    player: PlayerInfo,
    matchId: number,
  ): JsonObject => ({
    player: playerJson(player),
    ...matchScoped(event, matchId),
  }),

  playerReadiness: (
    event: 'player_ready' | 'player_unready',
    player: PlayerInfo,
    counts: { team1: number; team2: number; expected: number },
    matchId: number,
  ): JsonObject => ({
    player: playerJson(player),
    team: player.team,
    ready_count_team1: counts.team1,
    ready_count_team2: counts.team2,
    total_ready: counts.team1 + counts.team2,
    expected_total: counts.expected,
    ...matchScoped(event, matchId),
  }),

  teamReady: (
    team: 'team1' | 'team2',
    readyCount: number,
    totalReady: number,
    expected: number,
    matchId: number,
  ) => ({
    team,
    ready_count: readyCount,
    total_ready: totalReady,
    expected_total: expected,
    ...matchScoped('team_ready', matchId),
  }),

  allPlayersReady: (team1: number, team2: number, matchId: number): JsonObject => ({
    ready_count_team1: team1,
    ready_count_team2: team2,
    total_ready: team1 + team2,
    countdown_started: true,
    ...matchScoped('all_players_ready', matchId),
  }),

  /** `warmup_ended`, `knife_round_started`, `going_live`: scope keys only. */
  mapPhase: (
    event: 'warmup_ended' | 'knife_round_started' | 'going_live',
    mapNumber: number,
    matchId: number,
  ) => mapScoped(event, mapNumber, matchId),

  knifeRoundEnded: (winner: 'team1' | 'team2', mapNumber: number, matchId: number): JsonObject => ({
    winner,
    ...mapScoped('knife_round_ended', mapNumber, matchId),
  }),

  demoRecording: (
    event: 'demo_recording_start' | 'demo_recording_stop',
    filename: string,
    mapNumber: number,
    matchId: number,
  ): JsonObject => ({ filename, ...mapScoped(event, mapNumber, matchId) }),

  roundStarted: (team1Score: number, team2Score: number, mapNumber: number, matchId: number): JsonObject => ({
    team1_score: team1Score,
    team2_score: team2Score,
    round_number: team1Score + team2Score + 1,
    ...mapScoped('round_started', mapNumber, matchId),
  }),

  roundEnd: (
    reason: number,
    winner: Winner,
    team1: StatsTeam,
    team2: StatsTeam,
    mapNumber: number,
    matchId: number,
  ) => ({
    reason,
    winner: winnerJson(winner),
    team1: statsTeamJson(team1),
    team2: statsTeamJson(team2),
    round_time: 0,
    round_number: team1.score + team2.score,
    ...mapScoped('round_end', mapNumber, matchId),
  }),

  sideSwap: (
    team1Side: 'CT' | 'TERRORIST',
    team2Side: 'CT' | 'TERRORIST',
    mapNumber: number,
    matchId: number,
  ) => ({
    team1_side: team1Side,
    team2_side: team2Side,
    ...mapScoped('side_swap', mapNumber, matchId),
  }),

  halftimeStarted: (
    team1Score: number,
    team2Score: number,
    mapNumber: number,
    matchId: number,
  ): JsonObject => ({
    team1_score: team1Score,
    team2_score: team2Score,
    ...mapScoped('halftime_started', mapNumber, matchId),
  }),

  overtimeStarted: (overtimeNumber: number, mapNumber: number, matchId: number): JsonObject => ({
    overtime_number: overtimeNumber,
    ...mapScoped('overtime_started', mapNumber, matchId),
  }),

  matchPaused: (
    pausedBy: PlayerInfo,
    isAdmin: boolean,
    pauseTime: number,
    mapNumber: number,
    matchId: number,
  ) => ({
    paused_by: playerJson(pausedBy),
    is_tactical: false,
    is_admin: isAdmin,
    pause_time: pauseTime,
    ...mapScoped('match_paused', mapNumber, matchId),
  }),

  unpauseRequested: (team: 'team1' | 'team2', mapNumber: number, matchId: number): JsonObject => ({
    team,
    teams_ready: 1,
    teams_needed: 2,
    ...mapScoped('unpause_requested', mapNumber, matchId),
  }),

  matchUnpaused: (pauseDuration: number, mapNumber: number, matchId: number): JsonObject => ({
    pause_duration: pauseDuration,
    ...mapScoped('match_unpaused', mapNumber, matchId),
  }),

  backupLoaded: (roundNumber: number, filename: string, mapNumber: number, matchId: number): JsonObject => ({
    round_number: roundNumber,
    filename,
    ...mapScoped('backup_loaded', mapNumber, matchId),
  }),

  mapResult: (winner: Winner, team1: StatsTeam, team2: StatsTeam, mapNumber: number, matchId: number) => ({
    winner: winnerJson(winner),
    team1: statsTeamJson(team1),
    team2: statsTeamJson(team2),
    ...mapScoped('map_result', mapNumber, matchId),
  }),

  demoUploadStart: (filename: string, sizeMb: number, mapNumber: number, matchId: number): JsonObject => ({
    filename,
    size_mb: sizeMb,
    ...mapScoped('demo_upload_start', mapNumber, matchId),
  }),

  demoUploadSuccess: (
    filename: string,
    sizeMb: number,
    status: string,
    mapNumber: number,
    matchId: number,
  ) => ({
    filename,
    size_mb: sizeMb,
    status,
    ...mapScoped('demo_upload_success', mapNumber, matchId),
  }),

  demoUploadFail: (
    filename: string,
    sizeMb: number | null,
    status: string,
    reason: string,
    mapNumber: number,
    matchId: number,
  ): JsonObject => ({
    filename,
    size_mb: sizeMb,
    status,
    reason,
    ...mapScoped('demo_upload_fail', mapNumber, matchId),
  }),

  /** Declares its own `map_number` first, so the order differs from the other demo events. */
  demoUploadEnded: (filename: string, success: boolean, mapNumber: number, matchId: number): JsonObject => ({
    map_number: mapNumber,
    filename,
    success,
    ...matchScoped('demo_upload_ended', matchId),
  }),

  seriesEnd: (
    winner: Winner,
    team1SeriesScore: number,
    team2SeriesScore: number,
    matchId: number,
  ): JsonObject => ({
    time_until_restore: 10,
    winner: winnerJson(winner),
    team1_series_score: team1SeriesScore,
    team2_series_score: team2SeriesScore,
    ...matchScoped('series_end', matchId),
  }),

  testEvent: (timestamp: number, serverId: string, matchSlug: string, matchId: number): JsonObject => ({
    message: 'This is a test event from MatchZy',
    timestamp,
    triggered_by: 'Console',
    server_id: serverId,
    match_slug: matchSlug,
    ...matchScoped('test_event', matchId),
  }),

  serverConfigured: (
    server: { serverId: string; hostname: string; pluginVersion: string; remoteLogUrl: string },
    timestamp: number,
    configuredBy: 'Console' | 'Startup',
  ): JsonObject => ({
    server_id: server.serverId,
    hostname: server.hostname,
    plugin_version: server.pluginVersion,
    remote_log_url: server.remoteLogUrl,
    timestamp,
    configured_by: configuredBy,
    event: 'server_configured',
  }),

  serverHealth: (
    server: { serverId: string; pluginVersion: string },
    timestamp: number,
    database: { ok: boolean; type: 'sqlite' | 'mysql'; error: string | null },
    reason: 'startup' | 'change' | 'periodic',
  ): JsonObject => ({
    server_id: server.serverId,
    plugin_version: server.pluginVersion,
    timestamp,
    db_ok: database.ok,
    db_type: database.type,
    db_error: database.error,
    reason,
    event: 'server_health',
  }),

  cs2UpdateRequired: (
    serverId: string,
    requiredVersion: number,
    phase: 'available' | 'shutdown',
    timestamp: number,
  ) => ({
    server_id: serverId,
    required_version: requiredVersion,
    phase,
    timestamp,
    ...matchScoped('cs2_update_required', -1),
  }),
};
