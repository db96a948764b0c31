import type { AllocationPlan } from '../../../shared/domain/allocation.js';
import type { AttentionService } from '../attention/index.js';
import type { MatchRecord } from '../matches/index.js';

/** Each team's players (platform ids), read for the teams of the matches allocation looks at. */
export type PlayersOf = (teamIds: readonly string[]) => Promise<ReadonlyMap<string, readonly string[]>>;

/** The players of the teams of `list`, by team (API.md decision 73: one match per player at a time). */
export async function playersOfMatches(
  list: readonly MatchRecord[],
  playersOf: PlayersOf,
): Promise<ReadonlyMap<string, readonly string[]>> {
  const teamIds = new Set(
    list.flatMap((m) => [m.team1Id, m.team2Id]).filter((id): id is string => id !== null),
  );
  return playersOf([...teamIds]);
}

/**
 * Keeps an attention item for each match that waits because a player of it plays another match (a
 * player on teams of two tournaments), and clears it once the match no longer waits for that reason.
 */
export function createPlayerBusyNotices(attention: Pick<AttentionService, 'raise' | 'clear'>) {
  const raised = new Set<string>();
  return async function noticePlayerBusy(plan: AllocationPlan, labelOf: (slug: string) => Promise<string>) {
    const waiting = plan.waiting.filter((w) => w.reason === 'player_busy');
    for (const w of waiting) {
      raised.add(w.slug);
      await attention.raise({
        kind: 'player_busy',
        key: w.slug,
        matchSlug: w.slug,
        message: `${await labelOf(w.slug)} waits: player ${(w.players ?? []).join(', ')} still plays another match (a team of another tournament).`,
      });
    }
    const still = new Set(waiting.map((w) => w.slug));
    for (const slug of [...raised].filter((s) => !still.has(s))) {
      raised.delete(slug);
      await attention.clear('player_busy', slug);
    }
  };
}
