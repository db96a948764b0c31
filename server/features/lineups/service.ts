import type { AppContext } from '../../context.js';
import { AppError, invalidState, notFound } from '../../errors.js';
import { describeActor, isAdmin, type Principal } from '../../auth/principal.js';
import { playerAdded, swapPlayerCommands } from '../../integrations/plugin/commands.js';
import type { MatchRecord } from '../matches/index.js';
import type { ServersService } from '../servers/index.js';
import type { TeamsService } from '../teams/index.js';
import type { Team } from '../../../shared/contracts/teams.js';
import type { SetLineup, SwapLineup, TeamLineup } from '../../../shared/contracts/lineups.js';
import { DEFAULT_TEAM_SIZE } from '../../../shared/domain/tournament-rules.js';
import {
  coachOf,
  effectiveLineup,
  lineupProblem,
  playersOf,
  swappedLineup,
  type LineupProblem,
} from '../../../shared/domain/lineup.js';

export interface LineupsDeps {
  teams: Pick<TeamsService, 'get' | 'recordChange' | 'addToRoster'>;
  servers: Pick<ServersService, 'record' | 'run'>;
}

/** What a match's config lists of one team: its lineup, and its coach to admit without waiting for him. */
export interface ConfigLineup {
  id: string;
  name: string;
  tag: string;
  players: { platformId: string; name: string }[];
  coach: { platformId: string; name: string } | null;
}

export interface SwapOutcome {
  lineup: TeamLineup;
  /** Whether the plugin took the new player (a refusal, e.g. at halftime, is worth a retry). */
  plugin: { told: boolean; reply: string; warning: string | null };
}

const refuse = (problem: LineupProblem) => new AppError(problem.code, 422, problem.message);

/**
 * Lineups (API.md decisions 62-63): who of a roster a match lists, chosen before the config is fetched
 * by an admin or a player of the team, changed afterwards only by an admin's swap, which also tells
 * the plugin so the player joins without a reload.
 */
