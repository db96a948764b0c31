import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { displayStatus, statusBeforePlay } from '../../../shared/domain/match-display.js';
import { slugify, uniqueSlugOf } from '../../../shared/slug.js';
import { MAPS_IN_SERIES, VETO_POOL_SIZE } from '../../../shared/domain/tournament-rules.js';
import type { CreateManualMatch, Match, MatchForfeit, TeamRef } from '../../../shared/contracts/matches.js';
import { connectPayload } from '../../../shared/domain/webhook-events.js';
import { isAdmin, type Principal } from '../../auth/principal.js';
import type { MapsService } from '../maps/index.js';
import type { TeamsService } from '../teams/index.js';
import type { ServersService } from '../servers/index.js';
import type { SettingsService } from '../settings/index.js';
import { assertAllowed } from './lifecycle.js';
import type { EmitMatchEvent } from '../webhooks/index.js';
import type { MatchRecord, StoredMap } from './repo.js';
import type { MatchWriter } from './transition.js';
import { createEtaBoard, type EtaBoard } from './eta.js';
import { spectate } from './spectate.js';

/** What a decided series does; `recordSeriesResult` in the tournament feature applies it. */
export interface SeriesResult {
  /** null: a drawn series (Swiss and round robin only). */
  winner: 'team1' | 'team2' | null;
  team1SeriesScore?: number;
  team2SeriesScore?: number;
  /** What ended it, as the lifecycle table names it; a plugin's series end unless given. */
  action?: 'series_end' | 'end_match' | 'decide_winner' | 'forfeit';
  /** A walkover (action `forfeit`): no maps, stats or rating change (API.md decision 60). */
  forfeit?: MatchForfeit;
}

/** A match not played yet; the caller names it and sets its teams. */
export function newMatchRecord(
  fields: Pick<
    MatchRecord,
    | 'slug'
    | 'matchid'
    | 'tournamentId'
    | 'bracket'
    | 'label'
    | 'format'
    | 'maxRounds'
    | 'overtimeMode'
    | 'mapPool'
    | 'createdAt'
  > &
    Partial<MatchRecord>,
): MatchRecord {
  return {
    stage: fields.tournamentId === null ? null : 'main',
    group: null,
    round: 1,
    matchNumber: 1,
    bmMatchId: null,
    team1Id: null,
    team2Id: null,
    team1Placeholder: null,
    team2Placeholder: null,
    winnerId: null,
    isBye: false,
    serverId: null,
    status: 'pending',
    team1SeriesScore: 0,
    team2SeriesScore: 0,
    team1MapScore: 0,
    team2MapScore: 0,
    phase: null,
    currentMapNumber: null,
    veto: null,
    queuePosition: null,
    playOrder: null,
    teamSize: null,
    loadedAt: null,
    completedAt: null,
    correctedAt: null,
    forfeit: null,
    moving: false,
    moveRound: null,
    movedFrom: null,
    onStage: false,
    goAt: null,
    joinDeadline: null,
    joinHeld: false,
    present: { team1: 0, team2: 0 },
    mapAdvantage: null,
    ...fields,
  };
}

/** The veto state of a match that starts with a veto. */
export const VETO_NOT_STARTED = { status: 'pending', currentTeam: 'team1', currentAction: 'ban' } as const;

export function presentMatch(
  m: MatchRecord,
  teams: ReadonlyMap<string, TeamRef>,
  maps: readonly StoredMap[],
  etas: EtaBoard,
): Match {
  const ref = (id: string | null) => (id === null ? null : (teams.get(id) ?? { id, name: id, tag: '' }));
  const stored = m.veto as Match['veto'];
  // The summary only; the board with its history is GET /api/veto/:matchSlug.
  const veto = stored && {
    status: stored.status,
    currentTeam: stored.currentTeam,
    currentAction: stored.currentAction,
  };
  return {
    slug: m.slug,
    matchid: m.matchid,
    tournamentId: m.tournamentId,
    status: m.status,
    displayStatus: displayStatus({
      status: m.status,
      isBye: m.isBye,
      hasBothTeams: m.team1Id !== null && m.team2Id !== null,
      vetoPending: veto !== null && veto.status !== 'completed',
    }),
    round: m.round,
    matchNumber: m.matchNumber,
    bracket: m.bracket,
    label: m.label,
    stage: m.stage,
    group: m.group,
    team1: ref(m.team1Id),
    team2: ref(m.team2Id),
    team1Placeholder: m.team1Id === null ? m.team1Placeholder : null,
    team2Placeholder: m.team2Id === null ? m.team2Placeholder : null,
    winnerId: m.winnerId,
    serverId: m.serverId,
    format: m.format,
    settings: { matchFormat: m.format },
    maxRounds: m.maxRounds,
    overtimeMode: m.overtimeMode,
    team1SeriesScore: m.team1SeriesScore,
    team2SeriesScore: m.team2SeriesScore,
    team1MapScore: m.team1MapScore,
    team2MapScore: m.team2MapScore,
    phase: m.phase,
    currentMapNumber: m.currentMapNumber,
    maps: maps.map(({ hasDemo, ...map }) => ({
      ...map,
      demo: hasDemo
        ? { available: true, downloadUrl: `/api/demos/${encodeURIComponent(m.slug)}/${map.number}` }
        : null,
    })),
    mapAdvantage: m.mapAdvantage,
    mapPool: m.mapPool,
    veto,
    // Only a match whose two teams are known has a place in the queue.
    queuePosition: m.team1Id !== null && m.team2Id !== null && !m.isBye ? m.queuePosition : null,
    createdAt: m.createdAt,
    loadedAt: m.loadedAt,
    completedAt: m.completedAt,
    correctedAt: m.correctedAt,
    onStage: m.onStage,
    goAt: m.goAt,
    forfeit: m.forfeit,
    moving: m.moving,
    // The clock runs from the config fetch until the first map goes live, unless an admin holds it.
    joinDeadline: m.status === 'loaded' && !m.joinHeld ? m.joinDeadline : null,
    joinHeld: m.status === 'loaded' && m.joinHeld,
    present: m.status === 'loaded' || m.status === 'live' ? m.present : { team1: 0, team2: 0 },
    // The board may have been read a moment apart from this record: only a waiting match has an ETA.
    eta: m.status === 'pending' || m.status === 'ready' ? (etas.get(m.slug) ?? null) : null,
  };
}

