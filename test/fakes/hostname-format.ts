import type { MatchState } from './match-state.js';

/**
 * The hostname `hostname_format` gives at the load and every round start, or null when the format leaves the
 * hostname alone (empty, or two quote characters). sivert-io/MatchZy-Enhanced 1.4.21 src/Utility.cs,
 * UpdateHostname and FormatCvarValue.
 */
export function hostnameFromFormat(rawFormat: string, state: MatchState, unixNow: number): string | null {
  const format = rawFormat.trim();
  if (format === '' || format === '""') {
    return null;
  }
  const teamName = (slot: 'team1' | 'team2') => state.teamName(slot).replaceAll(' ', '_');
  return format
    .replaceAll('{TIME}', new Date(unixNow * 1000).toISOString().slice(0, 19).replace('T', '_'))
    .replaceAll('{MATCH_ID}', String(state.matchId))
    .replaceAll('{MAP}', state.mapName())
    .replaceAll('{MAPNUMBER}', String(state.mapNumber))
    .replaceAll('{TEAM1}', teamName('team1'))
    .replaceAll('{TEAM2}', teamName('team2'))
    .replaceAll('{TEAM1_SCORE}', String(state.score.team1))
    .replaceAll('{TEAM2_SCORE}', String(state.score.team2));
}
