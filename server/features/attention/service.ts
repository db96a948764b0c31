import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import type { AttentionItem, AttentionKind } from '../../../shared/contracts/attention.js';
import type { StuckLoad } from '../../../shared/contracts/matches.js';
import type { PreflightResult } from '../../../shared/contracts/preflight.js';
import {
  CALL_INTERVAL_SECONDS,
  DEMO_LOOKBACK_SECONDS,
  callAnswered,
  callMessage,
  callWaitSeconds,
  longPauses,
  missingDemos,
  moveSettled,
  preflightErrors,
  waitingMoves,
  reconcile,
  type WantedItem,
} from '../../../shared/domain/attention.js';
import type { SettingsService } from '../settings/index.js';
import type { TeamsService } from '../teams/index.js';
import type { EmitMatchEvent } from '../webhooks/index.js';
import { presentItem, type StoredItem } from './repo.js';

export interface AttentionDeps {
  settings: Pick<SettingsService, 'read'>;
  teams: Pick<TeamsService, 'teamsOfPlayer'>;
  emitMatchEvent: EmitMatchEvent;
  /** The loading feature's loads no server fetched in time. */
  stuckLoads: () => Promise<StuckLoad[]>;
  /** The last preflight's result (API.md decision 57), null before it ever ran. */
  lastPreflight: () => Promise<PreflightResult | null>;
}

/** What a feature raises: the cause's kind and key, what the item names, and a sentence. */
export interface RaiseInput {
  kind: AttentionKind;
  /** Names the cause within its kind (a match slug, `slug:map`): raising it again keeps one item. */
  key: string;
  matchSlug?: string;
  serverId?: string;
  teamId?: string;
  message: string;
  /** When the cause began; now unless given. */
  since?: number;
}

/** The kinds the sweep raises and clears from stored state; the other kinds are raised by their features. */
const SWEPT_KINDS: readonly AttentionKind[] = [
  'decision',
  'stuck_load',
  'paused',
  'demo_missing',
  'preflight',
];

