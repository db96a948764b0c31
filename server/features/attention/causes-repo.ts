import type { SqlPort } from '../../db/sql-port.js';
import type { MapEnd, PausedMatch } from '../../../shared/domain/attention.js';

/**
 * Reads of what other features store that the queue's own kinds come from (matches, their plugin
 * events, demos). Read only: each of those tables keeps its one writer.
 */

/** A match as an item names it: its label and its teams. */
const MATCH_NAME = `m.label || ' (' || COALESCE(t1.name, m.team1_id, 'TBD') || ' vs ' || COALESCE(t2.name, m.team2_id, 'TBD') || ')'`;
const WITH_TEAMS = 'LEFT JOIN teams t1 ON t1.id = m.team1_id LEFT JOIN teams t2 ON t2.id = m.team2_id';

interface MatchRow {
  slug: string;
  name: string;
  server_id: string | null;
}

export interface NamedMatch {
  slug: string;
  name: string;
  serverId: string | null;
}

export function createAttentionCausesRepo(db: SqlPort) {
  const selectDecisions = db.prepare<[], MatchRow>(
    `SELECT m.slug, ${MATCH_NAME} AS name, m.server_id FROM matches m ${WITH_TEAMS}
     WHERE m.status = 'needs_decision' ORDER BY m.slug`,
  );
  const selectNamed = db.prepare<[string], MatchRow>(
    `SELECT m.slug, ${MATCH_NAME} AS name, m.server_id FROM matches m ${WITH_TEAMS} WHERE m.slug = ?`,
  );
  // The current pause began with the match's last applied match_paused (stored, so restarts keep it).
  const selectPaused = db.prepare<[], MatchRow & { paused_since: number | null }>(
    `SELECT m.slug, ${MATCH_NAME} AS name, m.server_id,
       (SELECT e.received_at FROM plugin_events e WHERE e.match_slug = m.slug AND e.event = 'match_paused'
          AND e.outcome = 'applied' ORDER BY e.id DESC LIMIT 1) AS paused_since
     FROM matches m ${WITH_TEAMS} WHERE m.status = 'live' AND m.phase = 'paused'`,
  );
  // Maps that ended (their first map_result) of matches live now or completed since `since`.
  const selectMapEnds = db.prepare<
    [number, number],
    MatchRow & { map_number: number; ended_at: number; has_demo: number }
  >(
    `SELECT m.slug, ${MATCH_NAME} AS name, m.server_id, e.map_number, MIN(e.received_at) AS ended_at,
       MAX(CASE WHEN d.match_slug IS NULL THEN 0 ELSE 1 END) AS has_demo
     FROM matches m ${WITH_TEAMS}
     JOIN plugin_events e ON e.match_slug = m.slug AND e.event = 'map_result' AND e.map_number IS NOT NULL
     LEFT JOIN demos d ON d.match_slug = m.slug AND d.map_number = e.map_number
     WHERE (m.status = 'live' OR (m.status = 'completed' AND m.completed_at >= ?)) AND e.received_at >= ?
     GROUP BY m.slug, m.label, t1.name, m.team1_id, t2.name, m.team2_id, m.server_id, e.map_number`,
  );
  const selectMoving = db.prepare<[], MatchRow>(
    `SELECT m.slug, ${MATCH_NAME} AS name, m.server_id FROM matches m ${WITH_TEAMS}
     WHERE m.moving = 1 ORDER BY m.slug`,
  );
  const selectOpen = db
    .prepare<[], string>(
      `SELECT slug FROM matches WHERE status IN ('pending', 'ready', 'loaded', 'live', 'needs_decision')`,
    )
    .pluck();

  const named = (r: MatchRow): NamedMatch => ({ slug: r.slug, name: r.name, serverId: r.server_id });

  return {
    /** Matches waiting for an admin's decision (no winner could be judged). */
    decisions: async (): Promise<NamedMatch[]> => (await selectDecisions.all()).map(named),
    named: async (slug: string): Promise<NamedMatch | undefined> => {
      const row = await selectNamed.get(slug);
      return row ? named(row) : undefined;
    },
    paused: async (): Promise<PausedMatch[]> =>
      (await selectPaused.all())
        .filter((r) => r.paused_since !== null)
        .map((r) => ({
          slug: r.slug,
          label: r.name,
          serverId: r.server_id,
          pausedSince: Number(r.paused_since),
        })),
    mapEnds: async (since: number): Promise<MapEnd[]> =>
      (await selectMapEnds.all(since, since)).map((r) => ({
        slug: r.slug,
        label: r.name,
        serverId: r.server_id,
        mapNumber: Number(r.map_number),
        endedAt: Number(r.ended_at),
        hasDemo: Number(r.has_demo) === 1,
      })),
    /** Matches whose move waits for a free server (API.md decision 55). */
    moving: async (): Promise<NamedMatch[]> => (await selectMoving.all()).map(named),
    openMatches: async (): Promise<Set<string>> => new Set(await selectOpen.all()),
  };
}
