import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import { notFound } from '../../errors.js';
import type { Tournament } from '../../../shared/contracts/tournament.js';
import { createEtaBoard, presentMatch } from '../matches/index.js';
import type { TournamentDeps } from './service.js';
import type { TournamentRecord } from './repo.js';
import { presentStages } from './stage-views.js';
import type { StandingRow } from './engine.js';
import { recordText, swissState, thresholdsOf, type SwissState } from '../../../shared/domain/swiss-pools.js';
import { presentTimetable } from './timetable.js';

/** What a tournament shows: the record, its bracket and standings, and their live messages. */
export function createTournamentViews(
  ctx: Pick<AppContext, 'live' | 'sql' | 'repos' | 'clock'>,
  deps: Pick<TournamentDeps, 'engineFor'>,
  repos: Pick<Repos, 'tournaments' | 'matches'>,
) {
  const { tournaments: repo, matches } = repos;
  const etaBoard = createEtaBoard(ctx);

  async function current(): Promise<TournamentRecord> {
    const t = await repo.current();
    if (!t) {
      throw notFound('The tournament');
    }
    return t;
  }

  /** Names of what a standings row ranks: teams, or players in a shuffle tournament. */
  async function entrantNames(
    t: TournamentRecord,
  ): Promise<ReadonlyMap<string, { id: string; name: string; tag: string }>> {
    if (t.type !== 'shuffle') {
      return matches.teamRefs();
    }
    return new Map(
      (await repo.shufflePoolPlayers(t.id)).map((p) => [
        p.platformId,
        { id: p.platformId, name: p.name, tag: '' },
      ]),
    );
  }

  // The repo hands out the same frozen lists until they change (SQLite): the answer for them is kept.
  let lastDropped: { teamIds: readonly string[]; seeds: readonly string[]; dropped: string[] } | undefined;

  /** Teams left out at the start for missing check-in: registered but not drawn (API.md decision 36). */
  function droppedTeams(t: TournamentRecord): string[] {
    if (t.status === 'setup' || t.type === 'shuffle') {
      return [];
    }
    if (lastDropped?.teamIds !== t.teamIds || lastDropped.seeds !== t.seeds) {
      // A set: the tournament is presented after every result, and a bracket may hold 1024 teams.
      const drawn = new Set(t.seeds);
      lastDropped = { teamIds: t.teamIds, seeds: t.seeds, dropped: t.teamIds.filter((id) => !drawn.has(id)) };
    }
    return [...lastDropped.dropped];
  }

  async function present(t: TournamentRecord): Promise<Tournament> {
    // Only the champion's name is needed: not every team of a large bracket.
    const teams = t.type === 'shuffle' ? await entrantNames(t) : await matches.teamRefsOf([t.winnerTeamId]);
    return {
      id: t.id,
      name: t.name,
      type: t.type,
      format: t.format,
      gameMode: t.gameMode,
      serverTags: t.serverTags,
      status: t.status,
      teamIds: t.teamIds,
      settings: t.settings,
      droppedTeamIds: droppedTeams(t),
      withdrawn: t.withdrawn.map(({ teamId, reason, at }) => ({ teamId, reason, at })),
      winner: t.winnerTeamId === null ? null : (teams.get(t.winnerTeamId) ?? null),
      ...(await presentStages(t, matches)),
      createdAt: t.createdAt,
      startedAt: t.startedAt,
      completedAt: t.completedAt,
      timetable: await presentTimetable(t, ctx.clock.now(), etaBoard, matches),
    };
  }

  /** Live messages after a committed change: the record, and its matches as the change affected them. */
  async function announce(t: TournamentRecord | null, matchesChange?: 'matches' | 'rebuilt'): Promise<void> {
    ctx.live.publish({
      topic: 'tournament',
      tournamentId: t?.id ?? null,
      tournament: t && (await present(t)),
    });
    if (matchesChange === 'rebuilt') {
      ctx.live.bracketRebuilt(t?.id ?? null);
    } else if (matchesChange === 'matches' && t) {
      ctx.live.tournamentMatches(t.id);
    }
  }

  /** Live messages once tournament `id` is deleted. */
  function announceDeleted(id: number): void {
    ctx.live.publish({ topic: 'tournament', tournamentId: id, tournament: null });
    // A deleted tournament's bracket is none (the tournament message names which went).
    ctx.live.bracketRebuilt(null);
  }

  return {
    current,
    present,
    announce,
    announceDeleted,
    etaBoard,

    async find(id: number): Promise<TournamentRecord> {
      const t = await repo.get(id);
      if (!t) {
        throw notFound(`Tournament ${id}`);
      }
      return t;
    },

    async bracket() {
      const t = await current();
      const teams = await matches.teamRefs();
      const maps = await matches.mapsOfTournament(t.id);
      // Once per answer: a bracket has up to two thousand matches. Read before the matches, so a match
      // loaded in between shows as loaded without an ETA rather than waiting without one.
      const etas = await etaBoard();
      const list = await matches.listOfTournament(t.id);
      const engine = deps.engineFor(t);
      const standings = t.type === 'swiss' && t.status !== 'setup' ? await engine.standings(t) : [];
      const tournament = await present(t);
      const named = <S extends { teamId: string }>(s: S) => ({
        ...s,
        name: teams.get(s.teamId)?.name ?? s.teamId,
      });
      const tables = engine.groups && t.status !== 'setup' ? await engine.groups.tables(t) : [];
      const groupConfig = t.stages?.[0];
      const groupThresholds = groupConfig?.type === 'swiss' ? thresholdsOf(groupConfig) : null;
      // Fixed-round groups: a completed group's qualified teams advance and the rest are out.
      const groupState = (row: StandingRow & { qualified: boolean }, completed: boolean): SwissState =>
        groupThresholds
          ? swissState(row, groupThresholds)
          : row.qualified
            ? 'advanced'
            : completed
              ? 'eliminated'
              : 'playing';
      return {
        tournament,
        matches: list.map((m) => presentMatch(m, teams, maps.get(m.slug) ?? [], etas)),
        rounds: list.reduce((max, m) => Math.max(max, m.round), 0),
        stages: tournament.stages.map((stage) =>
          stage.kind === 'groups'
            ? {
                ...stage,
                groups: tables.map(({ name, teamIds, completed, standings: rows }) => ({
                  name,
                  teamIds,
                  standings: rows.map((row) => ({
                    ...named(row),
                    record: recordText(row),
                    state: groupState(row, completed),
                  })),
                })),
              }
            : stage,
        ),
        swissStandings: standings.map((row) => ({
          ...named(row),
          record: recordText(row),
          state: swissState(row, thresholdsOf(t.settings)),
        })),
      };
    },

    async leaderboard(id: number) {
      const t = await repo.get(id);
      if (!t) {
        throw notFound(`Tournament ${id}`);
      }
      const names = await entrantNames(t);
      const ratings = new Map((await repo.shufflePoolPlayers(t.id)).map((p) => [p.platformId, p.rating]));
      const rows = t.status === 'setup' ? [] : await deps.engineFor(t).standings(t);
      return rows.map((s) => ({
        rank: s.rank,
        ...(t.type === 'shuffle'
          ? { playerId: s.teamId, rating: ratings.get(s.teamId) }
          : { teamId: s.teamId }),
        name: names.get(s.teamId)?.name ?? s.teamId,
        wins: s.wins,
        losses: s.losses,
        draws: s.draws,
        buchholz: s.buchholz,
        roundDifference: s.roundDifference,
      }));
    },
  };
}

export type TournamentViews = ReturnType<typeof createTournamentViews>;