export function createAttentionService(ctx: AppContext, deps: AttentionDeps) {
  const repo = ctx.repos.attention;
  const causes = ctx.repos.attentionCauses;
  const log = ctx.logger.child({ module: 'attention' });
  const now = () => ctx.clock.now();

  // In-process listeners of new items (the desktop shell's notification).
  const raisedListeners: ((item: AttentionItem) => void)[] = [];
  const announce = (change: 'raised' | 'acknowledged' | 'cleared', item: StoredItem) =>
    ctx.sql.afterCommit(() => {
      const presented = presentItem(item);
      ctx.live.publish({ topic: 'attention', change, item: presented });
      if (change === 'raised') {
        raisedListeners.forEach((listener) => listener(presented));
      }
    });

  /** Adds the item unless its kind and key are queued already; the new item, else undefined. */
  async function raise(input: RaiseInput): Promise<AttentionItem | undefined> {
    return ctx.sql.tx(async () => {
      const stored = await repo.insert({
        kind: input.kind,
        key: input.key,
        matchSlug: input.matchSlug ?? null,
        serverId: input.serverId ?? null,
        teamId: input.teamId ?? null,
        since: input.since ?? now(),
        message: input.message,
      });
      if (!stored) {
        return undefined;
      }
      const item = presentItem(stored);
      if (stored.matchSlug !== null) {
        await deps.emitMatchEvent('match.attention', stored.matchSlug, { attention: item });
      }
      announce('raised', stored);
      return item;
    });
  }

  /** Removes the item of this kind and key (its cause is gone); nothing when there is none. */
  async function clear(kind: AttentionKind, key: string): Promise<void> {
    await ctx.sql.tx(async () => {
      const removed = await repo.remove(kind, key);
      if (removed) {
        announce('cleared', removed);
      }
    });
  }

  /** What the stored state says should be queued of the swept kinds. */
  async function wantedNow(at: number): Promise<WantedItem[]> {
    const decisions: WantedItem[] = (await causes.decisions()).map((m) => ({
      kind: 'decision',
      key: m.slug,
      matchSlug: m.slug,
      ...(m.serverId !== null ? { serverId: m.serverId } : {}),
      since: at,
      message: `${m.name} needs a decision: no winner could be judged from what the server reported.`,
    }));
    const stuck: WantedItem[] = [];
    for (const load of await deps.stuckLoads()) {
      const m = await causes.named(load.matchSlug);
      stuck.push({
        kind: 'stuck_load',
        key: load.matchSlug,
        matchSlug: load.matchSlug,
        serverId: load.serverId,
        since: load.sentAt,
        message: `${m?.name ?? load.matchSlug} was sent to ${load.serverId}, which has not fetched its config: re-send or move it.`,
      });
    }
    const settings = deps.settings.read();
    const demos = settings.demoRecording
      ? missingDemos(await causes.mapEnds(at - DEMO_LOOKBACK_SECONDS), at)
      : [];
    return [
      ...decisions,
      ...stuck,
      ...longPauses(await causes.paused(), at, settings.pauseAlertMinutes),
      ...demos,
      ...preflightErrors(await deps.lastPreflight()),
      ...waitingMoves(await causes.moving(), at),
    ];
  }

  /**
   * One pass over the causes: raises what appeared, clears what is gone (calls whose match is over
   * too). The leader runs it on a timer; every deadline it checks is derived from stored times, so a
   * restart or a new leader finds the same items due.
   */
  async function sweep(): Promise<void> {
    const at = now();
    const wanted = await wantedNow(at);
    const stored = await repo.list();
    const { raise: toRaise, clear: toClear } = reconcile(stored, wanted, SWEPT_KINDS);
    const open = await causes.openMatches();
    const answered = stored.filter(
      (s) =>
        (s.kind === 'call' && callAnswered(s, open, at)) ||
        (s.kind === 'move' && moveSettled(s, wanted, open)),
    );
    for (const item of [...toClear, ...answered]) {
      await clear(item.kind, item.key);
    }
    for (const item of toRaise) {
      await raise(item);
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= sweep()
      .catch((err: unknown) => log.error({ err }, 'the attention sweep failed'))
      .finally(() => (running = undefined));
  };

  return {
    raise,
    clear,
    sweep,

    list: async (): Promise<AttentionItem[]> => (await repo.list()).map(presentItem),

    async acknowledge(id: number): Promise<AttentionItem> {
      return ctx.sql.tx(async () => {
        const acknowledged = await repo.acknowledge(id, now());
        if (acknowledged) {
          announce('acknowledged', acknowledged);
          return presentItem(acknowledged);
        }
        const item = await repo.get(id);
        if (!item) {
          throw notFound(`Attention item ${id}`);
        }
        return presentItem(item);
      });
    },

    /** API.md decision 65: a signed-in player's call, naming them, their team, match and server. */
    async callAdmin(platformId: string, text: string): Promise<AttentionItem> {
      const at = now();
      const player = await ctx.repos.players.get(platformId);
      // A signed-in id on no roster (an organiser trying it out) still reaches the queue.
      const team = await deps.teams.teamsOfPlayer(platformId).then(
        (found) => found.team,
        () => null,
      );
      const match = team ? await ctx.repos.matches.currentOfTeam(team.id) : undefined;
      const named = match ? await causes.named(match.slug) : undefined;
      const server = match?.serverId ? await ctx.repos.servers.get(match.serverId) : undefined;
      return ctx.sql.tx(async () => {
        if (!(await repo.claimCall(platformId, at, at - CALL_INTERVAL_SECONDS))) {
          const wait = callWaitSeconds(await repo.lastCallOf(platformId), at);
          throw new AppError(
            'RATE_LIMITED',
            429,
            `You called an admin less than 2 minutes ago; you can call again in ${Math.max(wait, 1)} seconds.`,
          );
        }
        const item = await raise({
          kind: 'call',
          key: `${platformId}:${at}`,
          ...(match ? { matchSlug: match.slug } : {}),
          ...(server ? { serverId: server.id } : {}),
          ...(team ? { teamId: team.id } : {}),
          since: at,
          message: callMessage({
            playerName: player?.name ?? platformId,
            platformId,
            teamName: team?.name ?? null,
            matchLabel: named?.name ?? null,
            serverName: server ? `${server.name} (${server.host}:${server.port})` : null,
            text,
          }),
        });
        if (!item) {
          throw new AppError('CONFLICT', 409, 'This call was already made.');
        }
        return item;
      });
    },

    /** Calls `listener` after each new item committed on this instance. */
    onRaised(listener: (item: AttentionItem) => void): void {
      raisedListeners.push(listener);
    },

    /** Sweeps now and then every `intervalMs` (leader only). */
    start(intervalMs: number): void {
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}

export type AttentionService = ReturnType<typeof createAttentionService>;
