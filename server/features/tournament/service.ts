import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { asyncTransaction } from '../../db/async-transaction.js';
import type { ErrorDetail } from '../../../shared/contracts/errors.js';
import {
  type CreateTournament,
  type Tournament,
  type TournamentSettings,
  type UpdateTournament,
} from '../../../shared/contracts/tournament.js';
import type { MapsService } from '../maps/service.js';
import type { SettingsService } from '../settings/service.js';
import type { TeamsService } from '../teams/service.js';
import type { EmitMatchEvent } from '../webhooks/service.js';
import { createMatchesRepo, type MatchRecord } from '../matches/repo.js';
import { moveMatch } from '../matches/lifecycle.js';
import { presentMatch, type SeriesResult } from '../matches/service.js';
import {
  checkStart,
  drawsAllowed,
  nextStatus,
  refusedEdits,
  sharedPlayerWarnings,
  type TournamentField,
  DEFAULT_TEAM_SIZE,
} from '../../../shared/domain/tournament-rules.js';
import type { FormatEngine } from './engine.js';
import { createTournamentRepo, type TournamentRecord } from './repo.js';
import { createTemplatesService } from './templates.js';

export interface TournamentDeps {
  teams: TeamsService;
  maps: MapsService;
  settings: SettingsService;
  engineFor(t: TournamentRecord): FormatEngine;
  /** Rating changes of a decided series, and their undo on reset (ratings feature). */
  ratings: {
    applySeries(t: TournamentRecord | undefined, match: MatchRecord): void;
    /** Manual matches count as run 0 of no tournament. */
    undoRun(t: { id: number | null; run: number }): void;
  };
  seedOrder(t: TournamentRecord): string[];
  /** 400 naming every platform id with no player record. */
  assertPlayersExist(platformIds: readonly string[]): void;
  /** Announces a match change to webhooks, inside the change's transaction. */
  emitMatchEvent: EmitMatchEvent;
}

