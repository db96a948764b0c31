/**
 * Who starts a map veto (API.md decision 78): team 1 (today's rule), the better seed, or the winner
 * of a coin Matchday tosses when the veto opens. The starter plays the spec's "team A" steps. Pure:
 * the toss takes its number from the caller.
 */
import type { VetoStarter } from '../contracts/tournament.js';
import type { VetoTeam } from './veto.js';

export interface StarterChoice {
  starter: VetoTeam;
  /** The toss's winner under `coin_toss`, else null. */
  coinToss: VetoTeam | null;
}

/**
 * `seeds`: each team's place in the tournament's seed order (1 is best), null when it has none (a
 * manual match): then `higher_seed` falls back to team 1. `toss` is a uniform number in [0, 1).
 */
export function chooseStarter(
  rule: VetoStarter,
  seeds: { team1: number | null; team2: number | null },
  toss: () => number,
): StarterChoice {
  if (rule === 'coin_toss') {
    const winner: VetoTeam = toss() < 0.5 ? 'team1' : 'team2';
    return { starter: winner, coinToss: winner };
  }
  if (rule === 'higher_seed' && seeds.team1 !== null && seeds.team2 !== null && seeds.team2 < seeds.team1) {
    return { starter: 'team2', coinToss: null };
  }
  return { starter: 'team1', coinToss: null };
}
