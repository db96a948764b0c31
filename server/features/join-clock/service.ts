import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import {
  deadlineFrom,
  joinRuleOf,
  noShowMessage,
  noShowVerdict,
  presentCounts,
  type ConnectedPlayers,
  type JoinRule,
} from '../../../shared/domain/join-clock.js';
import { DEFAULT_TEAM_SIZE } from '../../../shared/domain/tournament-rules.js';
import type { AttentionService } from '../attention/index.js';
import type { Forfeit } from '../match-controls/index.js';
import type { MatchRecord, MatchWriter } from '../matches/index.js';

export interface JoinClockDeps {
  matchWriter: Pick<MatchWriter, 'transition'>;
  attention: Pick<AttentionService, 'raise' | 'clear' | 'list'>;
  /** The forfeit of decision 60: the walkover at the deadline goes through it. */
  forfeit: () => Forfeit;
}

/** The item of a match whose clock ran out; one per match. */
const NO_SHOW = 'no_show';

/**
 * The join clock of API.md decision 59: started when the server fetches the config, stopped when the
 * first map goes live, held and released by an admin. The deadline is stored on the match, so the
 * leader's check (`sweep`) finds it after a restart or on another instance.
 */
export function createJoinClockService(ctx: AppContext, deps: JoinClockDeps) {
  const { matches, tournaments, teams, pluginEvents } = ctx.repos;
  const log = ctx.logger.child({ module: 'join-clock' });
  const now = () => ctx.clock.now();

  /** The match's rule: its stage's setting, then its tournament's, then the defaults. */
  async function ruleOf(m: MatchRecord): Promise<JoinRule> {
    const t = m.tournamentId === null ? undefined : await tournaments.get(m.tournamentId);
    const stageIndex = m.stage === 'groups' ? 0 : m.stage === 'playoffs' ? 1 : undefined;
    const stage = stageIndex === undefined ? undefined : t?.stages?.[stageIndex];
    return joinRuleOf(t?.settings, stage);
  }

  async function loaded(slug: string): Promise<MatchRecord> {
    const m = await matches.get(slug);
    if (!m) {
      throw notFound(`Match "${slug}"`);
    }
    if (m.status !== 'loaded') {
      throw new AppError(
        'INVALID_STATE',
        422,
        `Match "${slug}" is ${m.status}: its join clock runs only while it is loaded and waits for players.`,
      );
    }
    return m;
  }

  /** The roster players of a side (a coach is not waited for). */
  async function playerIds(teamId: string | null): Promise<string[]> {
    const team = teamId === null ? undefined : await teams.get(teamId);
    return (team?.players ?? []).filter((p) => p.role !== 'coach').map((p) => p.platformId);
  }

  const matchName = (m: MatchRecord, side: 'team1' | 'team2', names: Map<string, string>) =>
    names.get(m[`${side}Id`] ?? '') ?? m[`${side}Id`] ?? side;

  /**
   * Forfeits the one short side, or raises the organiser's item, for a match whose clock ran out;
   * answers whether the match keeps its item.
   */
  async function onDeadline(m: MatchRecord, rule: JoinRule): Promise<boolean> {
    const teamSize = (await matches.teamSizeOf(m.slug)) ?? DEFAULT_TEAM_SIZE;
    const verdict = noShowVerdict(m.present, teamSize, rule.noShowAction);
    if (verdict.kind === 'none') {
      return false;
    }
    if (verdict.kind === 'forfeit') {
      const teamId = m[`${verdict.side}Id`]!;
      log.info({ match: m.slug, team: teamId }, 'join clock ran out: walkover');
      await deps.forfeit()(m.slug, { teamId, reason: 'no_show', note: null, by: null });
      return false;
    }
    const names = new Map<string, string>();
    for (const id of [m.team1Id, m.team2Id]) {
      const team = id === null ? undefined : await teams.get(id);
      if (team) {
        names.set(team.id, team.name);
      }
    }
    const short = verdict.short.map((side) => ({
      name: matchName(m, side, names),
      present: m.present[side],
    }));
    await deps.attention.raise({
      kind: NO_SHOW,
      key: m.slug,
      matchSlug: m.slug,
      ...(m.serverId !== null ? { serverId: m.serverId } : {}),
      ...(verdict.short.length === 1 ? { teamId: m[`${verdict.short[0]!}Id`]! } : {}),
      since: m.joinDeadline ?? now(),
      message: noShowMessage(m.label, short, teamSize),
    });
    return true;
  }

  return {
    /** The server fetched the match's config (a first fetch of a load): the clock starts now. */
    async start(slug: string, at: number): Promise<void> {
      const m = await matches.get(slug);
      if (!m || m.status !== 'loaded') {
        return;
      }
      const deadline = m.joinHeld ? null : deadlineFrom(at, (await ruleOf(m)).joinMinutes);
      await deps.matchWriter.transition(m, [], { joinDeadline: deadline });
      ctx.sql.afterCommit(() => ctx.live.matches(slug));
    },

    /** Counts each side's players on the server after a connect or a disconnect. */
    async countPresent(slug: string): Promise<void> {
      const m = await matches.get(slug);
      if (!m || (m.status !== 'loaded' && m.status !== 'live')) {
        return;
      }
      const live = await pluginEvents.live(slug);
      const present = presentCounts(
        live.players as ConnectedPlayers,
        await playerIds(m.team1Id),
        await playerIds(m.team2Id),
      );
      if (present.team1 !== m.present.team1 || present.team2 !== m.present.team2) {
        await deps.matchWriter.transition(m, [], { present });
      }
    },

    /** Stops the match's clock until released (409 JOIN_CLOCK_HELD when held already). */
    async hold(slug: string): Promise<MatchRecord> {
      const held = await ctx.sql.tx(async () => {
        const m = await loaded(slug);
        if (m.joinHeld) {
          throw new AppError('JOIN_CLOCK_HELD', 409, `The join clock of match "${slug}" is held already.`);
        }
        return deps.matchWriter.transition(m, [], { joinHeld: true, joinDeadline: null });
      });
      ctx.live.matches(slug);
      // An admin who holds the match has seen to it.
      await deps.attention.clear(NO_SHOW, slug);
      return held;
    },

    /**
     * Restarts a held clock with the full join time from now: the players were told to wait, so they
     * get the whole time again (409 JOIN_CLOCK_NOT_HELD when it is not held).
     */
    async release(slug: string): Promise<MatchRecord> {
      const m = await loaded(slug);
      const rule = await ruleOf(m);
      const released = await ctx.sql.tx(async () => {
        const current = await loaded(slug);
        if (!current.joinHeld) {
          throw new AppError('JOIN_CLOCK_NOT_HELD', 409, `The join clock of match "${slug}" is not held.`);
        }
        return deps.matchWriter.transition(current, [], {
          joinHeld: false,
          joinDeadline: deadlineFrom(now(), rule.joinMinutes),
        });
      });
      ctx.live.matches(slug);
      return released;
    },

    /**
     * One pass (leader only): matches whose clock ran out get their item or walkover; items whose cause
     * went (the match went live, was forfeited, moved or held) leave. The times are stored, so a new
     * leader finds the same matches due.
     */
    async sweep(): Promise<void> {
      const waiting = new Set<string>();
      for (const m of await matches.joinDeadlinesPassed(now())) {
        try {
          if (await onDeadline(m, await ruleOf(m))) {
            waiting.add(m.slug);
          }
        } catch (err: unknown) {
          waiting.add(m.slug);
          log.error({ err, match: m.slug }, 'the join deadline could not be handled');
        }
      }
      for (const item of await deps.attention.list()) {
        if (item.kind === NO_SHOW && item.matchSlug !== undefined && !waiting.has(item.matchSlug)) {
          await deps.attention.clear(NO_SHOW, item.matchSlug);
        }
      }
    },
  };
}

export type JoinClockService = ReturnType<typeof createJoinClockService>;