export function createLineupsService(ctx: AppContext, deps: LineupsDeps) {
  const matches = ctx.repos.matches;
  const loads = ctx.repos.loads;
  const lineups = ctx.repos.lineups;

  async function matchOrThrow(slug: string): Promise<MatchRecord> {
    const match = await matches.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    return match;
  }

  const teamSizeOf = async (slug: string) => (await matches.teamSizeOf(slug)) ?? DEFAULT_TEAM_SIZE;

  /** Once the server fetched the config, the plugin holds the lineup: only a swap changes it. */
  async function configFetched(match: MatchRecord): Promise<boolean> {
    if (match.status === 'live') {
      return true;
    }
    return match.status === 'loaded' && (await loads.current(match.slug))?.fetchedAt != null;
  }

  function slotOf(match: MatchRecord, teamId: string): 'team1' | 'team2' {
    if (match.team1Id === teamId) {
      return 'team1';
    }
    if (match.team2Id === teamId) {
      return 'team2';
    }
    throw new AppError('VALIDATION_FAILED', 400, `Team "${teamId}" does not play match ${match.slug}.`, [
      { path: 'teamId', message: 'not a team of this match' },
    ]);
  }

  async function current(match: MatchRecord, team: Team, teamSize: number): Promise<string[]> {
    return effectiveLineup(team.players, teamSize, await lineups.get(match.slug, team.id));
  }

  async function view(match: MatchRecord, team: Team): Promise<TeamLineup> {
    const teamSize = await teamSizeOf(match.slug);
    const ids = await current(match, team, teamSize);
    const byId = new Map(team.players.map((p) => [p.platformId, p]));
    const entry = (id: string) => ({ platformId: id, name: byId.get(id)?.name ?? id });
    const coach = coachOf(team.players);
    return {
      teamId: team.id,
      teamName: team.name,
      teamSize,
      players: ids.map(entry),
      substitutes: playersOf(team.players)
        .filter((p) => !ids.includes(p.platformId))
        .map((p) => entry(p.platformId)),
      coach: coach ? entry(coach.platformId) : null,
      editable: !['completed', 'cancelled'].includes(match.status) && !(await configFetched(match)),
    };
  }

  /** An admin, or a signed-in player on the team's roster. */
  function assertMaySet(principal: Principal | null, team: Team): void {
    if (isAdmin(principal)) {
      return;
    }
    if (principal?.kind === 'token' && principal.role === 'readonly') {
      throw new AppError('READ_ONLY_TOKEN', 403, 'A read-only token can only read (GET, HEAD, OPTIONS).');
    }
    const platformId = principal?.kind === 'session' ? principal.platformId : null;
    if (platformId === null || !team.players.some((p) => p.platformId === platformId)) {
      throw new AppError(
        'FORBIDDEN',
        403,
        `Only an admin or a player of team "${team.name}" sets its lineup.`,
      );
    }
  }

  return {
    /** Both teams' lineups of a match (teams not known yet are left out). */
    async ofMatch(slug: string): Promise<TeamLineup[]> {
      const match = await matchOrThrow(slug);
      const out: TeamLineup[] = [];
      for (const id of [match.team1Id, match.team2Id]) {
        if (id) {
          out.push(await view(match, await deps.teams.get(id)));
        }
      }
      return out;
    },

    /** `PUT /api/matches/:slug/lineup`. */
    async set(slug: string, principal: Principal | null, body: SetLineup): Promise<TeamLineup> {
      const match = await matchOrThrow(slug);
      slotOf(match, body.teamId);
      const team = await deps.teams.get(body.teamId);
      assertMaySet(principal, team);
      if (match.status === 'completed' || match.status === 'cancelled') {
        throw invalidState(match.status, 'change its lineup');
      }
      if (await configFetched(match)) {
        throw new AppError(
          'LINEUP_LOCKED',
          409,
          `The server already has match ${slug}'s lineup; an admin can still swap a player in the match window.`,
        );
      }
      const teamSize = await teamSizeOf(slug);
      const problem = lineupProblem(team.players, teamSize, body.platformIds);
      if (problem) {
        throw refuse(problem);
      }
      const now = ctx.clock.now();
      await ctx.sql.tx(async () => {
        const before = await current(match, team, teamSize);
        await lineups.set(slug, team.id, body.platformIds, now);
        await deps.teams.recordChange({
          teamId: team.id,
          at: now,
          actor: describeActor(principal),
          kind: 'lineup',
          matchSlug: slug,
          before,
          after: body.platformIds,
        });
      });
      ctx.live.matches(slug);
      ctx.live.publish({ topic: 'team', teamId: team.id, removed: false });
      return view(match, team);
    },

    /** `POST /api/matches/:slug/lineup/swap` (admin). */
    async swap(
      slug: string,
      principal: Principal | null,
      body: SwapLineup & { name?: string },
    ): Promise<SwapOutcome> {
      const match = await matchOrThrow(slug);
      const slot = slotOf(match, body.teamId);
      if ((match.status !== 'loaded' && match.status !== 'live') || match.serverId === null) {
        throw invalidState(match.status, 'swap a player (only a loaded or live match can)');
      }
      let team = await deps.teams.get(body.teamId);
      const teamSize = await teamSizeOf(slug);
      const known = team.players.find((p) => p.platformId === body.in);
      const incomingName = known?.name ?? body.name ?? (await ctx.repos.players.get(body.in))?.name;
      if (incomingName === undefined) {
        throw new AppError(
          'PLAYER_UNKNOWN',
          422,
          `Player ${body.in} is on no roster and has no name here; give "name" to add him to the team.`,
        );
      }
      const now = ctx.clock.now();
      const before = await current(match, team, teamSize);
      const swapped = swappedLineup(team.players, before, body.out, body.in);
      if (!('lineup' in swapped)) {
        throw refuse(swapped);
      }
      await ctx.sql.tx(async () => {
        if (!known) {
          await deps.teams.addToRoster(
            team.id,
            { platformId: body.in, name: incomingName, role: 'player' },
            now,
          );
        }
        await lineups.set(slug, team.id, swapped.lineup, now);
        await deps.teams.recordChange({
          teamId: team.id,
          at: now,
          actor: describeActor(principal),
          kind: 'swap',
          matchSlug: slug,
          before: { lineup: before, out: body.out },
          after: { lineup: swapped.lineup, in: body.in },
        });
      });
      ctx.live.matches(slug);
      ctx.live.publish({ topic: 'team', teamId: body.teamId, removed: false });
      team = await deps.teams.get(body.teamId);
      const server = await deps.servers.record(match.serverId);
      const commands = swapPlayerCommands(server.flavour, {
        out: body.out,
        in: body.in,
        name: incomingName,
        slot,
      });
      const reply = await deps.servers
        .run(server.id, commands.add)
        .catch((err: unknown) => (err as Error).message);
      if (playerAdded(reply)) {
        await deps.servers.run(server.id, commands.remove).catch((err: unknown) => {
          ctx.logger.warn({ module: 'lineups', match: slug, err }, 'the swapped-out player was not removed');
        });
      }
      ctx.logger.info({ module: 'lineups', match: slug, team: team.id }, 'swap sent to the plugin');
      // 1.4.21 and 2.0.0 src/Teams.cs RemovePlayerFromTeam remove from team 1's list only: before going
      // live, a team-2 player swapped out stays listed and the go-live gate waits for him.
      const warning =
        match.status === 'loaded' && slot === 'team2'
          ? `The plugin keeps ${body.out} listed for team 2 (it removes players from team 1's list only): if the match waits in warmup for him, use End warmup once the team is ready.`
          : null;
      return { lineup: await view(match, team), plugin: { told: playerAdded(reply), reply, warning } };
    },

    /**
     * What the config lists of a team: the lineup (substitutes not listed, so the plugin's go-live gate
     * does not wait for them) and the coach, whom the config admits as a spectator.
     */
    async configTeam(match: MatchRecord, teamId: string): Promise<ConfigLineup> {
      const team = await deps.teams.get(teamId);
      const ids = await current(match, team, await teamSizeOf(match.slug));
      const byId = new Map(team.players.map((p) => [p.platformId, p]));
      const coach = coachOf(team.players);
      return {
        id: team.id,
        name: team.name,
        tag: team.tag,
        players: ids.map((id) => ({ platformId: id, name: byId.get(id)?.name ?? id })),
        coach: coach ? { platformId: coach.platformId, name: coach.name } : null,
      };
    },

    /** Organisers a match's `admins` carries: ADMIN_PLATFORM_IDS and the admins signed in now. */
    async organiserIds(): Promise<string[]> {
      const signedIn = await ctx.repos.sessions.adminPlatformIds(ctx.clock.now());
      return [...new Set([...ctx.config.adminPlatformIds, ...signedIn])];
    },
  };
}

export type LineupsService = ReturnType<typeof createLineupsService>;
