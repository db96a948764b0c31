import type { Repos } from '../../db/repos.js';
import { statusBeforePlay } from '../../../shared/domain/match-display.js';
import { pairFirstRound, pairNextRound, type SwissPairing } from '../../../shared/domain/swiss.js';
import { newMatchRecord, VETO_NOT_STARTED, type MatchRecord, type MatchWriter } from '../matches/index.js';
import type { FormatEngine } from './engine.js';
import type { TournamentRecord } from './repo.js';
import { resultsOf, standingsOf } from './standings.js';

/** Rounds of a Swiss tournament unless set: enough for one team to stay unbeaten. */
export const defaultSwissRounds = (teamCount: number) =>
  Math.max(1, Math.ceil(Math.log2(Math.max(teamCount, 2))));

/**
 * Swiss (ours, shared/domain/swiss): every round's matches exist from the start as "Waiting for
 * pairing"; a round is paired from the standings once the previous one is done.
 */
export function createSwissEngine(
  repos: Pick<Repos, 'matches'>,
  matchWriter: Pick<MatchWriter, 'transition' | 'create'>,
  now: () => number,
): FormatEngine {
  const { matches } = repos;
  const roundsOf = (t: TournamentRecord) => t.settings.swissRounds ?? defaultSwissRounds(t.teamIds.length);
  const seedsOf = (t: TournamentRecord) => t.seeds.map((id, i) => ({ id, seed: i + 1 }));

  function fill(t: TournamentRecord, round: number, pairings: readonly SwissPairing[]): void {
    const slots = matches.listOfTournament(t.id).filter((m) => m.round === round);
    pairings.forEach((pair, i) => {
      const slot = slots.find((m) => m.matchNumber === i + 1)!;
      const teams = { team1Id: pair.team1, team2Id: pair.team2 };
      if (pair.team2 === null) {
        // A bye is a win at once (API.md decision 21).
        matchWriter.transition(slot, 'bye', {
          ...teams,
          isBye: true,
          winnerId: pair.team1,
          completedAt: now(),
          veto: null,
        });
        return;
      }
      const queued = statusBeforePlay(true, t.settings.veto) === 'ready';
      matchWriter.transition(slot, queued ? 'teams_known' : [], {
        ...teams,
        isBye: false,
        winnerId: null,
        completedAt: null,
      });
    });
  }

  const roundDone = (list: readonly MatchRecord[], round: number) =>
    list.filter((m) => m.round === round).every((m) => m.status === 'completed' || m.status === 'cancelled');

  return {
    async generate(t, seeded) {
      const perRound = Math.ceil(seeded.length / 2);
      const created = now();
      for (let round = 1; round <= roundsOf(t); round++) {
        for (let number = 1; number <= perRound; number++) {
          matchWriter.create(
            newMatchRecord({
              slug: `swiss-r${round}-m${number}`,
              matchid: matches.newMatchid(),
              tournamentId: t.id,
              bracket: 'SWISS',
              round,
              matchNumber: number,
              label: `Swiss R${round} M${number}`,
              format: t.format,
              maxRounds: t.settings.maxRounds,
              overtimeMode: t.settings.overtimeMode,
              mapPool: t.settings.mapPool,
              veto: t.settings.veto ? VETO_NOT_STARTED : null,
              queuePosition: (round - 1) * perRound + number,
              playOrder: (round - 1) * perRound + number,
              createdAt: created,
            }),
          );
        }
      }
      fill(t, 1, pairFirstRound(seeded.map((id, i) => ({ id, seed: i + 1 }))));
      return { stageId: null };
    },

    async advance(t, decided) {
      const list = matches.listOfTournament(t.id);
      const next = decided.round + 1;
      if (
        next > roundsOf(t) ||
        !roundDone(list, decided.round) ||
        list.some((m) => m.round === next && m.team1Id)
      ) {
        return;
      }
      const played = list.filter((m) => m.round <= decided.round);
      fill(t, next, pairNextRound(seedsOf(t), resultsOf(played, matches.mapsOfTournament(t.id))));
    },

    async champion(t) {
      const list = matches.listOfTournament(t.id);
      return roundDone(list, roundsOf(t)) ? this.standings(t)[0]?.teamId : undefined;
    },

    standings: (t) => standingsOf(t, matches.listOfTournament(t.id), matches.mapsOfTournament(t.id)),

    async clear() {
      // Swiss keeps nothing outside the matches, which the tournament removes.
    },
  };
}
