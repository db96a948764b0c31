import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { runBatch } from '../../http/batch.js';
import { memoUntilWrite } from '../../db/memo-until-write.js';
import { generateJoinCode, normaliseJoinCode } from '../../auth/join-code.js';
import { secretsEqual } from '../../secrets.js';
import { slugify, uniqueSlug } from '../../../shared/slug.js';
import type { RosterTeam } from '../../../shared/domain/tournament-rules.js';
import type { TeamRef } from '../../../shared/contracts/matches.js';
import {
  createTeamSchema,
  type CreateTeam,
  type RosterPlayer,
  type Team,
  type UpdateTeam,
} from '../../../shared/contracts/teams.js';

export interface SavedTeam {
  team: Team;
  warnings: string[];
}

function assertUniqueRoster(players: readonly RosterPlayer[]): void {
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

  /**
   * The spec's two-team warning: a player who is also on another team of the current tournament. With
   * no tournament yet (or the team not in it), any other team counts: the organiser is building rosters.
   */
  function twoTeamWarnings(team: Team): string[] {
    const ids = team.players.map((p) => p.platformId);
    const tournamentTeams = tournaments.current()?.teamIds;
    const inTournament = tournamentTeams?.includes(team.id) ? new Set(tournamentTeams) : undefined;
    return repo
      .findPlayersElsewhere(ids, team.id)
      .filter((e) => !inTournament || inTournament.has(e.teamId))
      .map((e) => `Player ${e.playerName} (${e.platformId}) is also on team ${e.teamName}.`);
  }

  function saved(id: string): SavedTeam {
    const team = repo.get(id)!;
    ctx.live.publish({ topic: 'team', teamId: id, removed: false });
    return { team, warnings: twoTeamWarnings(team) };
  }

  const create = (input: CreateTeam): SavedTeam => {
    assertUniqueRoster(input.players);
    const now = ctx.clock.now();
    const id = ctx.db.transaction(() => {
      if (input.id && repo.exists(input.id)) {
        throw new AppError('ALREADY_EXISTS', 409, `A team with id "${input.id}" already exists.`);
      }
      const teamId = input.id ?? uniqueSlug(slugify(input.name), repo.exists);
      repo.insert({ id: teamId, name: input.name, tag: input.tag }, now);
      rosterPlayers.ensure(input.players, now);
      repo.replaceRoster(teamId, input.players);
      return teamId;
    })();
    return saved(id);
  };

  // LAN pages and bots poll the list; it is rebuilt only after a write.
  const listAnswerJson = memoUntilWrite(ctx.db, () => {
    const teams = repo.list();
    return JSON.stringify({ success: true, count: teams.length, teams });
  });
  const listAnswerWithJoinCodesJson = memoUntilWrite(ctx.db, () => {
    const codes = joinCodes.all();
    const teams = repo.list().map((team) => ({ ...team, joinCode: codes.get(team.id) }));
    return JSON.stringify({ success: true, count: teams.length, teams });
  });
  const ensureJoinCodes = () => joinCodes.ensureAll(generateJoinCode, ctx.clock.now());

  return {
    /** The rosters of these teams (unknown ids left out), for the tournament's two-team warning. */
    rosters(teamIds: readonly string[]): RosterTeam[] {
      return teamIds.flatMap((id) => {
        const team = repo.get(id);
        return team
          ? [
              {
                id: team.id,
                name: team.name,
                players: team.players.map((p) => ({ id: p.platformId, name: p.name })),
              },
            ]
          : [];
      });
    },

    /** The `GET /api/teams` answer, serialised; join codes only for admins (API.md decision 22). */
    listAnswerJson(withJoinCodes: boolean): string {
      if (!withJoinCodes) {
        return listAnswerJson();
      }
      ensureJoinCodes();
      return listAnswerWithJoinCodesJson();
    },

    /** Every team with its roster: what the LAN sign-in page lets a player pick a name from. */
    rosterList: (): Team[] => repo.list(),

    joinCode(teamId: string): string {
      ensureJoinCodes();
      const code = joinCodes.get(teamId);
      if (code === undefined) {
        throw notFound(`Team "${teamId}"`);
      }
      return code;
    },

    regenerateJoinCode(teamId: string): string {
      if (!repo.exists(teamId)) {
        throw notFound(`Team "${teamId}"`);
      }
      return joinCodes.assign(teamId, generateJoinCode, ctx.clock.now());
    },

    /** True when the typed code is the code of a team whose roster has this player. */
    joinCodeMatches(platformId: string, typed: string): boolean {
      ensureJoinCodes();
      const given = normaliseJoinCode(typed);
      // Compare with every code of the player's teams, so the time taken tells nothing.
      return joinCodes
        .codesOfPlayer(platformId)
        .reduce((hit, code) => secretsEqual(given, code) || hit, false);
    },

    /** Player team resolution: the player's teams, the one playing the current tournament first. */
    teamsOfPlayer(platformId: string): { team: TeamRef | null; teams: TeamRef[] } {
      if (!rosterPlayers.exists(platformId)) {
        throw notFound(`Player ${platformId}`);
      }
      const inTournament = new Set(tournaments.current()?.teamIds ?? []);
      const all = repo.teamsOfPlayer(platformId);
      const teams = [
        ...all.filter((t) => inTournament.has(t.id)),
        ...all.filter((t) => !inTournament.has(t.id)),
      ];
      return { team: teams[0] ?? null, teams };
    },

    get(id: string): Team {
      const team = repo.get(id);
      if (!team) {
        throw notFound(`Team "${id}"`);
      }
      return team;
    },

    create,

    createMany: (items: readonly unknown[]) => runBatch(items, createTeamSchema, 'id', create),

    update(id: string, patch: UpdateTeam): SavedTeam {
      if (patch.players) {
        assertUniqueRoster(patch.players);
      }
      const now = ctx.clock.now();
      ctx.db.transaction(() => {
        const current = repo.get(id);
        if (!current) {
          throw notFound(`Team "${id}"`);
        }
        repo.update({ id, name: patch.name ?? current.name, tag: patch.tag ?? current.tag }, now);
        if (patch.players) {
          rosterPlayers.ensure(patch.players, now);
          repo.replaceRoster(id, patch.players);
        }
      })();
      return saved(id);
    },

    delete(id: string): void {
      const liveMatch = matches.liveOfTeam(id);
      if (liveMatch !== undefined) {
        throw new AppError(
          'TEAM_IN_LIVE_MATCH',
          409,
          `Team "${id}" is playing match "${liveMatch}" now; it can be deleted once the match ends.`,
        );
      }
      if (!repo.delete(id)) {
        throw notFound(`Team "${id}"`);
      }
      ctx.live.publish({ topic: 'team', teamId: id, removed: true });
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
