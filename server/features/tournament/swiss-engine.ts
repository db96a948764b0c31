import type { Repos } from '../../db/repos.js';
import type { MatchFormat } from '../../../shared/contracts/matches.js';
import { statusBeforePlay } from '../../../shared/domain/match-display.js';
import { vetoPlayed } from '../../../shared/domain/veto.js';
import {
  pairFirstRound,
  pairNextRound,
  swissStandings,
  type SwissPairing,
  type SwissTeam,
} from '../../../shared/domain/swiss.js';
import {
  pairingFormat,
  pairRecordPools,
  swissRoundsFor,
  thresholdsOf,
  type SwissRecord,
  type SwissThresholds,
} from '../../../shared/domain/swiss-pools.js';
import {
  newMatchRecord,
  VETO_NOT_STARTED,
  type MatchRecord,
  type MatchStage,
  type MatchWriter,
} from '../matches/index.js';
import type { FormatEngine } from './engine.js';
import type { TournamentRecord } from './repo.js';
import { resultsOf, standingsOf } from './standings.js';

/** Rounds of a Swiss tournament unless set: enough for one team to stay unbeaten. */
export const defaultSwissRounds = (teamCount: number) =>
  Math.max(1, Math.ceil(Math.log2(Math.max(teamCount, 2))));

/** One Swiss pool: the whole tournament, or one group of a group stage. */
export interface SwissPool {
  stage: MatchStage;
  /** The group letter, null for a Swiss tournament. */
  group: string | null;
  /** The pool's teams with their seed inside it. */
  teams: SwissTeam[];
  rounds: number;
  format: MatchFormat;
  /** Valve-style thresholds (decision 77), null for fixed rounds. */
  thresholds: SwissThresholds | null;
  /** The best-of of a match that can advance or eliminate a team. */
  deciderFormat: MatchFormat;
  mapPool: readonly string[];
  /** Slug, label and queue position of match `number` of `round`. */
  slot(round: number, number: number): { slug: string; label: string; queuePosition: number };
}

const poolMatches = (list: readonly MatchRecord[], pool: SwissPool) =>
  list.filter((m) => m.stage === pool.stage && m.group === pool.group);

const roundDone = (list: readonly MatchRecord[], round: number) =>
  list.filter((m) => m.round === round).every((m) => m.status === 'completed' || m.status === 'cancelled');

/**
 * Swiss pools (ours, shared/domain/swiss): every round's matches exist from the start as "Waiting for
 * pairing"; a round is paired from the pool's standings once the previous one is done.
 */
