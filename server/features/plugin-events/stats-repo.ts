import { multiRowInsert } from '../../db/multi-row.js';
import type { SqlPort } from '../../db/sql-port.js';
import type { MapSnapshot, PlayerSnapshot, StatCounts } from '../../../shared/domain/player-stats.js';

/** Per-player map snapshots (API.md decision 44): written by the apply step, read by the stats feature. */

/** The count columns of a snapshot, read as StatCounts (`t`: the table's alias, if any). */
const counts = (t = '') =>
  `${t}kills AS kills, ${t}deaths AS deaths, ${t}assists AS assists, ${t}damage AS damage,
   ${t}headshot_kills AS "headshotKills", ${t}mvps AS mvps, ${t}rounds_played AS "roundsPlayed",
   ${t}first_kills AS "firstKills", ${t}clutches_won AS "clutchesWon", ${t}utility_damage AS "utilityDamage",
   ${t}enemies_flashed AS "enemiesFlashed"`;
const sums = `SUM(s.kills) AS kills, SUM(s.deaths) AS deaths, SUM(s.assists) AS assists,
  SUM(s.damage) AS damage, SUM(s.headshot_kills) AS "headshotKills", SUM(s.mvps) AS mvps,
  SUM(s.rounds_played) AS "roundsPlayed", SUM(s.first_kills) AS "firstKills", SUM(s.clutches_won) AS "clutchesWon",
  SUM(s.utility_damage) AS "utilityDamage", SUM(s.enemies_flashed) AS "enemiesFlashed"`;
/** The registered player's name when there is one, else the in-game name of the snapshot. */
const WHO = `s.platform_id AS "platformId", COALESCE(p.name, s.name) AS name,
  CASE s.side WHEN 'team1' THEN m.team1_id ELSE m.team2_id END AS "teamId"`;

export interface MatchMapLine extends StatCounts {
  mapNumber: number;
  mapName: string;
  finished: number;
  side: 'team1' | 'team2';
  platformId: string;
  name: string;
  teamId: string | null;
}

export interface PlayerMapLine extends StatCounts {
  matchSlug: string;
  label: string;
  /** The match's tournament; null for a manual or show match. */
  tournamentId: number | null;
  platformId: string;
  name: string;
  teamId: string | null;
}

/** A player's counts summed over a tournament's maps, with the matches and maps played. */
export interface PlayerTotals extends StatCounts {
  platformId: string;
  name: string;
  teamId: string | null;
  matches: number;
  maps: number;
}

/**
 * A snapshot's row, bound by position: an applied round writes ten of them, and binding by name costs
 * better-sqlite3 a lookup per parameter (about half the time of the write).
 */
const SNAPSHOT_COLUMNS = `(match_slug, map_number, platform_id, round, name, side, kills, deaths, assists, damage,
    headshot_kills, mvps, rounds_played, first_kills, clutches_won, utility_damage, enemies_flashed)`;
const SNAPSHOT_ROW = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
const SNAPSHOT_VALUES = `${SNAPSHOT_COLUMNS} VALUES ${SNAPSHOT_ROW}`;
/** Rows per upsert statement: a round's ten players go in one statement, not ten. */
const UPSERT_ROWS_MAX = 16;
type SnapshotValues = [string, number, string, number, string, string, ...number[]];
const snapshotValues = (
  slug: string,
  mapNumber: number,
  round: number,
  s: PlayerSnapshot,
): SnapshotValues => [
  slug,
  mapNumber,
  s.platformId,
  round,
  s.name,
  s.side,
  s.kills,
  s.deaths,
  s.assists,
  s.damage,
  s.headshotKills,
  s.mvps,
  s.roundsPlayed,
  s.firstKills,
  s.clutchesWon,
  s.utilityDamage,
  s.enemiesFlashed,
];

