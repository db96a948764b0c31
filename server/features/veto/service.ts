import type { AppContext } from '../../context.js';
import type { Principal } from '../../auth/principal.js';
import { AppError, notFound } from '../../errors.js';
import type { Team } from '../../../shared/contracts/teams.js';
import type { VetoActionBody, VetoBoard, VetoHistoryEntry } from '../../../shared/contracts/veto.js';
import {
  applyVetoAction,
  isComplete,
  nextStep,
  poolProblem,
  randomLegalAction,
  skippedResult,
  VETO_ACTION_NAMES,
  VETO_ORDERS,
  vetoResult,
  type MapSide,
  type Veto,
  type VetoMap,
  type VetoRequest,
  type VetoTeam,
} from '../../../shared/domain/veto.js';
import type { VetoStarter } from '../../../shared/contracts/tournament.js';
import { chooseStarter } from '../../../shared/domain/veto-starter.js';
import { assertAllowed, rosterSides, type MatchRecord, type MatchWriter } from '../matches/index.js';

/**
 * The veto as stored in the match's `veto` column. `maps` and `sides` are what the match config plays
 * (the loading feature reads them); the first three fields are the match answer's veto summary.
 */
export interface StoredVeto {
  status: VetoBoard['status'];
  currentTeam: VetoTeam | null;
  currentAction: 'ban' | 'pick' | 'side' | null;
  history: VetoHistoryEntry[];
  maps?: string[];
  sides?: MapSide[];
  pickedBy?: VetoMap['pickedBy'][];
  /** Decided once when the veto opens (decision 78); absent on a veto that has not opened yet. */
  starter?: VetoTeam;
  starterRule?: VetoStarter;
  coinToss?: VetoTeam | null;
}

export interface VetoDeps {
  teams: { get(id: string): Promise<Team> };
  /** The matches feature's writer: the veto column and the state it moves the match to. */
  matchWriter: Pick<MatchWriter, 'transition' | 'saveVetoIfVersion'>;
  /** The tournament's starter rule for the match and its teams' seeds (tournament feature). */
  starterOf(
    m: MatchRecord,
  ): Promise<{ rule: VetoStarter; seeds: { team1: number | null; team2: number | null } }>;
}

const ADMIN = 'admin';

