import type { SqlPort } from '../../db/sql-port.js';
import type { MapProgress } from '../../../shared/domain/match-progress.js';
import { EMPTY_LIVE, type MatchLive } from '../../../shared/domain/match-live.js';

export interface StoredEvent {
  bodyHash: string;
  event: string;
  matchid: number | null;
  mapNumber: number | null;
  sender: string | null;
  matchSlug: string | null;
  body: string;
  receivedAt: number;
  outcome: string;
}

interface MapRow {
  number: number;
  team1_score: number;
  team2_score: number;
  last_round: number;
  team1_damage: number;
  team2_damage: number;
  winner: string | null;
  decided_by: string | null;
  finished: number;
}

/** A stored round_end's round number, read out of its JSON body. */
const ROUND_NUMBER = {
  sqlite: "CAST(json_extract(body, '$.round_number') AS INTEGER)",
  postgres: "CAST(body::json->>'round_number' AS BIGINT)",
};

/** Where a delivery stands in the event log, and when it arrived. */
export interface Delivery {
  id: number;
  receivedAt: number;
}

const delivery = (row: { id: number; receivedAt: number } | undefined): Delivery | undefined =>
  row && { id: Number(row.id), receivedAt: Number(row.receivedAt) };

export function createPluginEventsRepo(db: SqlPort) {
  // Hot-path writes bind by position: by name costs better-sqlite3 a lookup per parameter.
  const insert = db.prepare<
    [string, string, number | null, number | null, string | null, string | null, string, number, string]
  >(
    `INSERT INTO plugin_events (body_hash, event, matchid, map_number, sender, match_slug, body,
       received_at, outcome)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectHash = db
    .prepare<[string], number>('SELECT 1 FROM plugin_events WHERE body_hash = ? LIMIT 1')
    .pluck();
  const selectFirstDelivery = db.prepare<[string], { id: number; receivedAt: number }>(
    'SELECT id, received_at AS "receivedAt" FROM plugin_events WHERE body_hash = ? ORDER BY id LIMIT 1',
  );
  const selectPauseStart = db.prepare<[string, string], { id: number; receivedAt: number }>(
    `SELECT id, received_at AS "receivedAt" FROM plugin_events
     WHERE match_slug = ? AND event = 'match_paused' AND outcome = ? ORDER BY id DESC LIMIT 1`,
  );
  const selectMaps = db.prepare<[string], MapRow>(
    `SELECT number, team1_score, team2_score, last_round, team1_damage, team2_damage, winner, decided_by, finished
     FROM match_maps WHERE match_slug = ? ORDER BY number`,
  );
  const upsertMap = db.prepare<
    [string, number, string, number, number, string | null, string | null, number, number, number, number]
  >(
    `INSERT INTO match_maps (match_slug, number, name, team1_score, team2_score, winner, decided_by, finished,
       last_round, team1_damage, team2_damage)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (match_slug, number) DO UPDATE SET team1_score = excluded.team1_score,
       team2_score = excluded.team2_score, winner = excluded.winner, decided_by = excluded.decided_by,
       finished = excluded.finished, last_round = excluded.last_round, team1_damage = excluded.team1_damage,
       team2_damage = excluded.team2_damage`,
  );

  const selectLive = db
    .prepare<[string], string>('SELECT state FROM match_live WHERE match_slug = ?')
    .pluck();
  const upsertLive = db.prepare(
    `INSERT INTO match_live (match_slug, updated_at, state) VALUES (?, ?, ?)
     ON CONFLICT (match_slug) DO UPDATE SET updated_at = excluded.updated_at, state = excluded.state`,
  );

  const selectForMatch = db.prepare<[string, number], StoredEvent & { id: number }>(
    `SELECT id, body_hash AS "bodyHash", event, matchid, map_number AS "mapNumber", sender,
       match_slug AS "matchSlug", body, received_at AS "receivedAt", outcome
     FROM plugin_events WHERE match_slug = ? AND received_at >= ? ORDER BY id`,
  );

  // By matchid: it is never reused, while a slug is once its match is deleted.
  const selectForMatchid = db.prepare<[number, number], StoredEvent & { id: number }>(
    `SELECT id, body_hash AS "bodyHash", event, matchid, map_number AS "mapNumber", sender,
       match_slug AS "matchSlug", body, received_at AS "receivedAt", outcome
     FROM plugin_events WHERE matchid = ? AND received_at >= ? ORDER BY id`,
  );
  const updateOutcome = db.prepare('UPDATE plugin_events SET outcome = ? WHERE id = ?');
  const selectRoundEnd = db
    .prepare<[number, number, number, number], string>(
      `SELECT body FROM plugin_events
       WHERE matchid = ? AND map_number = ? AND event = 'round_end' AND id < ?
         AND ${ROUND_NUMBER[db.dialect]} = ?
       ORDER BY id DESC LIMIT 1`,
    )
    .pluck();

  // About the server itself: what it posted that concerns no match (migration 40's partial index),
  // to its own URL or the match's; about the match: its newest event from anywhere.
  const selectLastPost = db
    .prepare<[string, string, string], number | null>(
      `SELECT MAX(at) FROM (
         SELECT MAX(received_at) AS at FROM plugin_events WHERE sender IN (?, ?) AND match_slug IS NULL
         UNION ALL
         SELECT at FROM (
           SELECT received_at AS at FROM plugin_events WHERE match_slug = ? ORDER BY id DESC LIMIT 1
         ) AS newest_of_match
       ) AS posts`,
    )
    .pluck();

  return {
    /** When a server last posted anything about itself or this match (API.md decision 56); null: never. */
    lastPostAt: async (serverId: string, matchSlug: string): Promise<number | null> => {
      const at = await selectLastPost.get(serverId, matchSlug, matchSlug);
      return at === null || at === undefined ? null : Number(at);
    },
    /** The stored events of a match since a time, in arrival order (the event log). */
    eventsOf: (slug: string, since = 0) => selectForMatch.all(slug, since),
    /** The stored events carrying a matchid since a time, in arrival order (replays and recovery). */
    eventsOfMatchid: (matchid: number, since = 0) => selectForMatchid.all(matchid, since),
    /**
     * The body of the latest round_end of a map with that round number stored before row `beforeId`
     * (a replayed round supersedes the first one): what a restored backup goes back to.
     */
    roundEndBody: (matchid: number, mapNumber: number, round: number, beforeId = Number.MAX_SAFE_INTEGER) =>
      selectRoundEnd.get(matchid, mapNumber, beforeId, round),
    setOutcome: async (id: number, outcome: string): Promise<void> => {
      await updateOutcome.run(outcome, id);
    },
    live: async (slug: string): Promise<MatchLive> => {
      const state = await selectLive.get(slug);
      return state === undefined ? EMPTY_LIVE : (JSON.parse(state) as MatchLive);
    },
    saveLive: async (slug: string, state: MatchLive, now: number): Promise<void> => {
      await upsertLive.run(slug, now, JSON.stringify(state));
    },
    /** Whether an event with exactly these bytes was stored before. */
    isStored: async (bodyHash: string): Promise<boolean> => (await selectHash.get(bodyHash)) !== undefined,
    /** The first stored delivery of exactly these bytes, if any: its place in the log and arrival. */
    firstDelivery: async (bodyHash: string): Promise<Delivery | undefined> =>
      delivery(await selectFirstDelivery.get(bodyHash)),
    /** The match's last applied `match_paused` (the current pause, if the match is paused). */
    pauseStart: async (slug: string, appliedOutcome: string): Promise<Delivery | undefined> =>
      delivery(await selectPauseStart.get(slug, appliedOutcome)),
    store: async (e: StoredEvent): Promise<void> => {
      await insert.run(
        e.bodyHash,
        e.event,
        e.matchid,
        e.mapNumber,
        e.sender,
        e.matchSlug,
        e.body,
        e.receivedAt,
        e.outcome,
      );
    },
    maps: async (slug: string): Promise<MapProgress[]> =>
      (await selectMaps.all(slug)).map((r) => ({
        number: r.number,
        team1Score: r.team1_score,
        team2Score: r.team2_score,
        lastRound: r.last_round,
        team1Damage: r.team1_damage,
        team2Damage: r.team2_damage,
        finished: r.finished === 1,
        winner: r.winner as MapProgress['winner'],
        decidedBy: r.decided_by as MapProgress['decidedBy'],
      })),
    saveMap: async (slug: string, name: string, map: MapProgress): Promise<void> => {
      await upsertMap.run(
        slug,
        map.number,
        name,
        map.team1Score,
        map.team2Score,
        map.winner,
        map.decidedBy,
        map.finished ? 1 : 0,
        map.lastRound,
        map.team1Damage,
        map.team2Damage,
      );
    },
  };
}
export type PluginEventsRepo = ReturnType<typeof createPluginEventsRepo>;
