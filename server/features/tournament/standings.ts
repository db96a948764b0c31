import { swissStandings, type SwissResult } from '../../../shared/domain/swiss.js';
import type { MatchRecord, StoredMap } from '../matches/index.js';
import type { StandingRow } from './engine.js';
import type { TournamentRecord } from './repo.js';

/** Results of decided matches in the form the standings take; a bye counts only in Swiss. */
export function resultsOf(
  list: readonly MatchRecord[],
  maps: ReadonlyMap<string, readonly StoredMap[]>,
): SwissResult[] {
  return list
    .filter((m) => m.status === 'completed' && (m.team1Id ?? m.team2Id) !== null)
    .map((m) => {
      const played = maps.get(m.slug) ?? [];
      // A bye's one team may sit on either side of an elimination or round-robin bracket.
      if (m.isBye) {
        const team = (m.team1Id ?? m.team2Id)!;
        return { team1: team, team2: null, winner: team, team1Rounds: 0, team2Rounds: 0 };
      }
      return {
        team1: m.team1Id!,
        team2: m.team2Id,
        winner: m.winnerId,
        team1Rounds: played.reduce((sum, map) => sum + map.team1Score, 0),
        team2Rounds: played.reduce((sum, map) => sum + map.team2Score, 0),
        bothLose: m.forfeit !== null && m.winnerId === null,
      };
    });
}

/**
 * One standings rule for every format (wins, losses, Buchholz, round difference, seed): Swiss uses it
 * to pair, the others for the leaderboard and the round-robin champion.
 */
export function standingsOf(
  t: TournamentRecord,
  list: readonly MatchRecord[],
  maps: ReadonlyMap<string, readonly StoredMap[]>,
): StandingRow[] {
  const seeds = t.seeds.length > 0 ? t.seeds : t.teamIds;
  const decided = list.filter((m) => t.type === 'swiss' || !m.isBye);
  return swissStandings(
    seeds.map((id, i) => ({ id, seed: i + 1 })),
    resultsOf(decided, maps),
  );
}
