import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { runBatch } from '../../http/batch.js';
import { memoUntilWrite } from '../../db/memo-until-write.js';
import { generateJoinCode, normaliseJoinCode } from '../../auth/join-code.js';
import { secretsEqual } from '../../secrets.js';
import { slugify, uniqueSlugOf } from '../../../shared/slug.js';
import type { RosterTeam } from '../../../shared/domain/tournament-rules.js';
import type { TeamRef } from '../../../shared/contracts/matches.js';
import {
  createTeamSchema,
  type CreateTeam,
  type RosterPlayer,
  type Team,
  type UpdateTeam,
} from '../../../shared/contracts/teams.js';
import type { TeamChange } from '../../../shared/contracts/lineups.js';
import type { NewTeamChange } from './changes-repo.js';

export interface SavedTeam {
  team: Team;
  warnings: string[];
}

function assertUniqueRoster(players: readonly RosterPlayer[]): void {
  const coaches = players.flatMap((p, i) => (p.role === 'coach' ? [i] : []));
  if (coaches.length > 1) {
    throw new AppError('VALIDATION_FAILED', 400, 'A roster holds at most one coach.', [
      { path: `players.${coaches[1]}.role`, message: 'a second coach' },
    ]);
  }
  const seen = new Set<string>();
  players.forEach((p, i) => {
    if (seen.has(p.platformId)) {
      throw new AppError('VALIDATION_FAILED', 400, `Player ${p.platformId} is listed twice on the roster.`, [
        { path: `players.${i}.platformId`, message: 'listed twice' },
      ]);
    }
    seen.add(p.platformId);
  });
}

