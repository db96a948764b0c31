import type { Repos } from '../../db/repos.js';
import { statusBeforePlay } from '../../../shared/domain/match-display.js';
import { vetoPlayed } from '../../../shared/domain/veto.js';
import { drawShuffleTeams, playerLeaderboard } from '../../../shared/domain/shuffle.js';
import { DEFAULT_TEAM_SIZE } from '../../../shared/domain/tournament-rules.js';
import { newMatchRecord, VETO_NOT_STARTED, type MatchRecord, type MatchWriter } from '../matches/index.js';
import type { FormatEngine, StandingRow } from './engine.js';
import type { TournamentRecord } from './repo.js';
import { resultsOf } from './standings.js';

export const DEFAULT_SHUFFLE_ROUNDS = 3;
/** Generated teams start with "_": ids people choose must start with a letter or digit, so none collide. */
const TEAM_PREFIX = '_shuffle-';

const teamLetter = (k: number) =>
  String.fromCharCode(65 + (k % 26)) + (k >= 26 ? String(Math.floor(k / 26)) : '');

/**
 * Shuffle: each round the registered players are drawn into rating-balanced teams that play one match;
 * the leaderboard ranks players. Teams are generated per round and removed with the tournament.
 */
export function createShuffleEngine(
  repos: Pick<Repos, 'matches' | 'teams' | 'tournaments'>,
  matchWriter: Pick<MatchWriter, 'create' | 'remove'>,
  now: () => number,
): FormatEngine {
  const { matches, teams, tournaments } = repos;
  const roundsOf = (t: TournamentRecord) => t.settings.swissRounds ?? DEFAULT_SHUFFLE_ROUNDS;
  const sizeOf = (t: TournamentRecord) => t.settings.teamSize ?? DEFAULT_TEAM_SIZE;

  /** Player id -> generated team ids they played on. */
  async function rosters(list: readonly MatchRecord[]): Promise<Map<string, string[]>> {
    const byTeam = new Map<string, string[]>();
    for (const id of new Set(list.flatMap((m) => [m.team1Id, m.team2Id]).filter((x): x is string => !!x))) {
      byTeam.set(id, (await teams.get(id))?.players.map((p) => p.platformId) ?? []);
    }
    return byTeam;
  }

  async function drawRound(t: TournamentRecord, round: number): Promise<void> {
    const pool = await tournaments.shufflePoolPlayers(t.id);
    const played = new Map<string, number>();
    for (const roster of (await rosters(await matches.listOfTournament(t.id))).values()) {
      roster.forEach((id) => played.set(id, (played.get(id) ?? 0) + 1));
    }
    const draw = drawShuffleTeams(
      pool.map((p) => ({
        id: p.platformId,
        rating: p.rating,
        roundsBenched: round - 1 - (played.get(p.platformId) ?? 0),
      })),
      sizeOf(t),
      (t.settings.randomSeed ?? 0) + round,
    );
    const names = new Map(pool.map((p) => [p.platformId, p.name]));
    const created = now();
    const teamIds: string[] = [];
    for (const [k, roster] of draw.teams.entries()) {
      const id = `${TEAM_PREFIX}r${round}-t${k + 1}`;
      await teams.insert({ id, name: `R${round} Team ${teamLetter(k)}`, tag: '' }, created);
      await teams.replaceRoster(
        id,
        roster.map((platformId) => ({ platformId, name: names.get(platformId)! })),
      );
      teamIds.push(id);
    }
    // The draw makes an even number of teams: they meet in pairs, nobody gets a free win.
    for (let k = 0; k * 2 < teamIds.length; k++) {
      await matchWriter.create(
        newMatchRecord({
          slug: `shuffle-r${round}-m${k + 1}`,
          matchid: await matches.newMatchid(),
          tournamentId: t.id,
          bracket: 'SWISS',
          round,
          matchNumber: k + 1,
          label: `Shuffle R${round} M${k + 1}`,
          team1Id: teamIds[k * 2]!,
          team2Id: teamIds[k * 2 + 1]!,
          status: statusBeforePlay(true, vetoPlayed(t.settings.veto, t.format, t.settings.mapPool)),
          format: t.format,
          maxRounds: t.settings.maxRounds,
          overtimeMode: t.settings.overtimeMode,
          mapPool: t.settings.mapPool,
          veto: vetoPlayed(t.settings.veto, t.format, t.settings.mapPool) ? VETO_NOT_STARTED : null,
          queuePosition: round * 1000 + k + 1,
          playOrder: round * 1000 + k + 1,
          createdAt: created,
        }),
      );
    }
  }

  const roundDone = (list: readonly MatchRecord[], round: number) =>
    list.some((m) => m.round === round) &&
    list.filter((m) => m.round === round).every((m) => m.status === 'completed' || m.status === 'cancelled');

  return {
    async generate(t) {
      await drawRound(t, 1);
      return { stageId: null };
    },

    async advance(t, decided) {
      const list = await matches.listOfTournament(t.id);
      const next = decided.round + 1;
      if (next <= roundsOf(t) && roundDone(list, decided.round) && !list.some((m) => m.round === next)) {
        await drawRound(t, next);
      }
    },

    async champion(t) {
      return roundDone(await matches.listOfTournament(t.id), roundsOf(t))
        ? (await this.standings(t))[0]?.teamId
        : undefined;
    },

    /** Players ranked by their teams' results (shared/domain/shuffle); `teamId` holds the player's id. */
    async standings(t): Promise<StandingRow[]> {
      const list = await matches.listOfTournament(t.id);
      const byTeam = await rosters(list);
      const pool = await tournaments.shufflePoolPlayers(t.id);
      const inPool = new Set(pool.map((p) => p.platformId));
      // A player deleted since the draw is no longer ranked.
      const playersOf = (team: string | null) =>
        (team === null ? [] : (byTeam.get(team) ?? [])).filter((id) => inPool.has(id));
      const results = resultsOf(list, await matches.mapsOfTournament(t.id))
        .filter((r) => r.team2 !== null)
        .map((r) => ({
          team1: playersOf(r.team1),
          team2: playersOf(r.team2),
          winner: r.winner === null ? null : r.winner === r.team1 ? ('team1' as const) : ('team2' as const),
          team1Rounds: r.team1Rounds,
          team2Rounds: r.team2Rounds,
        }));
      const seeds = new Map(pool.map((p, i) => [p.platformId, i + 1]));
      return playerLeaderboard(
        pool.map((p) => ({ id: p.platformId, rating: p.rating })),
        results,
      ).map((row) => ({
        teamId: row.playerId,
        wins: row.wins,
        losses: row.losses,
        draws: row.draws,
        byes: 0,
        buchholz: 0,
        roundDifference: row.roundDifference,
        seed: seeds.get(row.playerId)!,
        rank: row.rank,
      }));
    },

    async clear(t) {
      const generated = new Set(
        (await matches.listOfTournament(t.id))
          .flatMap((m) => [m.team1Id, m.team2Id])
          .filter((id): id is string => !!id?.startsWith(TEAM_PREFIX)),
      );
      // The matches go first (the tournament removes them); the teams they named go with them.
      for (const m of await matches.listOfTournament(t.id)) {
        await matchWriter.remove(m.slug);
      }
      for (const id of generated) {
        await teams.delete(id);
      }
    },
  };
}
