import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { MatchStats, PlayerStats, TournamentStats } from '../../../shared/contracts/stats.js';
import {
  byKills,
  lineOf,
  sortLines,
  sumByPlayer,
  sumCounts,
  tournamentMvp,
  type Side,
  type StatSort,
} from '../../../shared/domain/player-stats.js';
import type { MatchMapLine } from '../plugin-events/index.js';

/** Per-player statistics (API.md decisions 44-46), read from the snapshots the event apply step keeps. */
export function createStatsService(ctx: Pick<AppContext, 'repos'>) {
  const { playerStats, matches, tournaments, players } = ctx.repos;

  /** The lines of one side, sorted like a scoreboard (kills, then ADR). */
  function sideLines(rows: readonly MatchMapLine[], side: Side) {
    const mine = rows.filter((r) => r.side === side);
    return sumByPlayer(mine.map((r) => ({ ...r, matchSlug: '' })))
      .map(({ matches: _m, maps: _n, ...line }) => line)
      .sort(byKills);
  }

  async function matchStats(slug: string): Promise<Omit<MatchStats, 'success'>> {
    const match = await matches.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    const rows = await playerStats.matchLines(slug);
    const numbers = [...new Set(rows.map((r) => r.mapNumber))];
    const maps = numbers.map((number) => {
      const ofMap = rows.filter((r) => r.mapNumber === number);
      return {
        number,
        name: ofMap[0]!.mapName,
        final: ofMap[0]!.finished === 1,
        team1: sideLines(ofMap, 'team1'),
        team2: sideLines(ofMap, 'team2'),
      };
    });
    return {
      final: match.status === 'completed' && maps.every((m) => m.final),
      maps,
      total: { team1: sideLines(rows, 'team1'), team2: sideLines(rows, 'team2') },
    };
  }

  async function playerStatsOf(platformId: string): Promise<Omit<PlayerStats, 'success'>> {
    const name = (await players.get(platformId))?.name ?? (await playerStats.lastName(platformId));
    if (name === undefined) {
      throw notFound(`Player ${platformId}`);
    }
    const current = await tournaments.current();
    // Every match the player played (manual and show matches too); the totals are the current tournament's.
    const rows = await playerStats.playerLines(platformId);
    const ofTournament = current ? rows.filter((r) => r.tournamentId === current.id) : [];
    const slugs = [...new Set(rows.map((r) => r.matchSlug))];
    const last = ofTournament.at(-1);
    return {
      player: { platformId, name },
      tournament: last ? lineOf(last, sumCounts(ofTournament)) : null,
      matches: slugs.map((slug) => {
        const ofMatch = rows.filter((r) => r.matchSlug === slug);
        return { slug, label: ofMatch[0]!.label, line: lineOf(ofMatch.at(-1)!, sumCounts(ofMatch)) };
      }),
    };
  }

  /** Every player's line of a tournament, unsorted, and its MVP once it is completed. */
  async function totalsOf(t: { id: number; status: string }): Promise<Omit<TournamentStats, 'success'>> {
    const all = (await playerStats.tournamentTotals(t.id)).map(({ matches: played, maps, ...totals }) => ({
      ...lineOf(totals, totals),
      matches: played,
      maps,
    }));
    return { players: all, mvp: t.status === 'completed' ? tournamentMvp(all) : null };
  }

  async function tournamentStats(sort: StatSort, minMaps: number): Promise<Omit<TournamentStats, 'success'>> {
    const current = await tournaments.current();
    if (!current) {
      return { players: [], mvp: null };
    }
    const { players: all, mvp } = await totalsOf(current);
    return {
      players: sortLines(
        all.filter((p) => p.maps >= minMaps),
        sort,
      ),
      mvp,
    };
  }

  /** A tournament's lines as `/stats` lists them by default (most kills first), every player included. */
  async function statsOfTournament(t: {
    id: number;
    status: string;
  }): Promise<Omit<TournamentStats, 'success'>> {
    const { players: all, mvp } = await totalsOf(t);
    return { players: sortLines(all, 'kills'), mvp };
  }

  return { matchStats, playerStats: playerStatsOf, tournamentStats, statsOfTournament };
}

export type StatsService = ReturnType<typeof createStatsService>;
