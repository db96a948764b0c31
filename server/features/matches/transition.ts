import type { AppContext } from '../../context.js';
import { lifecycleState, type MatchAction } from '../../../shared/domain/match-lifecycle.js';
import { moveMatch } from './lifecycle.js';
import type { MatchRecord } from './repo.js';

/**
 * What a change may set besides the status, which only the lifecycle table sets. The phase of a live
 * match (halftime, overtime, a pause) is the game's and comes as reported.
 */
export type MatchPatch = Partial<Omit<MatchRecord, 'slug' | 'status'>>;

/**
 * The one writer of the matches table: a match's state changes only through `transition`, which
 * applies the lifecycle table (shared/domain/match-lifecycle) and records the change; new matches,
 * deleted ones and a load the server refused go through the other functions here.
 */
export function createMatchWriter(ctx: Pick<AppContext, 'repos' | 'logger' | 'sql'>) {
  const repo = ctx.repos.matches;
  /** Told of each deleted match once the delete committed (files kept outside the database). */
  const removedListeners: ((slug: string) => void)[] = [];

  /** The match after the table's triggers, in order (a refused one is a 422 INVALID_STATE). */
  function moveBy(match: MatchRecord, trigger: MatchAction | readonly MatchAction[]): MatchRecord {
    const triggers: readonly MatchAction[] = typeof trigger === 'string' ? [trigger] : trigger;
    return triggers.reduce((m, action) => moveMatch(m, action), match);
  }

  return {
    /**
     * The match after the table's `trigger`s (in order; none for a change that keeps the state) and
     * `patch`, saved; the change is logged at debug level. `match` is the record as read in this
     * transaction. A trigger the table refuses is a 422 INVALID_STATE and writes nothing.
     */
    async transition(
      match: MatchRecord,
      trigger: MatchAction | readonly MatchAction[],
      patch: MatchPatch = {},
    ): Promise<MatchRecord> {
      const next = { ...moveBy(match, trigger), ...patch };
      if (next.status !== match.status || next.phase !== match.phase) {
        ctx.logger.debug(
          {
            module: 'matches',
            match: match.slug,
            trigger,
            from: lifecycleState(match),
            to: lifecycleState(next),
          },
          'match state changed',
        );
      }
      await repo.save(next, match);
      return next;
    },

    /** Stores a new match (a new slug), moved by the table's `trigger`s from the state it was made in. */
    async create(
      match: MatchRecord,
      trigger: MatchAction | readonly MatchAction[] = [],
      patch: MatchPatch = {},
    ): Promise<MatchRecord> {
      const next = { ...moveBy(match, trigger), ...patch };
      // Several tournaments run at once (API.md decision 73): their engines name matches alike ("final"),
      // so a slug another tournament's match holds gets the tournament's id in front.
      const holder = match.tournamentId === null ? undefined : await repo.get(next.slug);
      if (holder && holder.tournamentId !== match.tournamentId) {
        next.slug = `t${match.tournamentId}-${next.slug}`;
      }
      await repo.insert(next);
      return next;
    },

    /**
     * Puts back what a change wrote when it never reached the game server (the server refused the
     * load): the match as `before`, whatever the table says, since nothing happened.
     */
    async undo(
      current: MatchRecord,
      before: Pick<MatchRecord, 'status' | 'serverId' | 'loadedAt'>,
    ): Promise<MatchRecord> {
      const { status, serverId, loadedAt } = before;
      const next = { ...current, status, serverId, loadedAt };
      await repo.save(next, current);
      return next;
    },

    /** Deletes the match and everything stored of it (its maps, live state and plugin events). */
    async remove(slug: string): Promise<boolean> {
      const removed = await repo.delete(slug);
      if (removed) {
        ctx.sql.afterCommit(() => removedListeners.forEach((listener) => listener(slug)));
      }
      return removed;
    },
    /** `listener` hears of every deleted match after its delete committed; it must not throw. */
    onRemoved(listener: (slug: string) => void): void {
      removedListeners.push(listener);
    },
    /**
     * A new plugin match id for a restarted match: the abandoned attempt's round backups and retried
     * events carry the old one, which is kept so they are ignored with a reason (real-plugin-reaudit 2 #12).
     */
    async newAttemptMatchid(match: Pick<MatchRecord, 'slug' | 'matchid'>): Promise<number> {
      await repo.retireMatchid(match.matchid, match.slug);
      return repo.newMatchid();
    },
    /** Forgets the maps played so far (a restarted match plays from the start). */
    deleteMaps: (slug: string): Promise<void> => repo.deleteMaps(slug),
    /** The veto of a match written at the version it was read at; false when another write came first. */
    saveVetoIfVersion: (slug: string, version: number, veto: unknown): Promise<boolean> =>
      repo.saveVetoIfVersion(slug, version, veto),
  };
}

export type MatchWriter = ReturnType<typeof createMatchWriter>;
