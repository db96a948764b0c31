import type { Db } from '../../db/open.js';
import type { MapProgress } from '../../../shared/domain/match-progress.js';

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

export function createPluginEventsRepo(db: Db) {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO plugin_events (body_hash, event, matchid, map_number, sender, match_slug, body,
       received_at, outcome)
     VALUES (@bodyHash, @event, @matchid, @mapNumber, @sender, @matchSlug, @body, @receivedAt, @outcome)`,
  );
  const setOutcome = db.prepare('UPDATE plugin_events SET outcome = ?, match_slug = ? WHERE body_hash = ?');
  const selectMaps = db.prepare<[string], MapRow>(
    `SELECT number, team1_score, team2_score, last_round, team1_damage, team2_damage, winner, decided_by, finished
     FROM match_maps WHERE match_slug = ? ORDER BY number`,
  );
  const upsertMap = db.prepare(
    `INSERT INTO match_maps (match_slug, number, name, team1_score, team2_score, winner, decided_by, finished,
       last_round, team1_damage, team2_damage)
     VALUES (@slug, @number, @name, @team1Score, @team2Score, @winner, @decidedBy, @finished, @lastRound,
       @team1Damage, @team2Damage)
     ON CONFLICT (match_slug, number) DO UPDATE SET team1_score = excluded.team1_score,
       team2_score = excluded.team2_score, winner = excluded.winner, decided_by = excluded.decided_by,
       finished = excluded.finished, last_round = excluded.last_round, team1_damage = excluded.team1_damage,
       team2_damage = excluded.team2_damage`,
  );

  return {
    /** Stores the event unless the same bytes were stored before; false for a duplicate. */
    store: (e: StoredEvent): boolean => insert.run(e).changes > 0,
    setOutcome: (bodyHash: string, outcome: string, matchSlug: string | null): void => {
      setOutcome.run(outcome, matchSlug, bodyHash);
    },
    maps: (slug: string): MapProgress[] =>
      selectMaps.all(slug).map((r) => ({
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
    saveMap: (slug: string, name: string, map: MapProgress): void => {
      upsertMap.run({ slug, name, ...map, finished: map.finished ? 1 : 0 });
    },
  };
}
