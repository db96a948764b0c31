import type { AppContext } from '../../context.js';
import type { MatchRecord } from '../matches/index.js';
import { requiredTagsOf, type TournamentRecord } from '../tournament/index.js';

/**
 * The tags each waiting match requires of its server (API.md decisions 74, 76), by slug: the small
 * filter the allocation plan applies on top of its queue (`planAllocation`'s `requiredTags`).
 */
export async function tagRequirements(
  ctx: Pick<AppContext, 'repos'>,
  all: readonly MatchRecord[],
  waiting: readonly MatchRecord[],
): Promise<Map<string, string[]>> {
  const tournaments = new Map<number, TournamentRecord | undefined>();
  const requirements = new Map<string, string[]>();
  for (const m of waiting) {
    let t: TournamentRecord | undefined;
    if (m.tournamentId !== null) {
      if (!tournaments.has(m.tournamentId)) {
        tournaments.set(m.tournamentId, await ctx.repos.tournaments.get(m.tournamentId));
      }
      t = tournaments.get(m.tournamentId);
    }
    const stageMatches = all.filter((o) => o.tournamentId === m.tournamentId && o.stage === m.stage);
    requirements.set(m.slug, requiredTagsOf(t, m, stageMatches));
  }
  return requirements;
}