export function createVetoService(ctx: AppContext, deps: VetoDeps) {
  const matches = ctx.repos.matches;

  async function matchOf(slug: string): Promise<MatchRecord> {
    const match = await matches.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    return match;
  }

  const storedOf = (m: MatchRecord): StoredVeto | null => {
    const raw = m.veto as Partial<StoredVeto> | null;
    return raw === null
      ? null
      : {
          status: raw.status ?? 'pending',
          currentTeam: raw.currentTeam ?? null,
          currentAction: raw.currentAction ?? null,
          ...raw,
          history: raw.history ?? [],
        };
  };

  const domainOf = (m: MatchRecord, stored: StoredVeto | null): Veto => ({
    format: m.format,
    pool: m.mapPool,
    starter: stored?.starter ?? 'team1',
    history: (stored?.history ?? []).map((e) => ({
      team: e.team,
      action: e.action,
      map: e.map,
      ...(e.side ? { side: e.side } : {}),
    })),
  });

  /** The stored form of a veto after `veto` was played (or skipped to `result`); the starter stays. */
  function toStored(
    veto: Veto,
    history: VetoHistoryEntry[],
    opened: StoredVeto | null,
    skipped?: VetoMap[],
  ): StoredVeto {
    const next = nextStep(veto);
    const result = skipped ?? (isComplete(veto) ? vetoResult(veto) : undefined);
    return {
      ...(opened?.starter
        ? { starter: opened.starter, starterRule: opened.starterRule, coinToss: opened.coinToss ?? null }
        : {}),
      status: skipped ? 'skipped' : result ? 'completed' : history.length > 0 ? 'in_progress' : 'pending',
      currentTeam: skipped ? null : (next?.team ?? null),
      currentAction: skipped ? null : (next?.action ?? null),
      history,
      ...(result
        ? {
            maps: result.map((r) => r.map),
            sides: result.map((r) => r.side),
            pickedBy: result.map((r) => r.pickedBy),
          }
        : {}),
    };
  }

  async function board(m: MatchRecord): Promise<VetoBoard> {
    const stored = storedOf(m);
    if (!stored) {
      throw new AppError('NOT_FOUND', 404, `Match "${m.slug}" is played without a veto.`);
    }
    const veto = domainOf(m, stored);
    const teams = await matches.teamRefs();
    const ref = (id: string | null) => (id === null ? null : (teams.get(id) ?? null));
    const byMap = new Map(stored.history.filter((e) => e.action !== 'side').map((e) => [e.map, e]));
    const playing = new Set(stored.maps ?? []);
    const done = stored.status === 'completed' || stored.status === 'skipped';
    return {
      matchSlug: m.slug,
      format: m.format,
      status: stored.status,
      team1: ref(m.team1Id),
      team2: ref(m.team2Id),
      version: await matches.vetoVersion(m.slug),
      step: stored.history.length,
      totalSteps: VETO_ORDERS[m.format].length,
      currentTeam: done ? null : (nextStep(veto)?.team ?? null),
      currentAction: done ? null : (nextStep(veto)?.action ?? null),
      starter: stored.starter ?? 'team1',
      starterRule: stored.starterRule ?? 'team1',
      coinToss: stored.coinToss ?? null,
      mapAdvantage: m.mapAdvantage,
      pool: m.mapPool.map((map) => {
        const entry = byMap.get(map);
        if (entry) {
          return { map, state: entry.action === 'ban' ? 'banned' : 'picked', by: entry.team };
        }
        if (done && playing.has(map)) {
          return { map, state: 'decider', by: null };
        }
        return { map, state: done ? 'banned' : 'available', by: null };
      }),
      history: stored.history,
      maps: (stored.maps ?? []).map((map, i) => ({
        number: i,
        map,
        pickedBy: stored.pickedBy?.[i] ?? 'decider',
        side: stored.sides?.[i] ?? 'knife',
      })),
    };
  }

  /** The team a caller acts for: an admin for the team on turn (or the one named), a player for their own. */
  async function actingTeam(
    m: MatchRecord,
    principal: Principal | null,
    named: VetoTeam | undefined,
    onTurn: VetoTeam,
  ) {
    if (principal?.role === 'admin') {
      return { team: named ?? onTurn, by: ADMIN };
    }
    if (principal?.kind !== 'session' || principal.role !== 'player' || !principal.platformId) {
      throw new AppError(
        'FORBIDDEN',
        403,
        'Only a signed-in player of the match, or an admin, can act in a veto.',
      );
    }
    const platformId = principal.platformId;
    // The rosters read first: the roster check itself is pure.
    const rosters = new Map<string, Team>();
    for (const teamId of [m.team1Id, m.team2Id]) {
      if (teamId !== null) {
        rosters.set(teamId, await deps.teams.get(teamId));
      }
    }
    const sides = rosterSides(m, platformId, (teamId) => rosters.get(teamId)!);
    if (sides.length === 0) {
      throw new AppError('NOT_ON_ROSTER', 403, 'You are not on the roster of either team of this match.');
    }
    // A player on both rosters acts for the team on turn.
    return { team: sides.includes(onTurn) ? onTurn : sides[0]!, by: platformId };
  }

  function assertVetoOpen(m: MatchRecord, stored: StoredVeto | null): asserts stored is StoredVeto {
    if (!stored) {
      throw new AppError('INVALID_STATE', 422, `Match "${m.slug}" is played without a veto.`);
    }
    if (stored.status === 'completed' || stored.status === 'skipped') {
      throw new AppError('VETO_COMPLETE', 409, `The veto of match "${m.slug}" is already ${stored.status}.`);
    }
    if (m.team1Id === null || m.team2Id === null) {
      throw new AppError('INVALID_STATE', 422, `Match "${m.slug}" does not have both teams yet.`);
    }
    const problem = poolProblem(m.mapPool);
    if (problem) {
      throw new AppError('INVALID_STATE', 422, problem);
    }
  }

  /**
   * Opens the veto once both teams are known: the starter is chosen (a coin tossed under
   * `coin_toss`) and stored, so both teams and every reload see the same result. Idempotent; the
   * default rule (team 1) stores nothing.
   */
  async function open(slug: string): Promise<void> {
    const m = await matchOf(slug);
    const stored = storedOf(m);
    if (
      !stored ||
      stored.starter ||
      stored.status !== 'pending' ||
      m.team1Id === null ||
      m.team2Id === null
    ) {
      return;
    }
    const { rule, seeds } = await deps.starterOf(m);
    if (rule === 'team1') {
      // Today's rule needs nothing stored: the board's version stays where it was.
      return;
    }
    const choice = chooseStarter(rule, seeds, ctx.random);
    await ctx.sql.tx(async () => {
      const fresh = storedOf(await matchOf(slug));
      if (fresh && !fresh.starter) {
        await deps.matchWriter.saveVetoIfVersion(slug, await matches.vetoVersion(slug), {
          ...fresh,
          currentTeam: choice.starter,
          starter: choice.starter,
          starterRule: rule,
          coinToss: choice.coinToss,
        });
      }
    });
  }

  /** Applies one action in one transaction; the version check refuses an action chosen on an old board. */
  function apply(
    slug: string,
    request: VetoRequest,
    by: string,
    expectedVersion?: number,
  ): Promise<VetoBoard> {
    return ctx.sql.tx(async () => {
      const m = await matchOf(slug);
      const stored = storedOf(m);
      assertVetoOpen(m, stored);
      const version = await matches.vetoVersion(slug);
      if (expectedVersion !== undefined && expectedVersion !== version) {
        throw new AppError(
          'VETO_NOT_YOUR_TURN',
          409,
          `The veto moved on since version ${expectedVersion} (now ${version}); reload the board.`,
        );
      }
      const veto = domainOf(m, stored);
      const outcome = applyVetoAction(veto, request);
      if (!outcome.ok) {
        throw new AppError(outcome.code, outcome.code === 'VALIDATION_FAILED' ? 400 : 409, outcome.message);
      }
      const entry = outcome.veto.history[outcome.veto.history.length - 1]!;
      const teamName = (await matches.teamRefs()).get(m[`${entry.team}Id`]!)?.name ?? entry.team;
      const history: VetoHistoryEntry[] = [
        ...stored.history,
        {
          step: stored.history.length,
          team: entry.team,
          teamName,
          action: entry.action,
          actionName: VETO_ACTION_NAMES[entry.action],
          map: entry.map,
          side: entry.side ?? null,
          by,
          at: ctx.clock.now(),
        },
      ];
      if (
        !(await deps.matchWriter.saveVetoIfVersion(slug, version, toStored(outcome.veto, history, stored)))
      ) {
        throw new AppError(
          'VETO_NOT_YOUR_TURN',
          409,
          'Another action was taken at the same moment; reload the board.',
        );
      }
      if (outcome.complete) {
        await deps.matchWriter.transition(await matchOf(slug), 'veto_complete');
      }
      return board(await matchOf(slug));
    });
  }

  return {
    async board(slug: string): Promise<VetoBoard> {
      await open(slug);
      return board(await matchOf(slug));
    },

    async act(slug: string, principal: Principal | null, body: VetoActionBody): Promise<VetoBoard> {
      await open(slug);
      const m = await matchOf(slug);
      const stored = storedOf(m);
      assertVetoOpen(m, stored);
      const onTurn = nextStep(domainOf(m, stored))!.team;
      const { team, by } = await actingTeam(m, principal, body.team, onTurn);
      const after = await apply(
        slug,
        { team, action: body.action, map: body.map, side: body.side },
        by,
        body.version,
      );
      // The other team's board follows live.
      ctx.live.matches(slug);
      return after;
    },

    /** Admin Skip veto: the first maps of the pool, sides by knife; the match then waits for a server. */
    async skip(slug: string): Promise<MatchRecord> {
      const skipped = await ctx.sql.tx(async () => {
        const m = await matchOf(slug);
        assertAllowed(m, 'skip_veto');
        if (m.team1Id === null || m.team2Id === null) {
          throw new AppError('INVALID_STATE', 422, `Match "${slug}" does not have both teams yet.`);
        }
        const stored = storedOf(m);
        const veto = domainOf(m, stored);
        const result = skippedResult(m.format, m.mapPool);
        await deps.matchWriter.saveVetoIfVersion(
          slug,
          await matches.vetoVersion(slug),
          toStored(veto, stored?.history ?? [], stored, result),
        );
        return deps.matchWriter.transition(await matchOf(slug), 'skip_veto');
      });
      ctx.live.matches(slug);
      return skipped;
    },

    /** Simulation: every pending veto of a match with both teams completes with random legal actions. */
    async completePending(random: () => number): Promise<string[]> {
      const completed: string[] = [];
      for (const m of await matches.list()) {
        const stored = storedOf(m);
        if (m.status !== 'pending' || !stored || m.team1Id === null || m.team2Id === null) {
          continue;
        }
        if (stored.status === 'completed' || stored.status === 'skipped' || poolProblem(m.mapPool)) {
          continue;
        }
        await open(m.slug);
        const opened = await matchOf(m.slug);
        let veto = domainOf(opened, storedOf(opened));
        for (
          let request = randomLegalAction(veto, random);
          request;
          request = randomLegalAction(veto, random)
        ) {
          await apply(m.slug, request, ADMIN);
          const after = await matchOf(m.slug);
          veto = domainOf(after, storedOf(after));
        }
        ctx.live.matches(m.slug);
        completed.push(m.slug);
      }
      return completed;
    },
  };
}

export type VetoService = ReturnType<typeof createVetoService>;
