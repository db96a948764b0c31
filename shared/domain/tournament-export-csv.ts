import type { ExportMatch, ExportTable, TournamentExport } from '../contracts/exports.js';
import type { CsvCell } from './csv-write.js';

/**
 * The three CSV tables of decision 79, each read from the tournament's JSON export, so the CSV can never
 * show more than the public export does. Headers are the API's field names, stable for scripts.
 */

export interface CsvTable {
  header: string[];
  rows: CsvCell[][];
}

/** Unix seconds as ISO 8601 in UTC ("2026-11-28T14:05:00Z"): every spreadsheet reads it as a date. */
const isoTime = (seconds: number | null) =>
  seconds === null ? null : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

/**
 * "de_dust2 13:7 | de_mirage 9:13": the maps of a series in one cell; a series started one map up
 * (decision 78) names that map first ("advantage 1:0").
 */
const mapsCell = (m: ExportMatch) =>
  [
    ...(m.mapAdvantage === null ? [] : [`advantage ${m.mapAdvantage === 'team1' ? '1:0' : '0:1'}`]),
    ...m.maps.map((map) => `${map.name} ${map.team1Score}:${map.team2Score}`),
  ].join(' | ');

function winnerName(m: ExportMatch): string | null {
  if (m.winnerId === null) {
    return null;
  }
  return [m.team1, m.team2].find((t) => t?.id === m.winnerId)?.name ?? m.winnerId;
}

/** One row per decided match (byes left out: nobody played them), in bracket order. */
function results(data: TournamentExport): CsvTable {
  return {
    header: [
      'stage',
      'group',
      'round',
      'match',
      'team1',
      'team2',
      'team1Score',
      'team2Score',
      'winner',
      'format',
      'maps',
      'completedAt',
    ],
    rows: data.matches
      .filter((m) => m.status === 'completed' && !m.bye)
      .map((m) => [
        m.stage,
        m.group,
        m.round,
        m.label,
        m.team1?.name ?? null,
        m.team2?.name ?? null,
        m.team1SeriesScore,
        m.team2SeriesScore,
        winnerName(m),
        m.format,
        mapsCell(m),
        isoTime(m.completedAt),
      ]),
  };
}

/** The standings as `/standings` ranks them: teams, or players in a shuffle tournament. */
function standings(data: TournamentExport): CsvTable {
  const tags = new Map(data.teams.map((t) => [t.id, t.tag]));
  return {
    header: ['rank', 'name', 'tag', 'id', 'wins', 'losses', 'draws', 'buchholz', 'roundDifference'],
    rows: data.standings.map((s) => [
      s.rank,
      s.name,
      s.teamId === undefined ? null : (tags.get(s.teamId) ?? null),
      s.teamId ?? s.playerId ?? null,
      s.wins,
      s.losses,
      s.draws,
      s.buchholz,
      s.roundDifference,
    ]),
  };
}

/** Per-player totals over the tournament, as `/stats` lists them. */
function players(data: TournamentExport): CsvTable {
  const teams = new Map(data.teams.map((t) => [t.id, t.name]));
  return {
    header: [
      'platformId',
      'name',
      'team',
      'matches',
      'maps',
      'kills',
      'deaths',
      'assists',
      'kd',
      'adr',
      'hsPercent',
      'mvps',
      'roundsPlayed',
      'firstKills',
      'clutchesWon',
      'utilityDamage',
      'enemiesFlashed',
    ],
    rows: data.players.map((p) => [
      p.platformId,
      p.name,
      p.teamId === null ? null : (teams.get(p.teamId) ?? p.teamId),
      p.matches,
      p.maps,
      p.kills,
      p.deaths,
      p.assists,
      p.kd,
      p.adr,
      p.hsPercent,
      p.mvps,
      p.roundsPlayed,
      p.firstKills,
      p.clutchesWon,
      p.utilityDamage,
      p.enemiesFlashed,
    ]),
  };
}

const TABLES: Record<ExportTable, (data: TournamentExport) => CsvTable> = { results, standings, players };

export const exportTable = (data: TournamentExport, what: ExportTable): CsvTable => TABLES[what](data);
