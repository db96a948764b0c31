import type { JsonObject } from './dotnet-json.js';
import { pick } from './match-script.js';
import type { Random } from './match-script.js';

/** PlayerStats keys in the plugin's order (PROTOCOL.md 2.2); the engine never fills some of them. */
const STAT_KEYS = [
  'kills',
  'deaths',
  'assists',
  'flash_assists',
  'team_kills',
  'suicides',
  'damage',
  'utility_damage',
  'enemies_flashed',
  'friendlies_flashed',
  'knife_kills',
  'headshot_kills',
  'rounds_played',
  'bomb_defuses',
  'bomb_plants',
  '1k',
  '2k',
  '3k',
  '4k',
  '5k',
  '1v1',
  '1v2',
  '1v3',
  '1v4',
  '1v5',
  'first_kills_t',
  'first_kills_ct',
  'first_deaths_t',
  'first_deaths_ct',
  'trade_kills',
  'kast',
  'score',
  'mvp',
] as const;

export type StatKey = (typeof STAT_KEYS)[number];
export type PlayerStats = Record<StatKey, number>;

export function emptyStats(): PlayerStats {
  return Object.fromEntries(STAT_KEYS.map((key) => [key, 0])) as PlayerStats;
}

export function statsJson(stats: PlayerStats): JsonObject {
  return Object.fromEntries(STAT_KEYS.map((key) => [key, stats[key]]));
}

/** Cumulative per-map stats keyed by steamid. */
export type MapStats = Map<string, PlayerStats>;

export function cloneStats(stats: MapStats): MapStats {
  return new Map([...stats].map(([steamid, playerStats]) => [steamid, { ...playerStats }]));
}

/**
 * Adds one plausible round: the winners kill most of the losers, the losers trade a few. Kills and
 * deaths balance across the two teams; damage follows kills.
 */
export function playRoundStats(
  stats: MapStats,
  winners: readonly string[],
  losers: readonly string[],
  roundsPlayed: number,
  random: Random,
): void {
  const statsOf = (steamid: string): PlayerStats => {
    let playerStats = stats.get(steamid);
    if (!playerStats) {
      playerStats = emptyStats();
      stats.set(steamid, playerStats);
    }
    return playerStats;
  };
  const winnerKills = losers.length === 0 ? 0 : Math.max(1, losers.length - Math.floor(random() * 2));
  const loserKills = Math.min(Math.floor(random() * winners.length), Math.max(0, winners.length - 1));
  const roundKills = new Map<string, number>();
  const credit = (killers: readonly string[], victims: readonly string[], count: number): void => {
    for (let kill = 0; kill < count && killers.length > 0; kill += 1) {
      const killer = pick(random, killers);
      const killerStats = statsOf(killer);
      killerStats.kills += 1;
      killerStats.damage += 100;
      killerStats.headshot_kills += random() < 0.45 ? 1 : 0;
      roundKills.set(killer, (roundKills.get(killer) ?? 0) + 1);
      statsOf(victims[kill % victims.length] ?? killer).deaths += 1;
    }
  };
  credit(winners, losers, winnerKills);
  credit(losers, winners, loserKills);
  for (const steamid of [...winners, ...losers]) {
    const playerStats = statsOf(steamid);
    playerStats.damage += Math.floor(random() * 60);
    playerStats.assists += random() < 0.2 ? 1 : 0;
    if (random() < 0.3) {
      playerStats.utility_damage += Math.floor(random() * 25);
      playerStats.enemies_flashed += 1;
    }
    const kills = roundKills.get(steamid) ?? 0;
    if (kills >= 2) {
      playerStats[`${Math.min(kills, 5)}k` as StatKey] += 1;
    }
    playerStats.rounds_played = roundsPlayed;
    playerStats.score = playerStats.kills * 2 + playerStats.assists;
  }
  if (winners.length > 0) {
    statsOf(pick(random, winners)).mvp += 1;
    // One winner left standing: a clutch, counted as a 1v1 win.
    if (winners.length > 1 && loserKills === winners.length - 1) {
      statsOf(pick(random, winners))['1v1'] += 1;
    }
  }
}

/** Total damage of a team's players. */
export function teamDamage(stats: MapStats, steamids: readonly string[]): number {
  return steamids.reduce((sum, steamid) => sum + (stats.get(steamid)?.damage ?? 0), 0);
}

/** Tops up one player's damage so `leader` out-damages `other` (a scripted damage tiebreak). */
export function makeDamageLeader(stats: MapStats, leader: readonly string[], other: readonly string[]): void {
  topUp(stats, leader, teamDamage(stats, other) - teamDamage(stats, leader) + 1);
}

/** Tops up the weaker team so both teams dealt exactly the same damage. */
export function equaliseDamage(stats: MapStats, team1: readonly string[], team2: readonly string[]): void {
  const difference = teamDamage(stats, team1) - teamDamage(stats, team2);
  topUp(stats, difference > 0 ? team2 : team1, Math.abs(difference));
}

function topUp(stats: MapStats, team: readonly string[], amount: number): void {
  const target = team[0] === undefined ? undefined : stats.get(team[0]);
  if (target && amount > 0) {
    target.damage += amount;
  }
}