export function createTournamentService(ctx: AppContext, deps: TournamentDeps) {
  const repo = createTournamentRepo(ctx.db);
  const matches = createMatchesRepo(ctx.db);

  function current(): TournamentRecord {
    const t = repo.current();
    if (!t) {
      throw notFound('The tournament');
    }
    return t;
  }

  /** Names of what a standings row ranks: teams, or players in a shuffle tournament. */
  function entrantNames(t: TournamentRecord): Map<string, { id: string; name: string; tag: string }> {
    if (t.type !== 'shuffle') {
      return matches.teamRefs();
    }
    return new Map(
      repo.shufflePoolPlayers(t.id).map((p) => [p.platformId, { id: p.platformId, name: p.name, tag: '' }]),
    );
  }

  function present(t: TournamentRecord): Tournament {
    // Only the champion's name is needed: not every team of a large bracket.
    const teams = t.type === 'shuffle' ? entrantNames(t) : matches.teamRefsOf([t.winnerTeamId]);
    return {
      id: t.id,
      name: t.name,
      type: t.type,
      format: t.format,
      status: t.status,
      teamIds: t.teamIds,
      settings: t.settings,
      winner: t.winnerTeamId === null ? null : (teams.get(t.winnerTeamId) ?? null),
      createdAt: t.createdAt,
      startedAt: t.startedAt,
      completedAt: t.completedAt,
    };
  }

  function assertTeams(teamIds: readonly string[]): void {
    const teams = matches.teamRefs();
    const details: ErrorDetail[] = [];
    const seen = new Set<string>();
    teamIds.forEach((id, i) => {
      if (!teams.has(id)) {
        details.push({ path: `teamIds.${i}`, message: `unknown team "${id}"` });
      } else if (seen.has(id)) {
        details.push({ path: `teamIds.${i}`, message: `team "${id}" is listed twice` });
      }
      seen.add(id);
    });
    if (details.length > 0) {
      throw new AppError('VALIDATION_FAILED', 400, 'Some team ids are unknown or listed twice.', details);
    }
  }

  /** Settings with every default filled in; a type switch to double elimination applies `simple`. */
  function settingsFor(
    input: Partial<TournamentSettings>,
    base: TournamentSettings | undefined,
    typeChangedTo: string | undefined,
  ): TournamentSettings {
    const appDefaults = deps.settings.read();
    const merged: TournamentSettings = {
      grandFinalMode: 'simple',
      maxRounds: appDefaults.defaultMaxRounds,
      overtimeMode: appDefaults.defaultOvertimeMode,
      mapPool: deps.maps.defaultPoolMapIds(),
      seeding: 'manual',
      randomSeed: null,
      thirdPlaceMatch: false,
      veto: true,
      ...base,
      ...input,
    };
    if (typeChangedTo === 'double_elimination' && input.grandFinalMode === undefined) {
      merged.grandFinalMode = 'simple';
    }
    if (input.mapPool) {
      deps.maps.assertMapsExist(input.mapPool, 'settings.mapPool');
    }
    return merged;
  }

  /** The pure start check's facts: rosters for the two-team warning, the pool for shuffle. */
  function startCheck(t: TournamentRecord) {
    return checkStart({
      type: t.type,
      format: t.format,
      teams: deps.teams.rosters(t.teamIds),
      veto: t.settings.veto,
      mapPool: t.settings.mapPool,
      swissRounds: t.settings.swissRounds,
      shuffle: {
        poolSize: repo.shufflePoolPlayers(t.id).length,
        teamSize: t.settings.teamSize ?? DEFAULT_TEAM_SIZE,
      },
    });
  }

  const playerWarnings = (teamIds: readonly string[]) => sharedPlayerWarnings(deps.teams.rosters(teamIds));

  function assertSetup(t: TournamentRecord, action: string): void {
    if (t.status !== 'setup') {
      throw new AppError(
        'INVALID_STATE',
        422,
        `Cannot ${action} while the tournament is ${t.status.replace('_', ' ')}; reset it first.`,
      );
    }
  }

  /** Removes the run's matches. */
  async function clearRun(
    t: TournamentRecord,
    announce: { type: 'match.reset' | 'match.cancelled'; reason: string },
  ): Promise<void> {
    await deps.engineFor(t).clear(t);
    deps.ratings.undoRun(t);
    removeMatches(matches.listOfTournament(t.id), announce);
  }

  /** Deletes matches; websites hear of each real one (both teams known) going away. */
  function removeMatches(
    list: readonly MatchRecord[],
    announce: { type: 'match.reset' | 'match.cancelled'; reason: string },
  ): void {
    for (const m of list) {
      if (m.team1Id !== null && m.team2Id !== null && !m.isBye) {
        deps.emitMatchEvent(announce.type, m.slug, { reason: announce.reason });
      }
      matches.delete(m.slug);
    }
  }

  /** The run's matches removed and ratings as before it; the setup kept. */
  async function backToSetup(t: TournamentRecord, reason: string): Promise<void> {
    await clearRun(t, { type: 'match.reset', reason });
    repo.save({
      ...t,
      status: 'setup',
      stageId: null,
      winnerTeamId: null,
      startedAt: null,
      completedAt: null,
    });
  }

  /** Live messages after a committed change: the record, and its matches as the change affected them. */
  function announce(t: TournamentRecord | null, matchesChange?: 'matches' | 'rebuilt'): void {
    ctx.live.publish({ topic: 'tournament', tournament: t && present(t) });
    if (matchesChange === 'rebuilt') {
      ctx.live.bracketRebuilt(t?.id ?? null);
    } else if (matchesChange === 'matches' && t) {
      ctx.live.tournamentMatches(t.id);
    }
  }

  /** A decided series moves its bracket on (and may complete the tournament); a manual match is alone. */
  function announceMatch(m: MatchRecord): void {
    const t = m.tournamentId === null ? undefined : repo.get(m.tournamentId);
    if (t) {
      announce(t, 'matches');
    } else {
      ctx.live.matches(m.slug);
    }
  }

  return {
    get: (): Tournament => present(current()),
    find: (id: number): TournamentRecord => {
      const t = repo.get(id);
      if (!t) {
        throw notFound(`Tournament ${id}`);
      }
      return t;
    },
    current: () => repo.current(),

    create(input: CreateTournament): { tournament: Tournament; warnings: string[] } {
      const id = ctx.db.transaction(() => {
        if (repo.current()) {
          throw new AppError(
            'TOURNAMENT_EXISTS',
            409,
            'A tournament already exists; delete it (or reset and edit it) before creating another.',
          );
        }
        assertTeams(input.teamIds);
        const settings = settingsFor(input.settings, undefined, input.type);
        return repo.insert({ ...input, settings }, ctx.clock.now());
      })();
      const t = repo.get(id)!;
      announce(t);
      return { tournament: present(t), warnings: playerWarnings(t.teamIds) };
    },

    update(input: UpdateTournament): { tournament: Tournament; warnings: string[] } {
      const t = ctx.db.transaction(() => {
        const existing = current();
        const refused = refusedEdits(existing.status, Object.keys(input) as TournamentField[]);
        if (refused.length > 0) {
          throw new AppError(
            'INVALID_STATE',
            422,
            `Cannot change ${refused.join(', ')} while the tournament is ${existing.status.replace('_', ' ')}; reset it first.`,
          );
        }
        if (input.teamIds) {
          assertTeams(input.teamIds);
        }
        const typeChanged = input.type !== undefined && input.type !== existing.type ? input.type : undefined;
        const next: TournamentRecord = {
          ...existing,
          name: input.name ?? existing.name,
          format: input.format ?? existing.format,
          type: input.type ?? existing.type,
          teamIds: input.teamIds ?? existing.teamIds,
          settings: settingsFor(input.settings ?? {}, existing.settings, typeChanged),
        };
        repo.save(next);
        if (input.format && input.format !== existing.format) {
          matches.setFormatOfUnstarted(existing.id, input.format);
        }
        return next;
      })();
      announce(t, 'matches');
      return { tournament: present(t), warnings: playerWarnings(t.teamIds) };
    },

    /** Deletes the tournament, its matches and their live stats; the slugs are free again. */
    async delete(): Promise<void> {
      const t = current();
      await asyncTransaction(ctx.db, async () => {
        await clearRun(t, { type: 'match.cancelled', reason: 'tournament_deleted' });
        repo.delete(t.id);
      });
      announce(null, 'rebuilt');
    },

    /** Starts the tournament; a player on two of its teams is a warning, not a reason to refuse. */
    async start(): Promise<{ tournament: Tournament; warnings: string[] }> {
      const t = current();
      assertSetup(t, 'start');
      const { problems, warnings } = startCheck(t);
      if (problems.length > 0) {
        throw new AppError(
          'INVALID_STATE',
          422,
          `The tournament cannot start: ${problems.map((p) => p.message).join('; ')}.`,
          problems,
        );
      }
      await asyncTransaction(ctx.db, async () => {
        const settings =
          t.settings.seeding === 'random' && t.settings.randomSeed === null
            ? { ...t.settings, randomSeed: Math.floor(Math.random() * 2 ** 31) }
            : t.settings;
        const withSettings = { ...t, settings };
        const started: TournamentRecord = {
          ...withSettings,
          seeds: deps.seedOrder(withSettings),
          status: 'in_progress',
          run: t.run + 1,
          startedAt: ctx.clock.now(),
          completedAt: null,
          winnerTeamId: null,
        };
        const { stageId } = await deps.engineFor(started).generate(started, started.seeds);
        repo.save({ ...started, stageId });
      });
      const started = current();
      announce(started, 'rebuilt');
      return { tournament: present(started), warnings };
    },

    /** Back to setup: matches removed, ratings as they were before this run. */
    async reset(): Promise<Tournament> {
      const t = current();
      if (nextStatus(t.status, 'reset') === null) {
        throw new AppError(
          'INVALID_STATE',
          422,
          'The tournament has not started: there is nothing to reset.',
        );
      }
      await asyncTransaction(ctx.db, () => backToSetup(t, 'tournament_reset'));
      announce(current(), 'rebuilt');
      return present(current());
    },

    /**
     * Simulation reset: every match goes (manual ones too, with their ratings) and a started
     * tournament is back to setup; teams, servers, maps and the tournament setup stay.
     */
    async clearAllMatches(): Promise<{ deletedMatches: number; tournament: Tournament | null }> {
      const deletedMatches = matches.list().length;
      const t = repo.current();
      await asyncTransaction(ctx.db, async () => {
        if (t && t.status !== 'setup') {
          await backToSetup(t, 'simulation_reset');
        }
        deps.ratings.undoRun({ id: null, run: 0 });
        removeMatches(matches.list(), { type: 'match.reset', reason: 'simulation_reset' });
      });
      announce(repo.current() ?? null, 'rebuilt');
      const after = repo.current();
      return { deletedMatches, tournament: after ? present(after) : null };
    },

    /**
     * The one entry of a decided series (admin winner endpoint, the plugin's series end): saves the
     * result, moves the bracket on, applies ratings and completes the tournament after its last match.
     * A level series in elimination is not a result: the match waits for an admin decision.
     */
    async recordSeriesResult(slug: string, result: SeriesResult): Promise<MatchRecord> {
      const saved = await asyncTransaction(ctx.db, async () => {
        const match = matches.get(slug);
        if (!match) {
          throw notFound(`Match "${slug}"`);
        }
        const t = match.tournamentId === null ? undefined : repo.get(match.tournamentId);
        const now = ctx.clock.now();
        const action = result.action ?? 'series_end';
        if (result.winner === null && !drawsAllowed(t?.type ?? null)) {
          const waiting = moveMatch(match, 'series_level');
          matches.save(waiting);
          return waiting;
        }
        const decided: MatchRecord = {
          ...moveMatch(match, action),
          winnerId: result.winner === null ? null : result.winner === 'team1' ? match.team1Id : match.team2Id,
          team1SeriesScore: result.team1SeriesScore ?? match.team1SeriesScore,
          team2SeriesScore: result.team2SeriesScore ?? match.team2SeriesScore,
          completedAt: now,
        };
        matches.save(decided);
        deps.emitMatchEvent('match.finished', slug);
        deps.ratings.applySeries(t, decided);
        if (t && t.status === 'in_progress') {
          const engine = deps.engineFor(t);
          await engine.advance(t, decided);
          const champion = await engine.champion(t);
          if (champion !== undefined) {
            repo.save({ ...t, status: 'completed', winnerTeamId: champion, completedAt: now });
          }
        }
        return matches.get(slug)!;
      });
      announceMatch(saved);
      return saved;
    },

    bracket() {
      const t = current();
      const teams = matches.teamRefs();
      const maps = matches.mapsOfTournament(t.id);
      const list = matches.listOfTournament(t.id);
      const standings = t.type === 'swiss' && t.status !== 'setup' ? deps.engineFor(t).standings(t) : [];
      return {
        tournament: present(t),
        matches: list.map((m) => presentMatch(m, teams, maps.get(m.slug) ?? [])),
        rounds: list.reduce((max, m) => Math.max(max, m.round), 0),
        swissStandings: standings.map((s) => ({ ...s, name: teams.get(s.teamId)?.name ?? s.teamId })),
      };
    },

    leaderboard(id: number) {
      const t = repo.get(id);
      if (!t) {
        throw notFound(`Tournament ${id}`);
      }
      const names = entrantNames(t);
      const ratings = new Map(repo.shufflePoolPlayers(t.id).map((p) => [p.platformId, p.rating]));
      const rows = t.status === 'setup' ? [] : deps.engineFor(t).standings(t);
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

    /** Registers the player pool of a shuffle tournament (replacing the previous one), before the start. */
    setShufflePlayers(platformIds: readonly string[]): string[] {
      return ctx.db.transaction(() => {
        const t = current();
        if (t.type !== 'shuffle') {
          throw new AppError('INVALID_STATE', 422, 'Only a shuffle tournament has a player pool.');
        }
        assertSetup(t, 'change the player pool');
        deps.assertPlayersExist(platformIds);
        repo.replaceShufflePool(t.id, [...new Set(platformIds)]);
        return repo.shufflePool(t.id);
      })();
    },

    templates: createTemplatesService(ctx, deps.maps),
  };
}

export type TournamentService = ReturnType<typeof createTournamentService>;
