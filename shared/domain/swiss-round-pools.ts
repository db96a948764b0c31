/**
 * The record pools of each Swiss round as HLTV and 5stack draw a Valve-style Swiss: round 1 is the
 * 0-0 pool, round 2 the 1-0 and 0-1 pools, and so on; a match sits in the pool of its teams' record
 * when it was paired (their results in earlier rounds, a bye counting as a win). Pure.
 */
import { recordText } from './swiss-pools.js';

/** What a match needs to be placed: its round, teams, winner and whether it is a bye. */
export interface PooledMatch {
  round: number;
  team1Id: string | null;
  team2Id: string | null;
  winnerId: string | null;
  decided: boolean;
}

export interface RoundPool<M> {
  /** "1-0": the record both teams had when paired. */
  record: string;
  wins: number;
  losses: number;
  matches: M[];
}

export interface PooledRound<M> {
  round: number;
  pools: RoundPool<M>[];
  /** Slots not paired yet (the round waits for the one before it). */
  unpaired: number;
}

/** Rounds in order, each with its pools (most wins first, then fewest losses). */
export function swissRoundPools<M extends PooledMatch>(matches: readonly M[]): PooledRound<M>[] {
  const rounds = [...new Set(matches.map((m) => m.round))].sort((a, b) => a - b);
  const tally = new Map<string, { wins: number; losses: number }>();
  const recordOf = (id: string | null) =>
    id === null ? { wins: 0, losses: 0 } : (tally.get(id) ?? { wins: 0, losses: 0 });
  return rounds.map((round) => {
    const all = matches.filter((m) => m.round === round);
    const own = all.filter((m) => m.team1Id !== null || m.team2Id !== null);
    const pools = new Map<string, RoundPool<M>>();
    for (const m of own) {
      // The better record of the two names the pool, so a team floated down shows where it came from.
      const [a, b] = [recordOf(m.team1Id), recordOf(m.team2Id)];
      const rec = a.wins - a.losses >= b.wins - b.losses ? a : b;
      const record = recordText(rec);
      const pool = pools.get(record) ?? { record, wins: rec.wins, losses: rec.losses, matches: [] };
      pool.matches.push(m);
      pools.set(record, pool);
    }
    for (const m of own.filter((x) => x.decided)) {
      for (const id of [m.team1Id, m.team2Id]) {
        if (id !== null) {
          const r = recordOf(id);
          tally.set(
            id,
            m.winnerId === id
              ? { ...r, wins: r.wins + 1 }
              : m.winnerId === null
                ? r
                : { ...r, losses: r.losses + 1 },
          );
        }
      }
    }
    return {
      round,
      unpaired: all.length - own.length,
      pools: [...pools.values()].sort((x, y) => y.wins - x.wins || x.losses - y.losses),
    };
  });
}