/**
 * The sides of a match whose roster holds this player (none, one, or both when on both teams).
 * The one rule for "a player of this match": the veto and the connect details use it.
 */
export function rosterSides(
  m: Pick<MatchRecord, 'team1Id' | 'team2Id'>,
  platformId: string,
  teamOf: (teamId: string) => { players: { platformId: string }[] },
): ('team1' | 'team2')[] {
  const onRoster = (id: string | null) =>
    id !== null && teamOf(id).players.some((p) => p.platformId === platformId);
  return (['team1', 'team2'] as const).filter((side) => onRoster(m[`${side}Id`]));
}

export interface MatchesDeps {
  teams: Pick<TeamsService, 'get'>;
  maps: MapsService;
  servers: ServersService;
  settings: SettingsService;
  /** The one way a series result enters (tournament feature): progression, ratings, completion. */
  recordSeriesResult(slug: string, result: SeriesResult): Promise<MatchRecord>;
  /** Announces a match change to webhooks, inside the change's transaction. */
  emitMatchEvent: EmitMatchEvent;
  matchWriter: Pick<MatchWriter, 'create' | 'remove'>;
}

export function createMatchesService(ctx: AppContext, deps: MatchesDeps) {
  const repo = ctx.repos.matches;

  async function record(slug: string): Promise<MatchRecord> {
    const match = await repo.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    return match;
  }

  const etaBoard = createEtaBoard(ctx);
  const present = async (m: MatchRecord) =>
    presentMatch(m, await repo.teamRefs(), await repo.maps(m.slug), await etaBoard());

  /** Every team's name and tag, once `teamId` is known to be one of them (404 otherwise). */
  async function knownTeams(teamId: string): Promise<Map<string, TeamRef>> {
    const teams = await repo.teamRefs();
    if (!teams.has(teamId)) {
      throw notFound(`Team "${teamId}"`);
    }
    return teams;
  }

  function assertTeamExists(teams: ReadonlyMap<string, TeamRef>, id: string, field: string): void {
    if (!teams.has(id)) {
      throw new AppError('VALIDATION_FAILED', 400, `Team "${id}" does not exist.`, [
        { path: field, message: `unknown team "${id}"` },
      ]);
    }
  }

  /** A manual match's maps: the 7-map veto pool (default pool when omitted) or exactly the maps to play. */
  async function manualMapPool(input: CreateManualMatch): Promise<string[]> {
    const needed = input.veto ? VETO_POOL_SIZE : MAPS_IN_SERIES[input.format];
    const maps = input.maps ?? (input.veto ? await deps.maps.defaultPoolMapIds() : undefined);
    if (!maps) {
      throw new AppError('VALIDATION_FAILED', 400, `Give the ${needed} map(s) to play, or set veto: true.`, [
        { path: 'maps', message: 'required when veto is false' },
      ]);
    }
    if (maps.length !== needed || new Set(maps).size !== maps.length) {
      const what = input.veto
        ? 'A veto needs a pool of exactly 7 different maps'
        : `A ${input.format} plays ${needed} different map(s)`;
      throw new AppError('VALIDATION_FAILED', 400, `${what}; got ${maps.length}.`, [
        { path: 'maps', message: `needs exactly ${needed} different maps` },
      ]);
    }
    await deps.maps.assertMapsExist(maps, 'maps');
    return maps;
  }

  return {
    repo,
    present,
    etaBoard,

    /**
     * How the match's players join its server (address, password, the console line and the platform
     * link): for a signed-in player on either roster, or an admin; null until a server has it loaded.
     */
    /** How a caster or an admin spectates the match (spectate.ts). */
    spectate: async (slug: string, principal: Principal | null) =>
      spectate(deps, await record(slug), principal),
    async connect(slug: string, principal: Principal | null) {
      const m = await record(slug);
      const player =
        principal?.kind === 'session' && principal.role === 'player' ? principal.platformId : null;
      const rosters = new Map<string, Awaited<ReturnType<MatchesDeps['teams']['get']>>>();
      for (const id of [m.team1Id, m.team2Id]) {
        if (id !== null) {
          rosters.set(id, await deps.teams.get(id));
        }
      }
      if (
        !isAdmin(principal) &&
        (player === null || rosterSides(m, player, (id) => rosters.get(id)!).length === 0)
      ) {
        throw new AppError(
          'NOT_ON_ROSTER',
          403,
          'Only the players of this match (or an admin) see how to join it.',
        );
      }
      if (m.serverId === null || (m.status !== 'loaded' && m.status !== 'live')) {
        return null;
      }
      const server = await deps.servers.record(m.serverId);
      const { platform_url: platformUrl, ...rest } = connectPayload({
        host: server.host,
        port: server.port,
        password: server.serverPassword,
      });
      return { ...rest, platformUrl };
    },
    list: async (): Promise<Match[]> => {
      const teams = await repo.teamRefs();
      const maps = await repo.allMaps();
      const etas = await etaBoard();
      return (await repo.list()).map((m) => presentMatch(m, teams, maps.get(m.slug) ?? [], etas));
    },
    get: async (slug: string): Promise<Match> => present(await record(slug)),
    async currentOfTeam(teamId: string): Promise<Match | null> {
      const teams = await knownTeams(teamId);
      const match = await repo.currentOfTeam(teamId);
      return match ? presentMatch(match, teams, await repo.maps(match.slug), await etaBoard()) : null;
    },
    /** The team's history: the completed matches it played, the latest first. */
    async historyOfTeam(teamId: string): Promise<Match[]> {
      const teams = await knownTeams(teamId);
      const history: Match[] = [];
      for (const m of await repo.playedByTeam(teamId)) {
        // Completed matches have no ETA.
        history.push(presentMatch(m, teams, await repo.maps(m.slug), new Map()));
      }
      return history;
    },

    async createManual(input: CreateManualMatch): Promise<Match> {
      const slug = await ctx.sql.tx(async () => {
        const defaults = deps.settings.read();
        const teams = await repo.teamRefs();
        assertTeamExists(teams, input.team1Id, 'team1Id');
        assertTeamExists(teams, input.team2Id, 'team2Id');
        if (input.serverId !== undefined) {
          await deps.servers.get(input.serverId);
        }
        const mapPool = await manualMapPool(input);
        const now = ctx.clock.now();
        const label = input.label ?? `${teams.get(input.team1Id)!.name} vs ${teams.get(input.team2Id)!.name}`;
        const match = newMatchRecord({
          slug: await uniqueSlugOf(`manual-${slugify(label)}`.slice(0, 56), repo.slugTaken),
          matchid: await repo.newMatchid(),
          tournamentId: null,
          bracket: 'MANUAL',
          label,
          team1Id: input.team1Id,
          team2Id: input.team2Id,
          serverId: input.serverId ?? null,
          format: input.format,
          maxRounds: input.maxRounds ?? defaults.defaultMaxRounds,
          overtimeMode: input.overtimeMode ?? defaults.defaultOvertimeMode,
          status: statusBeforePlay(true, input.veto),
          mapPool,
          veto: input.veto ? VETO_NOT_STARTED : null,
          teamSize: input.teamSize ?? null,
          createdAt: now,
        });
        await deps.matchWriter.create(match);
        return match.slug;
      });
      ctx.live.matches(slug);
      return present(await record(slug));
    },

    /** Deletes a manual match; bracket matches belong to the tournament (409 BRACKET_MATCH). */
    async deleteManual(slug: string): Promise<void> {
      const match = await record(slug);
      if (match.tournamentId !== null) {
        throw new AppError(
          'BRACKET_MATCH',
          409,
          `Match "${slug}" belongs to the tournament bracket; reset or delete the tournament instead.`,
        );
      }
      if (match.status === 'loaded' || match.status === 'live') {
        throw new AppError(
          'INVALID_STATE',
          422,
          `Match "${slug}" is ${match.status}; end or cancel it first.`,
        );
      }
      await ctx.sql.tx(async () => {
        await deps.emitMatchEvent('match.cancelled', slug, { reason: 'deleted' });
        await deps.matchWriter.remove(slug);
      });
      ctx.live.matches(slug);
    },

    /** API.md decision 19: decides any match with both teams and no winner. */
    async decideWinner(slug: string, winner: 'team1' | 'team2'): Promise<Match> {
      const match = await record(slug);
      assertAllowed(match, 'decide_winner');
      if (match.team1Id === null || match.team2Id === null) {
        throw new AppError('INVALID_STATE', 422, `Match "${slug}" does not have both teams yet.`);
      }
      return present(await deps.recordSeriesResult(slug, { winner, action: 'decide_winner' }));
    },
  };
}

export type MatchesService = ReturnType<typeof createMatchesService>;
