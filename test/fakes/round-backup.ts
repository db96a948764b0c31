import { toDotnetJson } from './dotnet-json.js';
import type { FlavourNames } from './flavours.js';
import type { MatchState, RoundBackup, Side } from './match-state.js';
import type { TeamSlot } from './match-script.js';
import type { MapStats, PlayerStats } from './player-stats.js';

/**
 * The plugin's round backup file (sivert-io/MatchZy-Enhanced 1.4.21 src/BackupManagement.cs
 * CreateMatchZyRoundDataBackup; Auto-Tournament/MatchZy-Enhanced 2.x the same file): a flat JSON object of
 * strings, written indented by System.Text.Json, named `<prefix><matchid>_<map>_round<NN>.json` by the
 * rounds played at the round start. `valve_backup` holds the engine's round backup; the fake writes its
 * own state there (score, sides and player figures, which the engine's file carries).
 */
export interface RoundBackupFile {
  /** The name the plugin saved the download under (`backup_loaded` carries it). */
  fileName: string;
  matchId: number;
  mapNumber: number;
  mapName: string;
  round: number;
  backup: RoundBackup;
  seriesScore: Record<TeamSlot, number>;
}

export const roundBackupFileName = (names: FlavourNames, matchId: number, mapNumber: number, round: number) =>
  `${names.prefix}${matchId}_${mapNumber}_round${String(round).padStart(2, '0')}.json`;

/** The file's text, as the plugin writes it at a round start. */
export function writeRoundBackup(state: MatchState, mapName: string, at: Date): string {
  const round = String(state.roundsPlayed).padStart(2, '0');
  const two = (value: number) => String(value).padStart(2, '0');
  const timestamp = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())} ${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
  const team = (slot: TeamSlot) => state.config[slot];
  // Newtonsoft's compact JSON of the plugin's MatchConfig / Team (GetMatchConfig, GetTeamConfig).
  const matchConfig = JSON.stringify({
    MatchId: state.matchId,
    CurrentMapNumber: state.mapNumber,
    Maplist: state.config.maps,
    NumMaps: state.config.numMaps,
  });
  const valveBackup = JSON.stringify({
    score: state.score,
    team1Side: state.team1Side,
    stats: [...state.stats],
  });
  return toDotnetJson(
    {
      matchid: String(state.matchId),
      timestamp,
      map_name: mapName,
      mapnumber: String(state.mapNumber),
      round,
      team1: JSON.stringify({ id: team('team1').id, teamName: team('team1').name }),
      team2: JSON.stringify({ id: team('team2').id, teamName: team('team2').name }),
      team1_name: team('team1').name,
      team1_flag: '',
      team1_tag: '',
      team1_side: state.team1Side,
      team2_name: team('team2').name,
      team2_flag: '',
      team2_tag: '',
      team2_side: state.sideOf('team2'),
      team1_score: String(state.score.team1),
      team2_score: String(state.score.team2),
      team1_series_score: String(state.seriesScore.team1),
      team2_series_score: String(state.seriesScore.team2),
      TerroristTimeOuts: '1',
      CTTimeOuts: '1',
      match_loaded: 'True',
      match_config: matchConfig,
      valve_backup: valveBackup,
    },
    true,
  );
}

/**
 * Reads a downloaded file the way RestoreRoundBackup does: a dictionary of strings (anything else throws,
 * and the plugin logs the error and restores nothing).
 */
export function readRoundBackup(text: string, fileName: string): RoundBackupFile {
  const data = JSON.parse(text) as Record<string, unknown>;
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string') {
      throw new Error(`The JSON value could not be converted to System.String. Path: $.${key}`);
    }
  }
  const fields = data as Record<string, string>;
  const config = JSON.parse(fields.match_config ?? '{}') as { CurrentMapNumber?: number };
  const valve = JSON.parse(fields.valve_backup || '{}') as {
    score?: Record<TeamSlot, number>;
    team1Side?: Side;
    stats?: [string, PlayerStats][];
  };
  if (!valve.score || !valve.team1Side) {
    throw new Error('mp_backup_restore_load_file: the round backup holds no game state');
  }
  const stats: MapStats = new Map((valve.stats ?? []).map(([steamid, s]) => [steamid, { ...s }]));
  return {
    fileName,
    matchId: Number(fields.matchid),
    mapNumber: Number(config.CurrentMapNumber ?? fields.mapnumber),
    mapName: fields.map_name ?? '',
    round: Number(fields.round),
    backup: { score: { ...valve.score }, team1Side: valve.team1Side, stats },
    seriesScore: {
      team1: Number(fields.team1_series_score ?? 0),
      team2: Number(fields.team2_series_score ?? 0),
    },
  };
}