export function createSwissRounds(
  repos: Pick<Repos, 'matches'>,
  matchWriter: Pick<MatchWriter, 'transition' | 'create' | 'remove'>,
  now: () => number,
) {
  const { matches } = repos;

  /**
   * Puts the pairings into the round's slots; a match that can decide a team plays the decider
   * format. Slots a thresholds Swiss does not need (decided teams sit out) are removed.
   */
  async function fill(
    t: TournamentRecord,
    pool: SwissPool,
    round: number,
    pairings: readonly SwissPairing[],
    records: ReadonlyMap<string, SwissRecord>,
  ): Promise<void> {
    const slots = poolMatches(await matches.listOfTournament(t.id), pool).filter((m) => m.round === round);
    for (const unused of slots.filter((m) => m.matchNumber > pairings.length)) {
      await matchWriter.remove(unused.slug);
    }
    const recordOf = (id: string) => records.get(id) ?? { wins: 0, losses: 0 };
    for (const [i, pair] of pairings.entries()) {
      const slot = slots.find((m) => m.matchNumber === i + 1)!;
      const teams = { team1Id: pair.team1, team2Id: pair.team2 };
      if (pair.team2 === null) {
        // A bye is a win at once (API.md decision 21).
        await matchWriter.transition(slot, 'bye', {
          ...teams,
          isBye: true,
          winnerId: pair.team1,
          completedAt: now(),
          veto: null,
        });
        continue;
      }
      const format = pairingFormat(
        recordOf(pair.team1),
        recordOf(pair.team2),
        pool.thresholds,
        pool.format,
        pool.deciderFormat,
      );
      const veto = vetoPlayed(t.settings.veto, format, slot.mapPool);
      const queued = statusBeforePlay(true, veto) === 'ready';
      await matchWriter.transition(slot, queued ? 'teams_known' : [], {
        ...teams,
        format,
        veto: veto ? VETO_NOT_STARTED : null,
        isBye: false,
        winnerId: null,
        completedAt: null,
      });
    }
    // Withdrawn teams are paired no more (API.md decision 61): the round's spare slots are not played.
    for (const spare of slots.filter((m) => m.matchNumber > pairings.length)) {
      await matchWriter.transition(spare, 'force_cancel', { completedAt: now() });
    }
  }

  return {
    /** Matches in a round, so queue positions can be counted over several pools. */
    matchesPerRound: (teamCount: number) => Math.ceil(teamCount / 2),

    async generate(t: TournamentRecord, pool: SwissPool): Promise<void> {
      const created = now();
      for (let round = 1; round <= pool.rounds; round++) {
        for (let number = 1; number <= Math.ceil(pool.teams.length / 2); number++) {
          const { slug, label, queuePosition } = pool.slot(round, number);
          await matchWriter.create(
            newMatchRecord({
              slug,
              matchid: await matches.newMatchid(),
              tournamentId: t.id,
              stage: pool.stage,
              group: pool.group,
              bracket: 'SWISS',
              round,
              matchNumber: number,
              label,
              format: pool.format,
              maxRounds: t.settings.maxRounds,
              overtimeMode: t.settings.overtimeMode,
              mapPool: [...pool.mapPool],
              veto: vetoPlayed(t.settings.veto, pool.format, pool.mapPool) ? VETO_NOT_STARTED : null,
              queuePosition,
              playOrder: queuePosition,
              createdAt: created,
            }),
          );
        }
      }
      await fill(t, pool, 1, pairFirstRound(pool.teams), new Map());
    },

    /** Pairs the pool's next round once `decided`'s round is done. */
    async advance(t: TournamentRecord, pool: SwissPool, decided: MatchRecord): Promise<void> {
      const list = poolMatches(await matches.listOfTournament(t.id), pool);
      const next = decided.round + 1;
      if (
        next > pool.rounds ||
        !roundDone(list, decided.round) ||
        list.some((m) => m.round === next && m.team1Id)
      ) {
        return;
      }
      const played = list.filter((m) => m.round <= decided.round);
      const results = resultsOf(played, await matches.mapsOfTournament(t.id));
      const withdrawn = new Set(t.withdrawn.map((w) => w.teamId));
      if (pool.thresholds === null) {
        await fill(t, pool, next, pairNextRound(pool.teams, results, withdrawn), new Map());
        return;
      }
      const records = new Map(swissStandings(pool.teams, results).map((s) => [s.teamId, s]));
      const pairings = pairRecordPools(pool.teams, results, pool.thresholds, withdrawn);
      // Once every team is decided, the rounds left are not played.
      for (let round = next; round <= (pairings.length === 0 ? pool.rounds : next); round++) {
        await fill(t, pool, round, round === next ? pairings : [], records);
      }
    },

    /** Whether every round of the pool is played. */
    done: async (t: TournamentRecord, pool: SwissPool): Promise<boolean> =>
      roundDone(poolMatches(await matches.listOfTournament(t.id), pool), pool.rounds),
  };
}

export type SwissRounds = ReturnType<typeof createSwissRounds>;

/** A Swiss tournament: one pool of every team. */
export function createSwissEngine(repos: Pick<Repos, 'matches'>, swiss: SwissRounds): FormatEngine {
  const { matches } = repos;
  const poolOf = (t: TournamentRecord): SwissPool => {
    const perRound = swiss.matchesPerRound(t.seeds.length);
    return {
      stage: 'main',
      group: null,
      teams: t.seeds.map((id, i) => ({ id, seed: i + 1 })),
      rounds: swissRoundsFor(
        t.settings,
        defaultSwissRounds((t.seeds.length > 0 ? t.seeds : t.teamIds).length),
      ),
      thresholds: thresholdsOf(t.settings),
      deciderFormat: t.settings.deciderFormat ?? t.format,
      format: t.format,
      mapPool: t.settings.mapPool,
      slot: (round, number) => ({
        slug: `swiss-r${round}-m${number}`,
        label: `Swiss R${round} M${number}`,
        queuePosition: (round - 1) * perRound + number,
      }),
    };
  };

  return {
    async generate(t) {
      await swiss.generate(t, poolOf(t));
      return { stageId: null };
    },

    async advance(t, decided) {
      await swiss.advance(t, poolOf(t), decided);
    },

    async champion(t) {
      return (await swiss.done(t, poolOf(t))) ? (await this.standings(t))[0]?.teamId : undefined;
    },

    standings: async (t) =>
      standingsOf(t, await matches.listOfTournament(t.id), await matches.mapsOfTournament(t.id)),

    async clear() {
      // Swiss keeps nothing outside the matches, which the tournament removes.
    },
  };
}
