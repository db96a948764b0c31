import type { Repos } from '../../db/repos.js';
import {
  applyProgressEvent,
  sameProgress,
  type MapProgress,
  type MatchProgress,
  type ProgressEvent,
  type SeriesEndReport,
} from '../../../shared/domain/match-progress.js';
import { nextSnapshots, snapshotChange, type PlayerSnapshot } from '../../../shared/domain/player-stats.js';
import type { MatchRecord } from '../matches/index.js';
import type { MatchApplier } from './apply-to-match.js';

/**
 * Step 4 for several events of one match that arrived together (ingest-batch.ts): applied in order, each
 * as `apply` would apply it alone, with the match and its maps read once and each player's snapshot of a
 * map written once (its latest).
 */

/** What one event of the run did: undefined when it changed nothing. */
export type RunStep =
  | {
      /** The match as it was before this event. */
      match: MatchRecord;
      progress: MatchProgress;
      seriesEnded: boolean;
      seriesReport?: SeriesEndReport;
    }
  | undefined;

/** The match's state as `progressOf` reads it back: maps in their stored order. */
const progressAt = (m: MatchRecord, maps: readonly MapProgress[]): MatchProgress => ({
  status: m.status,
  phase: m.phase,
  currentMapNumber: m.currentMapNumber,
  team1SeriesScore: m.team1SeriesScore,
  team2SeriesScore: m.team2SeriesScore,
  team1MapScore: m.team1MapScore,
  team2MapScore: m.team2MapScore,
  maps: [...maps].sort((a, b) => a.number - b.number),
});

/** The latest snapshot of each player of each map a run's rounds set, written once at the end. */
function pendingSnapshots() {
  const byMap = new Map<number, Map<string, { round: number; player: PlayerSnapshot }>>();
  return {
    note(mapNumber: number, round: number, players: readonly PlayerSnapshot[]) {
      const map = byMap.get(mapNumber) ?? new Map<string, { round: number; player: PlayerSnapshot }>();
      byMap.set(mapNumber, map);
      for (const player of players) {
        map.set(player.platformId, { round, player });
      }
    },
    /** Each map's players, by the round of their latest snapshot (one upsert per round). */
    take(): { mapNumber: number; round: number; players: PlayerSnapshot[] }[] {
      const writes = [...byMap].flatMap(([mapNumber, players]) => {
        const byRound = new Map<number, PlayerSnapshot[]>();
        for (const { round, player } of players.values()) {
          byRound.set(round, [...(byRound.get(round) ?? []), player]);
        }
        return [...byRound].map(([round, list]) => ({ mapNumber, round, players: list }));
      });
      byMap.clear();
      return writes;
    },
  };
}

export function createRunApplier(
  repos: Pick<Repos, 'playerStats'>,
  applier: Pick<MatchApplier, 'progressOf' | 'writeProgress'>,
) {
  const { playerStats } = repos;

  /**
   * Applies the effects to the match in order; answers what each one did. The match, its maps and its
   * webhooks change event by event as `apply` changes them (a webhook reads the match as that event
   * left it); the player snapshots of the run are written once, each player's latest.
   */
  async function applyRun(current: MatchRecord, effects: readonly ProgressEvent[]): Promise<RunStep[]> {
    // A walkover has no map score and no player stats (API.md decision 60).
    if (current.forfeit !== null) {
      return effects.map(() => undefined);
    }
    const slug = current.slug;
    const snapshots = pendingSnapshots();
    const writeSnapshots = async () => {
      for (const { mapNumber, round, players } of snapshots.take()) {
        await playerStats.setSnapshots(slug, mapNumber, round, players);
      }
    };
    let match = current;
    let before = await applier.progressOf(current);
    const steps: RunStep[] = [];
    for (const effect of effects) {
      const lastRoundBefore =
        'mapNumber' in effect ? (before.maps.find((m) => m.number === effect.mapNumber)?.lastRound ?? 0) : 0;
      const next = applyProgressEvent(before, effect, match.overtimeMode);
      const stats = snapshotChange(effect, lastRoundBefore, next.progress);
      if (stats?.kind === 'round') {
        snapshots.note(stats.mapNumber, stats.round, stats.players);
      } else if (stats) {
        await writeSnapshots();
        const earlier = await playerStats.mapSnapshots(slug, stats.mapNumber);
        await playerStats.replaceMap(slug, stats.mapNumber, nextSnapshots(earlier, stats));
      }
      if (!next.seriesEnded && sameProgress(next.progress, before)) {
        steps.push(undefined);
        continue;
      }
      const p = next.progress;
      const moved = await applier.writeProgress(match, before, p);
      steps.push({
        match,
        progress: p,
        seriesEnded: next.seriesEnded,
        ...(next.seriesReport ? { seriesReport: next.seriesReport } : {}),
      });
      match = moved;
      before = progressAt(moved, p.maps);
    }
    await writeSnapshots();
    return steps;
  }

  return { applyRun };
}

export type RunApplier = ReturnType<typeof createRunApplier>;