export function createTeamsService(ctx: AppContext) {
  const repo = ctx.repos.teams;
  const matches = ctx.repos.matches;
  const rosterPlayers = ctx.repos.rosterPlayers;
  const tournaments = ctx.repos.tournaments;
  const joinCodes = ctx.repos.joinCodes;
  const changes = ctx.repos.teamChanges;

  /** Rosters lock when the tournament starts (API.md decision 63); the admin editor and swaps still change them. */
  async function assertRosterOpen(teamId: string): Promise<void> {
    const current = await tournaments.current();
    if (current?.status === 'in_progress' && current.teamIds.includes(teamId)) {
      throw new AppError(
        'ROSTER_LOCKED',
        409,
        `The tournament has started: team "${teamId}"'s roster changes only in the admin team editor or by a swap.`,
      );
    }
  }

  const rosterView = (players: readonly RosterPlayer[]) =>
    players.map((p) => ({ platformId: p.platformId, name: p.name, role: p.role ?? 'player' }));

  /**
   * The spec's two-team warning: a player who is also on another team of the current tournament. With
   * no tournament yet (or the team not in it), any other team counts: the organiser is building rosters.
   */
  async function twoTeamWarnings(team: Team): Promise<string[]> {
    const ids = team.players.map((p) => p.platformId);
    const tournamentTeams = (await tournaments.current())?.teamIds;
    const inTournament = tournamentTeams?.includes(team.id) ? new Set(tournamentTeams) : undefined;
    return (await repo.findPlayersElsewhere(ids, team.id))
      .filter((e) => !inTournament || inTournament.has(e.teamId))
      .map((e) => `Player ${e.playerName} (${e.platformId}) is also on team ${e.teamName}.`);
  }

  async function saved(id: string): Promise<SavedTeam> {
    const team = (await repo.get(id))!;
    ctx.live.publish({ topic: 'team', teamId: id, removed: false });
    return { team, warnings: await twoTeamWarnings(team) };
  }

  const create = async (input: CreateTeam): Promise<SavedTeam> => {
    assertUniqueRoster(input.players);
    const now = ctx.clock.now();
    const id = await ctx.sql.tx(async () => {
      if (input.id && (await repo.exists(input.id))) {
        throw new AppError('ALREADY_EXISTS', 409, `A team with id "${input.id}" already exists.`);
      }
      const teamId = input.id ?? (await uniqueSlugOf(slugify(input.name), repo.exists));
      await repo.insert({ id: teamId, name: input.name, tag: input.tag }, now);
      await rosterPlayers.ensure(input.players, now);
      await repo.replaceRoster(teamId, input.players);
      return teamId;
    });
    return saved(id);
  };

  // LAN pages and bots poll the list; it is rebuilt only after a write.
  const listAnswerJson = memoUntilWrite(ctx.sql, async () => {
    const teams = await repo.list();
    return JSON.stringify({ success: true, count: teams.length, teams });
  });
  const listAnswerWithJoinCodesJson = memoUntilWrite(ctx.sql, async () => {
    const codes = await joinCodes.all();
    const teams = (await repo.list()).map((team) => ({ ...team, joinCode: codes.get(team.id) }));
    return JSON.stringify({ success: true, count: teams.length, teams });
  });
  const ensureJoinCodes = () => joinCodes.ensureAll(generateJoinCode, ctx.clock.now());

  return {
    /** The rosters of these teams (unknown ids left out), for the tournament's two-team warning. */
    async rosters(teamIds: readonly string[]): Promise<RosterTeam[]> {
      const rosters: RosterTeam[] = [];
      for (const id of teamIds) {
        const team = await repo.get(id);
        if (team) {
          rosters.push({
            id: team.id,
            name: team.name,
            players: team.players.map((p) => ({ id: p.platformId, name: p.name })),
          });
        }
      }
      return rosters;
    },

    /** The `GET /api/teams` answer, serialised; join codes only for admins (API.md decision 22). */
    async listAnswerJson(withJoinCodes: boolean): Promise<string> {
      if (!withJoinCodes) {
        return listAnswerJson();
      }
      await ensureJoinCodes();
      return listAnswerWithJoinCodesJson();
    },

    /** Every team with its roster: what the LAN sign-in page lets a player pick a name from. */
    rosterList: (): Promise<Team[]> => repo.list(),

    async joinCode(teamId: string): Promise<string> {
      await ensureJoinCodes();
      const code = await joinCodes.get(teamId);
      if (code === undefined) {
        throw notFound(`Team "${teamId}"`);
      }
      return code;
    },

    async regenerateJoinCode(teamId: string): Promise<string> {
      if (!(await repo.exists(teamId))) {
        throw notFound(`Team "${teamId}"`);
      }
      return joinCodes.assign(teamId, generateJoinCode, ctx.clock.now());
    },

    /** True when the typed code is the code of a team whose roster has this player. */
    async joinCodeMatches(platformId: string, typed: string): Promise<boolean> {
      await ensureJoinCodes();
      const given = normaliseJoinCode(typed);
      // Compare with every code of the player's teams, so the time taken tells nothing.
      return (await joinCodes.codesOfPlayer(platformId)).reduce(
        (hit, code) => secretsEqual(given, code) || hit,
        false,
      );
    },

    /** Player team resolution: the player's teams, the one playing the current tournament first. */
    async teamsOfPlayer(platformId: string): Promise<{ team: TeamRef | null; teams: TeamRef[] }> {
      if (!(await rosterPlayers.exists(platformId))) {
        throw notFound(`Player ${platformId}`);
      }
      const inTournament = new Set((await tournaments.current())?.teamIds ?? []);
      const all = await repo.teamsOfPlayer(platformId);
      const teams = [
        ...all.filter((t) => inTournament.has(t.id)),
        ...all.filter((t) => !inTournament.has(t.id)),
      ];
      return { team: teams[0] ?? null, teams };
    },

    async get(id: string): Promise<Team> {
      const team = await repo.get(id);
      if (!team) {
        throw notFound(`Team "${id}"`);
      }
      return team;
    },

    create,

    createMany: (items: readonly unknown[]) => runBatch(items, createTeamSchema, 'id', create),

    /**
     * Changes a team. `by.editor`: the admin team editor, which may change a locked roster; every roster
     * change is logged with `by.actor`.
     */
    async update(
      id: string,
      patch: UpdateTeam,
      by: { actor: string; editor: boolean } = { actor: 'system', editor: false },
    ): Promise<SavedTeam> {
      if (patch.players) {
        assertUniqueRoster(patch.players);
      }
      const now = ctx.clock.now();
      await ctx.sql.tx(async () => {
        const current = await repo.get(id);
        if (!current) {
          throw notFound(`Team "${id}"`);
        }
        await repo.update({ id, name: patch.name ?? current.name, tag: patch.tag ?? current.tag }, now);
        const before = rosterView(current.players);
        const after = patch.players ? rosterView(patch.players) : before;
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          if (!by.editor) {
            await assertRosterOpen(id);
          }
          await rosterPlayers.ensure(patch.players!, now);
          await repo.replaceRoster(id, patch.players!);
          await changes.insert({
            teamId: id,
            at: now,
            actor: by.actor,
            kind: 'roster',
            matchSlug: null,
            before,
            after,
          });
        }
      });
      return saved(id);
    },

    assertRosterOpen,

    /** Logs a roster or lineup change another feature made (a lineup choice, a swap). */
    recordChange: (change: NewTeamChange) => changes.insert(change),

    /** `GET /api/teams/:id/changes`: newest first. */
    async changes(id: string): Promise<TeamChange[]> {
      if (!(await repo.exists(id))) {
        throw notFound(`Team "${id}"`);
      }
      return changes.ofTeam(id);
    },

    /** A swapped-in player new to the roster joins it (a swap may change a locked roster). */
    async addToRoster(id: string, player: RosterPlayer, now: number): Promise<void> {
      const current = await repo.get(id);
      if (!current) {
        throw notFound(`Team "${id}"`);
      }
      await rosterPlayers.ensure([player], now);
      await repo.replaceRoster(id, [...current.players, player]);
    },

    async delete(id: string): Promise<void> {
      const liveMatch = await matches.liveOfTeam(id);
      if (liveMatch !== undefined) {
        throw new AppError(
          'TEAM_IN_LIVE_MATCH',
          409,
          `Team "${id}" is playing match "${liveMatch}" now; it can be deleted once the match ends.`,
        );
      }
      if (!(await repo.delete(id))) {
        throw notFound(`Team "${id}"`);
      }
      ctx.live.publish({ topic: 'team', teamId: id, removed: true });
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
