import type { SqlPort, SqlStatement } from '../../db/sql-port.js';
import type { TeamRef } from '../../../shared/contracts/matches.js';
import {
  COLUMNS,
  toMap,
  toRecord,
  toRow,
  type MapRow,
  type MatchRecord,
  type MatchRow,
  type MatchStage,
  type StoredMap,
} from './record.js';

export type { MatchRecord, MatchStage, StoredMap } from './record.js';

/** The team size in a tournament's settings JSON. */
const TEAM_SIZE_SETTING = {
  sqlite: "json_extract(t.settings, '$.teamSize')",
  postgres: "CAST(t.settings::json->>'teamSize' AS BIGINT)",
};

export function createMatchesRepo(db: SqlPort) {
  // Slugs written since the live port last took them: a bracket progression then publishes what it
  // changed without comparing every match of the tournament.
  const written = new Set<string>();
  const nextId = db.prepare('INSERT INTO match_ids DEFAULT VALUES RETURNING id');
  const selectOne = db.prepare<[string], MatchRow>('SELECT * FROM matches WHERE slug = ?');
  // Loaded matches whose join clock ran out (API.md decision 59); held ones wait.
  const selectJoinDeadlinesPassed = db.prepare<[number], MatchRow>(
    `SELECT * FROM matches WHERE status = 'loaded' AND join_held = 0 AND join_deadline IS NOT NULL
       AND join_deadline <= ? ORDER BY join_deadline, slug`,
  );
  const insertRetired = db.prepare<[number, string]>(
    'INSERT INTO retired_matchids (matchid, match_slug) VALUES (?, ?)',
  );
  const selectRetired = db
    .prepare<[number], string>('SELECT match_slug FROM retired_matchids WHERE matchid = ?')
    .pluck();
  const selectByMatchid = db.prepare<[number], MatchRow>('SELECT * FROM matches WHERE matchid = ?');
  const selectAll = db.prepare<[], MatchRow>(
    'SELECT * FROM matches ORDER BY tournament_id IS NULL, queue_position IS NULL, queue_position, created_at, slug',
  );
  const selectOfTournament = db.prepare<[number], MatchRow>(
    `SELECT * FROM matches WHERE tournament_id = ?
     ORDER BY play_order IS NULL, play_order, round, match_number`,
  );
  const selectByBmMatch = db.prepare<[number, number], MatchRow>(
    'SELECT * FROM matches WHERE tournament_id = ? AND bm_match_id = ?',
  );
  const selectQueued = db.prepare<[number], MatchRow>(
    `SELECT * FROM matches WHERE tournament_id = ? AND status = 'ready' ORDER BY queue_position`,
  );
  const selectAnyOpen = db
    .prepare<[number], number>(
      `SELECT 1 FROM matches WHERE tournament_id = ?
       AND status IN ('pending', 'ready', 'loaded', 'live', 'needs_decision') LIMIT 1`,
    )
    .pluck();
  const selectCurrentOfTeam = db.prepare<[string, string], MatchRow>(
    `SELECT * FROM matches WHERE (team1_id = ? OR team2_id = ?) AND status NOT IN ('completed', 'cancelled')
     ORDER BY status = 'live' DESC, status = 'loaded' DESC, queue_position IS NULL, queue_position, created_at
     LIMIT 1`,
  );
  const selectPlayedByTeam = db.prepare<[string, string], MatchRow>(
    `SELECT * FROM matches WHERE (team1_id = ? OR team2_id = ?) AND status = 'completed' AND is_bye = 0
     ORDER BY completed_at DESC, play_order DESC, created_at DESC, slug`,
  );
  const selectLiveOfTeam = db
    .prepare<[string, string], string>(
      `SELECT slug FROM matches WHERE (team1_id = ? OR team2_id = ?) AND status = 'live' LIMIT 1`,
    )
    .pluck();
  // A save writes only the columns that changed: an unchanged indexed column then costs no index
  // write, which is most of the cost of recording a result in a large bracket.
  const selectStored = db.prepare<[string], MatchRow>('SELECT * FROM matches WHERE slug = ?');
  const selectTeamSize = db
    .prepare<[string], number | null>(
      `SELECT COALESCE(m.team_size, ${TEAM_SIZE_SETTING[db.dialect]}) FROM matches m
       LEFT JOIN tournaments t ON t.id = m.tournament_id WHERE m.slug = ?`,
    )
    .pluck();
  const insert = db.prepare(
    `INSERT INTO matches (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
  );
  const updates = new Map<string, SqlStatement>();
  const updateColumns = (columns: readonly string[]) => {
    const key = columns.join(',');
    let statement = updates.get(key);
    if (!statement) {
      statement = db.prepare(
        `UPDATE matches SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE slug = ?`,
      );
      updates.set(key, statement);
    }
    return statement;
  };
  const deleteOne = db.prepare('DELETE FROM matches WHERE slug = ?');
  const deleteEvents = db.prepare('DELETE FROM plugin_events WHERE match_slug = ?');
  const deleteMaps = db.prepare('DELETE FROM match_maps WHERE match_slug = ?');
  // The players' figures of those maps go with them (written by the plugin events' apply step).
  const deletePlayerStats = db.prepare('DELETE FROM player_map_stats WHERE match_slug = ?');
  const selectVetoVersion = db
    .prepare<[string], number>('SELECT veto_version FROM matches WHERE slug = ?')
    .pluck();
  const updateVeto = db.prepare(
    `UPDATE matches SET veto = @veto, veto_version = veto_version + 1
     WHERE slug = @slug AND veto_version = @version`,
  );
  // A map's demo is stored once its upload completed.
  // As 1 or 0 on both engines (PostgreSQL would answer a boolean).
  const HAS_DEMO = `CASE WHEN EXISTS (SELECT 1 FROM demos d WHERE d.match_slug = mm.match_slug
    AND d.map_number = mm.number) THEN 1 ELSE 0 END AS has_demo`;
  const selectMaps = db.prepare<[string], MapRow>(
    `SELECT mm.*, ${HAS_DEMO} FROM match_maps mm WHERE mm.match_slug = ? ORDER BY mm.number`,
  );
  const selectMapsOfTournament = db.prepare<[number], MapRow>(
    `SELECT mm.*, ${HAS_DEMO} FROM match_maps mm JOIN matches m ON m.slug = mm.match_slug
     WHERE m.tournament_id = ? ORDER BY mm.match_slug, mm.number`,
  );
  const selectAllMaps = db.prepare<[], MapRow>(
    `SELECT mm.*, ${HAS_DEMO} FROM match_maps mm ORDER BY mm.match_slug, mm.number`,
  );
  const upsertMap = db.prepare(
    `INSERT INTO match_maps (match_slug, number, name, team1_score, team2_score, winner, decided_by)
     VALUES (@match_slug, @number, @name, @team1_score, @team2_score, @winner, @decided_by)
     ON CONFLICT (match_slug, number) DO UPDATE SET name = excluded.name, team1_score = excluded.team1_score,
       team2_score = excluded.team2_score, winner = excluded.winner, decided_by = excluded.decided_by`,
  );
  const slugTaken = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM matches WHERE slug = ?');
  const selectStageEnd = db.prepare<[number, string], { queue: number | null; play: number | null }>(
    `SELECT MAX(queue_position) AS queue, MAX(play_order) AS play FROM matches
     WHERE tournament_id = ? AND stage = ?`,
  );
  const selectAnyOpenInStage = db
    .prepare<[number, string], number>(
      `SELECT 1 FROM matches WHERE tournament_id = ? AND stage = ?
       AND status IN ('pending', 'ready', 'loaded', 'live', 'needs_decision') LIMIT 1`,
    )
    .pluck();

  const selectTeamRefs = db.prepare<[], TeamRef>('SELECT id, name, tag FROM teams');
  // Two at a time: a match names two teams, so a match's refs are one round trip (PostgreSQL).
  const selectTeamRefPair = db.prepare<[string, string], TeamRef>(
    'SELECT id, name, tag FROM teams WHERE id IN (?, ?)',
  );

  const groupMaps = (rows: MapRow[]) => {
    const byMatch = new Map<string, StoredMap[]>();
    for (const row of rows) {
      const list = byMatch.get(row.match_slug) ?? [];
      list.push(toMap(row));
      byMatch.set(row.match_slug, list);
    }
    return byMatch;
  };

  return {
    /** Names and tags of every team, for match answers. */
    teamRefs: async (): Promise<Map<string, TeamRef>> =>
      new Map((await selectTeamRefs.all()).map((t) => [t.id, t])),
    /** The refs of just these teams (of the few matches a change touched; a bracket has hundreds of teams). */
    teamRefsOf: async (ids: Iterable<string | null>): Promise<Map<string, TeamRef>> => {
      const wanted = [...new Set(ids)].filter((id): id is string => id !== null);
      const refs = new Map<string, TeamRef>();
      for (let i = 0; i < wanted.length; i += 2) {
        for (const ref of await selectTeamRefPair.all(wanted[i]!, wanted[i + 1] ?? wanted[i]!)) {
          refs.set(ref.id, ref);
        }
      }
      return refs;
    },
    /** A new numeric match id, never given before (the plugin keys events on it). */
    newMatchid: async (): Promise<number> => (await nextId.run()).lastInsertRowid,
    /** Keeps a match id the match played under before it was restarted. */
    retireMatchid: async (matchid: number, slug: string): Promise<void> => {
      await insertRetired.run(matchid, slug);
    },
    /** The match that played under this id before a restart, if any. */
    slugOfRetiredMatchid: async (matchid: number): Promise<string | undefined> =>
      (await selectRetired.get(matchid)) ?? undefined,
    /** The team size the match plays: its own (manual), else its tournament's; null when neither says. */
    teamSizeOf: async (slug: string): Promise<number | null> => (await selectTeamSize.get(slug)) ?? null,
    joinDeadlinesPassed: async (at: number): Promise<MatchRecord[]> =>
      (await selectJoinDeadlinesPassed.all(at)).map(toRecord),
    get: async (slug: string): Promise<MatchRecord | undefined> => {
      const row = await selectOne.get(slug);
      return row ? toRecord(row) : undefined;
    },
    getByMatchid: async (matchid: number): Promise<MatchRecord | undefined> => {
      const row = await selectByMatchid.get(matchid);
      return row ? toRecord(row) : undefined;
    },
    getByBmMatch: async (tournamentId: number, bmMatchId: number): Promise<MatchRecord | undefined> => {
      const row = await selectByBmMatch.get(tournamentId, bmMatchId);
      return row ? toRecord(row) : undefined;
    },
    list: async (): Promise<MatchRecord[]> => (await selectAll.all()).map(toRecord),
    /** The queue: matches of the tournament waiting for a server, in play order. */
    queued: async (tournamentId: number): Promise<MatchRecord[]> =>
      (await selectQueued.all(tournamentId)).map(toRecord),
    /** Whether a match of the tournament is not yet completed or cancelled. */
    hasOpen: async (tournamentId: number): Promise<boolean> =>
      (await selectAnyOpen.get(tournamentId)) !== undefined,
    /** The last queue position and play order taken by a stage's matches (0 when it has none). */
    stageEnd: async (
      tournamentId: number,
      stage: MatchStage,
    ): Promise<{ queuePosition: number; playOrder: number }> => {
      const row = await selectStageEnd.get(tournamentId, stage);
      return { queuePosition: row?.queue ?? 0, playOrder: row?.play ?? 0 };
    },
    /** Whether a match of the tournament's stage is not yet completed or cancelled. */
    hasOpenInStage: async (tournamentId: number, stage: MatchStage): Promise<boolean> =>
      (await selectAnyOpenInStage.get(tournamentId, stage)) !== undefined,
    listOfTournament: async (tournamentId: number): Promise<MatchRecord[]> =>
      (await selectOfTournament.all(tournamentId)).map(toRecord),
    currentOfTeam: async (teamId: string): Promise<MatchRecord | undefined> => {
      const row = await selectCurrentOfTeam.get(teamId, teamId);
      return row ? toRecord(row) : undefined;
    },
    /** Completed matches the team played (no byes), the latest first. */
    playedByTeam: async (teamId: string): Promise<MatchRecord[]> =>
      (await selectPlayedByTeam.all(teamId, teamId)).map(toRecord),
    /** The slug of the live match the team plays, if any. */
    liveOfTeam: (teamId: string): Promise<string | undefined> => selectLiveOfTeam.get(teamId, teamId),
    slugTaken: async (slug: string): Promise<boolean> => (await slugTaken.get(slug)) !== undefined,
    /** Stores a match that is not stored yet (a new slug). */
    insert: async (match: MatchRecord): Promise<void> => {
      await insert.run(toRow(match));
      written.add(match.slug);
    },
    /** `asStored`: the record as read in this same transaction, which spares reading it again (hot path). */
    save: async (match: MatchRecord, asStored?: MatchRecord): Promise<void> => {
      const row = toRow(match);
      const stored = asStored ? toRow(asStored) : await selectStored.get(row.slug);
      if (!stored) {
        await insert.run(row);
        written.add(row.slug);
        return;
      }
      const changed = COLUMNS.filter((c) => row[c as keyof MatchRow] !== stored[c as keyof MatchRow]);
      if (changed.length > 0) {
        // By position: by name each parameter is looked up among the row's 38 fields (a save per round).
        await updateColumns(changed).run(...changed.map((c) => row[c as keyof MatchRow]), row.slug);
        written.add(row.slug);
      }
    },
    /**
     * The match and everything stored of it; its plugin events too, as slugs are reused and a later
     * match of the same slug must not show them.
     */
    delete: async (slug: string): Promise<boolean> => {
      await deleteEvents.run(slug);
      return (await deleteOne.run(slug)).changes > 0;
    },
    /** Forgets the maps played so far and their player statistics (a restarted match plays from the start). */
    deleteMaps: async (slug: string): Promise<void> => {
      await deleteMaps.run(slug);
      await deletePlayerStats.run(slug);
    },
    maps: async (slug: string): Promise<StoredMap[]> => (await selectMaps.all(slug)).map(toMap),
    mapsOfTournament: async (tournamentId: number) =>
      groupMaps(await selectMapsOfTournament.all(tournamentId)),
    allMaps: async () => groupMaps(await selectAllMaps.all()),
    saveMap: async (slug: string, map: StoredMap): Promise<void> => {
      await upsertMap.run({
        match_slug: slug,
        number: map.number,
        name: map.name,
        team1_score: map.team1Score,
        team2_score: map.team2Score,
        winner: map.winner,
        decided_by: map.decidedBy,
      });
    },
    /** The version of the match's veto: a veto write applies only to the version it was read at. */
    vetoVersion: async (slug: string): Promise<number> => (await selectVetoVersion.get(slug)) ?? 0,
    /** Writes the veto; false when another action got there first. */
    saveVetoIfVersion: async (slug: string, version: number, veto: unknown): Promise<boolean> =>
      (await updateVeto.run({ slug, version, veto: JSON.stringify(veto) })).changes === 1,
    /** The slugs written since the last call (a rolled-back write may be among them: compare before publishing). */
    takeWritten: (): string[] => {
      const slugs = [...written];
      written.clear();
      return slugs;
    },
    /** Runs the reads in one read transaction: one state, and one lock instead of one per statement. */
    readTogether: <T>(reads: () => Promise<T>): Promise<T> => db.readTogether(reads),
  };
}

export type MatchesRepo = ReturnType<typeof createMatchesRepo>;