export function createPlayerStatsRepo(db: SqlPort) {
  const selectMap = db.prepare<[string, number], MapSnapshot>(
    `SELECT platform_id AS "platformId", name, side, round, ${counts()}
     FROM player_map_stats WHERE match_slug = ? AND map_number = ?`,
  );
  const deleteMap = db.prepare('DELETE FROM player_map_stats WHERE match_slug = ? AND map_number = ?');
  const insert = db.prepare<[SnapshotValues]>(`INSERT INTO player_map_stats ${SNAPSHOT_VALUES}`);
  const upsertOf = multiRowInsert(
    db,
    `INSERT INTO player_map_stats ${SNAPSHOT_COLUMNS}`,
    SNAPSHOT_ROW,
    `ON CONFLICT (match_slug, map_number, platform_id) DO UPDATE SET round = excluded.round,
       name = excluded.name, side = excluded.side, kills = excluded.kills, deaths = excluded.deaths,
       assists = excluded.assists, damage = excluded.damage, headshot_kills = excluded.headshot_kills,
       mvps = excluded.mvps, rounds_played = excluded.rounds_played, first_kills = excluded.first_kills,
       clutches_won = excluded.clutches_won, utility_damage = excluded.utility_damage,
       enemies_flashed = excluded.enemies_flashed`,
  );
  const selectMatch = db.prepare<[string], MatchMapLine>(
    `SELECT s.map_number AS "mapNumber", COALESCE(mm.name, '') AS "mapName", COALESCE(mm.finished, 0) AS finished,
       s.side, ${WHO}, ${counts('s.')}
     FROM player_map_stats s
     JOIN matches m ON m.slug = s.match_slug
     LEFT JOIN match_maps mm ON mm.match_slug = s.match_slug AND mm.number = s.map_number
     LEFT JOIN players p ON p.platform_id = s.platform_id
     WHERE s.match_slug = ? ORDER BY s.map_number`,
  );
  // Oldest match first: a player's latest team and name come last.
  const selectPlayer = db.prepare<[string], PlayerMapLine>(
    `SELECT s.match_slug AS "matchSlug", m.label, m.tournament_id AS "tournamentId", ${WHO}, ${counts('s.')}
     FROM player_map_stats s
     JOIN matches m ON m.slug = s.match_slug
     LEFT JOIN players p ON p.platform_id = s.platform_id
     WHERE s.platform_id = ?
     ORDER BY COALESCE(m.loaded_at, m.created_at), m.slug, s.map_number`,
  );
  // Summed in SQL (a leaderboard reads thousands of map lines); the name and team come from the player's
  // latest map line (its match loaded last).
  const selectTournament = db.prepare<[number, number], PlayerTotals>(
    `SELECT t.platform_id AS "platformId", COALESCE(p.name, l.name) AS name,
       CASE l.side WHEN 'team1' THEN l.team1_id ELSE l.team2_id END AS "teamId", t.maps, t.matches,
       t.kills, t.deaths, t.assists, t.damage, t."headshotKills", t.mvps, t."roundsPlayed", t."firstKills",
       t."clutchesWon", t."utilityDamage", t."enemiesFlashed"
     FROM (SELECT s.platform_id, COUNT(*) AS maps, COUNT(DISTINCT s.match_slug) AS matches, ${sums}
           FROM matches m JOIN player_map_stats s ON s.match_slug = m.slug
           WHERE m.tournament_id = ? GROUP BY s.platform_id) t
     JOIN (SELECT s.platform_id, s.name, s.side, m.team1_id, m.team2_id,
             ROW_NUMBER() OVER (PARTITION BY s.platform_id
               ORDER BY COALESCE(m.loaded_at, m.created_at) DESC, m.slug DESC, s.map_number DESC) AS newest
           FROM matches m JOIN player_map_stats s ON s.match_slug = m.slug
           WHERE m.tournament_id = ?) l ON l.platform_id = t.platform_id AND l.newest = 1
     LEFT JOIN players p ON p.platform_id = t.platform_id`,
  );
  const selectLastName = db
    .prepare<[string], string>(
      `SELECT s.name FROM player_map_stats s JOIN matches m ON m.slug = s.match_slug WHERE s.platform_id = ?
       ORDER BY COALESCE(m.loaded_at, m.created_at) DESC, m.slug DESC, s.map_number DESC LIMIT 1`,
    )
    .pluck();

  const moveId = db.prepare('UPDATE player_map_stats SET platform_id = ? WHERE platform_id = ?');
  return {
    /** A corrected platform id: the player's map lines follow it. */
    movePlayerId: (from: string, to: string) => moveId.run(to, from),
    /** The snapshots a map holds now, one per player. */
    mapSnapshots: (slug: string, mapNumber: number): Promise<MapSnapshot[]> => selectMap.all(slug, mapNumber),
    /** Sets these players' snapshots of a map, leaving the others' (an applied round, the hot path). */
    async setSnapshots(
      slug: string,
      mapNumber: number,
      round: number,
      players: readonly PlayerSnapshot[],
    ): Promise<void> {
      // One row per player (the last snapshot wins): PostgreSQL refuses a statement that updates a row twice.
      const rows = [...new Map(players.map((p) => [p.platformId, p])).values()];
      for (let i = 0; i < rows.length; i += UPSERT_ROWS_MAX) {
        const chunk = rows.slice(i, i + UPSERT_ROWS_MAX);
        await upsertOf(chunk.length).run(...chunk.flatMap((p) => snapshotValues(slug, mapNumber, round, p)));
      }
    },
    /** Sets a map's snapshots to exactly these. */
    async replaceMap(slug: string, mapNumber: number, snapshots: readonly MapSnapshot[]): Promise<void> {
      await deleteMap.run(slug, mapNumber);
      for (const s of snapshots) {
        await insert.run(snapshotValues(slug, mapNumber, s.round, s));
      }
    },
    /** Every player line of a match, map by map. */
    matchLines: (slug: string): Promise<MatchMapLine[]> => selectMatch.all(slug),
    /** A player's map lines in a tournament, oldest match first. */
    playerLines: (platformId: string): Promise<PlayerMapLine[]> => selectPlayer.all(platformId),
    /** Every player's counts summed over a tournament (name and team of their latest match). */
    tournamentTotals: (tournamentId: number): Promise<PlayerTotals[]> =>
      selectTournament.all(tournamentId, tournamentId),
    /** The in-game name a player last played under, if they ever played. */
    lastName: (platformId: string): Promise<string | undefined> => selectLastName.get(platformId),
  };
}
export type PlayerStatsRepo = ReturnType<typeof createPlayerStatsRepo>;
