import type { AppContext } from '../../context.js';
import type { Repos } from '../../db/repos.js';
import { AppError } from '../../errors.js';
import { DRAW_TOKEN_PATTERN, type StartPreview } from '../../../shared/contracts/tournament-start.js';
import { teamsAtStart } from '../../../shared/domain/check-in.js';
import { drawDigest, drawStart, type StartDraw } from '../../../shared/domain/start-draw.js';
import { checkStart, DEFAULT_TEAM_SIZE } from '../../../shared/domain/tournament-rules.js';
import type { CheckIn } from './check-in.js';
import { plannedFormats } from './format-source.js';
import type { TournamentRecord } from './repo.js';
import type { TournamentDeps } from './service.js';

/** A start's draw and everything it was drawn from; nothing of it is stored yet. */
export interface PreparedStart {
  /** The tournament as it starts: drawn teams only, the random seed it draws with in its settings. */
  drawnTournament: TournamentRecord;
  draw: StartDraw;
  /** Passed back by the start that confirms a preview: the random seed drawn with and the draw's digest. */
  drawToken: string;
  dropped: string[];
  forfeited: string[];
  warnings: string[];
}

/**
 * The start's draw split from its writes (issue 31): the preview shows it, the start draws it again with
 * the preview's random seed and refuses with 409 when it no longer matches what the admin saw.
 */
export function createStartDraw(
  ctx: Pick<AppContext, 'random'>,
  deps: Pick<TournamentDeps, 'ratings' | 'teams'>,
  repos: Pick<Repos, 'tournaments' | 'matches'>,
  checkIn: Pick<CheckIn, 'checkedIn'>,
) {
  /** The pure start check's facts: rosters for the two-team warning, the pool for shuffle. */
  async function startCheck(t: TournamentRecord) {
    return checkStart({
      type: t.type,
      format: t.format,
      teams: await deps.teams.rosters(t.teamIds),
      veto: t.settings.veto,
      mapPool: t.settings.mapPool,
      swissRounds: t.settings.swissRounds,
      shuffle: {
        poolSize: (await repos.tournaments.shufflePoolPlayers(t.id)).length,
        teamSize: t.settings.teamSize ?? DEFAULT_TEAM_SIZE,
      },
      groupStage: t.stages?.[0],
      formats: plannedFormats(t, t.teamIds.length),
    });
  }

  /**
   * Draws the start of `registered` (in setup); 422 listing every reason it cannot start. Random seeding without a stored seed draws with the
   * token's seed when a preview is confirmed, else with a new one.
   */
  async function prepare(registered: TournamentRecord, confirmed?: string): Promise<PreparedStart> {
    const checkedIn = await checkIn.checkedIn(registered);
    const rules = registered.settings.checkIn;
    const { drawn, dropped } = teamsAtStart(rules, registered.teamIds, checkedIn);
    const forfeited =
      rules.required && rules.missing === 'forfeit'
        ? registered.teamIds.filter((id) => !checkedIn.has(id))
        : [];
    const token = confirmed === undefined ? undefined : DRAW_TOKEN_PATTERN.exec(confirmed);
    const drawsRandomly = registered.settings.seeding === 'random' && registered.settings.randomSeed === null;
    const tokenSeed = token?.[1] ? Number(token[1]) : undefined;
    const newSeed = drawsRandomly ? (tokenSeed ?? Math.floor(ctx.random() * 2 ** 31)) : undefined;
    // Teams dropped for missing check-in are left out of the draw; the registration keeps them.
    const t: TournamentRecord = {
      ...registered,
      teamIds: drawn,
      settings: newSeed === undefined ? registered.settings : { ...registered.settings, randomSeed: newSeed },
    };
    const { problems, warnings } = await startCheck(t);
    if (problems.length > 0) {
      throw new AppError(
        'INVALID_STATE',
        422,
        `The tournament cannot start: ${problems.map((p) => p.message).join('; ')}.`,
        problems,
      );
    }
    const draw = drawStart({
      type: t.type,
      teamIds: t.teamIds,
      seeding: t.settings.seeding,
      randomSeed: t.settings.randomSeed ?? undefined,
      teamRating: await deps.ratings.teamRatings(t.teamIds),
      groupStage: t.stages?.[0],
    });
    const digest = drawDigest(draw);
    if (token && token[2] !== digest) {
      throw new AppError(
        'DRAW_CHANGED',
        409,
        'The draw is no longer the one previewed: teams, check-ins, ratings or the seeding changed since. Preview the start again.',
      );
    }
    return {
      drawnTournament: t,
      draw,
      drawToken: `${newSeed ?? ''}.${digest}`,
      dropped,
      forfeited,
      warnings,
    };
  }

  /** The preview's answer: teams named, in seed order, nothing stored. */
  async function present(prepared: PreparedStart): Promise<StartPreview> {
    const { draw, drawnTournament: t } = prepared;
    const refs = await repos.matches.teamRefsOf([...t.teamIds, ...prepared.dropped]);
    const seedOf = new Map(draw.seeds.map((id, i) => [id, i + 1]));
    const team = (id: string) => ({ id, name: refs.get(id)?.name ?? id, seed: seedOf.get(id) ?? null });
    return {
      type: t.type,
      seeding: t.settings.seeding,
      drawToken: prepared.drawToken,
      seeds: draw.seeds.map(team),
      groups: draw.groups.map((g) => ({ name: g.name, teams: g.teamIds.map(team) })),
      firstRound: draw.firstRound.map((p) => ({
        group: p.group,
        team1: team(p.team1),
        team2: p.team2 === null ? null : team(p.team2),
      })),
      oddTeamRests:
        t.type === 'round_robin' || (t.type === 'groups_playoffs' && t.stages?.[0].type === 'round_robin'),
      droppedTeams: prepared.dropped.map(team),
      forfeitTeams: prepared.forfeited.map(team),
      warnings: prepared.warnings,
    };
  }

  return { prepare, present };
}

export type StartDrawService = ReturnType<typeof createStartDraw>;
