/**
 * Per-player statistics (API.md decisions 44-46). The plugin's round_end carries every player's
 * cumulative totals for the map (PROTOCOL.md 2.2): a map's line of a player is their last applied
 * snapshot, never a sum of snapshots; lines of several maps are summed and the ratios recomputed.
 */
import type { MatchProgress, ProgressEvent } from './match-progress.js';

/** The counts of one player's snapshot (cumulative for a map), as Matchday keeps them. */
export interface StatCounts {
  kills: number;
  deaths: number;
  assists: number;
  damage: number;
  headshotKills: number;
  mvps: number;
  roundsPlayed: number;
  firstKills: number;
  clutchesWon: number;
  utilityDamage: number;
  enemiesFlashed: number;
}

export type Side = 'team1' | 'team2';

/** One player's snapshot from a round_end: who, on which side, and their map totals. */
export interface PlayerSnapshot extends StatCounts {
  platformId: string;
  name: string;
  side: Side;
}

/** A player's line (decision 45). */
export interface StatLine extends Omit<StatCounts, 'damage' | 'headshotKills'> {
  platformId: string;
  name: string;
  teamId: string | null;
  adr: number;
  hsPercent: number;
  kd: number;
  rating: null;
}

export const ZERO_COUNTS: StatCounts = {
  kills: 0,
  deaths: 0,
  assists: 0,
  damage: 0,
  headshotKills: 0,
  mvps: 0,
  roundsPlayed: 0,
  firstKills: 0,
  clutchesWon: 0,
  utilityDamage: 0,
  enemiesFlashed: 0,
};

const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);
const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/**
 * The snapshots of one round_end's sides (the plugin's StatsPlayer objects, PROTOCOL.md 2.2); an entry
 * without a steamid (a bot) is left out. First kills and clutches are the plugin's per-side and
 * per-size keys added up (most are always 0 in Enhanced 1.4.21, the engine fills only 1v1 and 1v2).
 */
export function snapshotsOf(team1Players: unknown, team2Players: unknown): PlayerSnapshot[] {
  const read = (players: unknown, side: Side): PlayerSnapshot[] =>
    (Array.isArray(players) ? players : []).flatMap((p: unknown) => {
      const entry = (p ?? {}) as { steamid?: unknown; name?: unknown; stats?: Record<string, unknown> };
      const platformId = typeof entry.steamid === 'string' ? entry.steamid : String(entry.steamid ?? '');
      if (!/^\d{17}$/.test(platformId)) {
        return [];
      }
      const s = entry.stats ?? {};
      const n = (key: string) => count(numeric(s[key]));
      return [
        {
          platformId,
          name: typeof entry.name === 'string' ? entry.name.slice(0, 64) : platformId,
          side,
          kills: n('kills'),
          deaths: n('deaths'),
          assists: n('assists'),
          damage: n('damage'),
          headshotKills: n('headshot_kills'),
          mvps: n('mvp'),
          roundsPlayed: n('rounds_played'),
          firstKills: n('first_kills_t') + n('first_kills_ct'),
          clutchesWon: ['1v1', '1v2', '1v3', '1v4', '1v5'].reduce((sum, k) => sum + n(k), 0),
          utilityDamage: n('utility_damage'),
          enemiesFlashed: n('enemies_flashed'),
        },
      ];
    });
  return [...read(team1Players, 'team1'), ...read(team2Players, 'team2')];
}

/** A change of a map's snapshots: a round_end applied, or a restore that rewound the map. */
export type SnapshotChange = {
  kind: 'round' | 'restore';
  mapNumber: number;
  round: number;
  players: readonly PlayerSnapshot[];
};

/**
 * What an event the progress reducer just applied does to the snapshots, from the map's rounds played
 * before and after it: a round_end counts only when the reducer took it (a retry or an older round
 * changes nothing), a backup_loaded only when it rewound the map.
 */
export function snapshotChange(
  e: ProgressEvent,
  lastRoundBefore: number,
  after: MatchProgress,
): SnapshotChange | undefined {
  if (e.event !== 'round_end' && e.event !== 'backup_loaded') {
    return undefined;
  }
  const lastRoundAfter = after.maps.find((m) => m.number === e.mapNumber)?.lastRound ?? 0;
  if (e.event === 'round_end') {
    return e.round > lastRoundBefore && lastRoundAfter === e.round
      ? { kind: 'round', mapNumber: e.mapNumber, round: e.round, players: e.players ?? [] }
      : undefined;
  }
  return lastRoundBefore > e.roundsPlayed && lastRoundAfter === e.roundsPlayed
    ? { kind: 'restore', mapNumber: e.mapNumber, round: e.roundsPlayed, players: e.restored?.players ?? [] }
    : undefined;
}

