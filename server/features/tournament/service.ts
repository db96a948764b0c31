import type { AppContext } from '../../context.js';
import type { CreateTournament, Tournament } from '../../../shared/contracts/tournament.js';
import type { TournamentListItem } from '../../../shared/contracts/tournaments.js';
import { notFound } from '../../errors.js';
import type { PreflightResult } from '../../../shared/contracts/preflight.js';
import type { MapsService } from '../maps/index.js';
import type { SettingsService } from '../settings/index.js';
import type { TeamsService } from '../teams/index.js';
import type { EmitMatchEvent, EmitTeamEvent } from '../webhooks/index.js';
import type { ForfeitInput } from '../match-controls/index.js';
import type { MatchRecord, MatchWriter } from '../matches/index.js';
import type { FormatEngine } from './engine.js';
import type { TournamentRecord } from './repo.js';
import { createTournamentRun } from './run.js';
import { createSeriesResult } from './series-result.js';
import { createTournamentSetup } from './setup.js';
import { createPlayoffs } from './playoffs.js';
import { createResultCorrection } from './correction.js';
import { createCheckIn } from './check-in.js';
import { createTemplatesService } from './templates.js';
import { createTournamentViews } from './views.js';
import { createPreflightFacts } from './preflight-facts.js';
import { createStartDraw } from './start-draw.js';
import { createWithdrawal } from './withdraw.js';
import { createTimetable } from './timetable.js';

export interface TournamentDeps {
  teams: TeamsService;
  maps: MapsService;
  settings: SettingsService;
  engineFor(t: TournamentRecord): FormatEngine;
  /** Rating changes of a decided series, and their undo on reset (ratings feature). */
  ratings: {
    applySeries(t: TournamentRecord | undefined, match: MatchRecord): Promise<void>;
    /** Manual matches count as run 0 of no tournament. */
    undoRun(t: { id: number | null; run: number }): Promise<void>;
    /** Each team's strength, for `rating` seeding. */
    teamRatings(teamIds: readonly string[]): Promise<(teamId: string) => number>;
    /** A corrected result: rating changes from the first the touched matches made redone as they are now. */
    redoFrom(
      t: TournamentRecord | undefined,
      touched: readonly string[],
      current: (slug: string) => Promise<MatchRecord | undefined>,
    ): Promise<void>;
  };
  /** Ends a loaded or live match on its server and frees the server (a forced correction resets it). */
  endOnServer(match: MatchRecord): Promise<void> | void;
  /** 400 naming every platform id with no player record. */
  assertPlayersExist(platformIds: readonly string[]): Promise<void>;
  /** Announces a match change to webhooks, inside the change's transaction. */
  emitMatchEvent: EmitMatchEvent;
  /** The matches feature's writer: every change of a match's state. */
  matchWriter: MatchWriter;
  /** The checks before the start (preflight feature, API.md decision 57). */
  preflight(): Promise<PreflightResult>;
  /** A walkover, ended on its server first (match controls, API.md decision 60). */
  forfeitMatch(slug: string, input: ForfeitInput): Promise<MatchRecord>;
  /** Announces a team event to webhooks, inside the change's transaction. */
  emitTeamEvent: EmitTeamEvent;
}

/** The tournament: setup, its run, the series results that move it on, and its views (one file each). */
export function createTournamentService(ctx: AppContext, deps: TournamentDeps) {
  const { repos } = ctx;
  const views = createTournamentViews(ctx, deps, repos);
  const playoffs = createPlayoffs(ctx, deps, repos, views);
  const checkIn = createCheckIn(ctx, deps, repos, views);
  const run = createTournamentRun(ctx, deps, repos, views, playoffs, checkIn);
  const setup = createTournamentSetup(ctx, deps, repos, run, views);
  const timetable = createTimetable(ctx, repos, {
    start: () => run.start(),
    announce: (t) => views.announce(t),
  });
  return {
    get: async (): Promise<Tournament> => views.present(await views.current()),
    find: views.find,
    current: () => repos.tournaments.current(),
    create: (input: CreateTournament) => setup.create(input),
    /** Another tournament beside those there are (`POST /api/tournaments`). */
    createAlongside: (input: CreateTournament) => setup.create(input, true),
    /** Every tournament for `GET /api/tournaments`, oldest first. */
    async list(): Promise<TournamentListItem[]> {
      const primary = await repos.tournaments.primary();
      return (await repos.tournaments.list()).map((t) => ({
        id: t.id,
        name: t.name,
        type: t.type,
        status: t.status,
        gameMode: t.gameMode,
        primary: t.id === primary?.id,
      }));
    },
    /** The tournament `id` names; 404 for an unknown id. */
    async resolve(id: number): Promise<TournamentRecord> {
      const t = await repos.tournaments.get(id);
      if (!t) {
        throw notFound('The tournament');
      }
      return t;
    },
    /** Makes `id` the tournament the singular paths mean. */
    async setPrimary(id: number): Promise<Tournament> {
      const t = await ctx.sql.tx(async () => {
        const found = await repos.tournaments.get(id);
        if (!found) {
          throw notFound('The tournament');
        }
        await repos.tournaments.setPrimary(id);
        return found;
      });
      await views.announce(t);
      return views.present(t);
    },
    update: setup.update,
    delete: setup.delete,
    start: run.start,
    previewStart: run.preview,
    startPlayoffs: () => playoffs.start((filled) => run.settle(filled, ctx.clock.now())),
    reset: run.reset,
    clearAllMatches: run.clearAllMatches,
    recordSeriesResult: createSeriesResult(ctx, deps, repos, run, views),
    bracket: views.bracket,
    leaderboard: views.leaderboard,
    setShufflePlayers: setup.setShufflePlayers,
    templates: createTemplatesService(ctx, deps.maps),
    correction: createResultCorrection(ctx, deps, repos, views),
    checkIn,
    // The count of first-round pairings does not depend on the seed: the preflight's draw takes none of
    // the app's random numbers, so a start after it draws as it would have without.
    preflightFacts: createPreflightFacts(
      deps,
      createStartDraw({ random: () => 0 }, deps, repos, checkIn),
      () => repos.tournaments.current(),
    ),
    /** The veto starter rule of a match's tournament and its teams' seeds (decision 78). */
    async vetoStarterOf(m: Pick<MatchRecord, 'tournamentId' | 'team1Id' | 'team2Id'>) {
      const t = m.tournamentId === null ? undefined : await repos.tournaments.get(m.tournamentId);
      const seedOf = (id: string | null) => {
        const at = id === null ? -1 : (t?.seeds.indexOf(id) ?? -1);
        return at < 0 ? null : at + 1;
      };
      return {
        rule: t?.settings.vetoStarter ?? 'team1',
        seeds: { team1: seedOf(m.team1Id), team2: seedOf(m.team2Id) },
      };
    },
    withdraw: createWithdrawal(ctx, deps, repos, views),
    /** Which waiting matches the timetable holds, and the leader's automatic start. */
    timetable: { holds: timetable.holds, autoStart: timetable.autoStart },
    pause: async (id: number) => views.present(await timetable.pause(id)),
    resume: async (id: number) => views.present(await timetable.resume(id)),
  };
}

export type TournamentService = ReturnType<typeof createTournamentService>;