/** A stored snapshot of a map: the round it came from. */
export interface MapSnapshot extends PlayerSnapshot {
  round: number;
}

/**
 * What a round_end or a restore does to a map's snapshots (by platform id): an applied round_end sets
 * the line of every player it carries (a player who left keeps their last one); a restore to round R
 * drops every snapshot taken after R (those rounds are played again, PROTOCOL.md 3.1.1) and puts back
 * the round-R snapshot of the players it carries. A player absent at round R whose snapshot is newer
 * loses it: what they had before R is not known without older snapshots.
 */
export function nextSnapshots(
  current: readonly MapSnapshot[],
  change: Pick<SnapshotChange, 'kind' | 'round' | 'players'>,
): MapSnapshot[] {
  const byPlayer = new Map(current.map((s) => [s.platformId, s]));
  if (change.kind === 'restore') {
    for (const [id, s] of byPlayer) {
      if (s.round > change.round) {
        byPlayer.delete(id);
      }
    }
  }
  for (const p of change.players) {
    byPlayer.set(p.platformId, { ...p, round: change.round });
  }
  return [...byPlayer.values()];
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const round2 = (v: number) => Math.round(v * 100) / 100;

/** A line from counts (decision 45): ADR 1 decimal, HS% whole, K/D 2 decimals. */
export function lineOf(
  who: { platformId: string; name: string; teamId: string | null },
  c: StatCounts,
): StatLine {
  const { damage, headshotKills } = c;
  return {
    platformId: who.platformId,
    name: who.name,
    teamId: who.teamId,
    kills: c.kills,
    deaths: c.deaths,
    assists: c.assists,
    mvps: c.mvps,
    roundsPlayed: c.roundsPlayed,
    firstKills: c.firstKills,
    clutchesWon: c.clutchesWon,
    utilityDamage: c.utilityDamage,
    enemiesFlashed: c.enemiesFlashed,
    adr: c.roundsPlayed > 0 ? round1(damage / c.roundsPlayed) : 0,
    hsPercent: c.kills > 0 ? Math.round((headshotKills / c.kills) * 100) : 0,
    kd: round2(c.kills / Math.max(c.deaths, 1)),
    rating: null,
  };
}

/** Counts added up (lines of several maps or matches). */
export function sumCounts(all: readonly StatCounts[]): StatCounts {
  const total = { ...ZERO_COUNTS };
  for (const c of all) {
    for (const k of Object.keys(ZERO_COUNTS) as (keyof StatCounts)[]) {
      total[k] += c[k];
    }
  }
  return total;
}

/** Decision 46's order of a scoreboard: kills, then ADR, both descending (platform id last, stable). */
export function byKills(a: StatLine, b: StatLine): number {
  return b.kills - a.kills || b.adr - a.adr || a.platformId.localeCompare(b.platformId);
}

export const STAT_SORTS = ['kills', 'adr', 'kd', 'hsPercent', 'mvps'] as const;
export type StatSort = (typeof STAT_SORTS)[number];

/** The tournament table's order: the chosen figure descending, then kills and ADR. */
export function sortLines<T extends StatLine>(lines: readonly T[], sort: StatSort): T[] {
  return [...lines].sort((a, b) => b[sort] - a[sort] || byKills(a, b));
}

/**
 * Per-player sums of many map lines (one entry per player per map), with the matches and maps each
 * played; name and team come from the player's latest map (the last entry in the given order).
 */
export function sumByPlayer<M extends { platformId: string; name: string; teamId: string | null }>(
  maps: readonly (M & StatCounts & { matchSlug: string })[],
): (StatLine & { matches: number; maps: number })[] {
  const groups = new Map<string, { who: M; counts: StatCounts[]; matches: Set<string> }>();
  for (const m of maps) {
    const g = groups.get(m.platformId) ?? { who: m, counts: [], matches: new Set<string>() };
    g.who = m;
    g.counts.push(m);
    g.matches.add(m.matchSlug);
    groups.set(m.platformId, g);
  }
  return [...groups.values()].map((g) => ({
    ...lineOf(g.who, sumCounts(g.counts)),
    matches: g.matches.size,
    maps: g.counts.length,
  }));
}

/** The tournament's MVP (decision 46): most MVPs, then ADR, then kills; null with no lines. */
export function tournamentMvp(lines: readonly StatLine[]): string | null {
  const best = [...lines].sort(
    (a, b) =>
      b.mvps - a.mvps || b.adr - a.adr || b.kills - a.kills || a.platformId.localeCompare(b.platformId),
  )[0];
  return best?.platformId ?? null;
}
