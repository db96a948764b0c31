import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import type { Principal } from '../../auth/principal.js';
import type { MatchForfeit } from '../../../shared/contracts/matches.js';
import { walkoverResult } from '../../../shared/domain/walkover.js';
import { assertAllowed, type MatchRecord, type SeriesResult } from '../matches/index.js';
import type { LoadingService } from '../loading/index.js';
import type { ServersService } from '../servers/index.js';
import type { ServerStop } from './stop.js';

export interface ForfeitDeps {
  servers: Pick<ServersService, 'freeAfterCancel'>;
  loading: Pick<LoadingService, 'endLoad'>;
  recordSeriesResult(slug: string, result: SeriesResult): Promise<MatchRecord>;
}

/** Why and by whom a team loses a match without playing. */
export interface ForfeitInput {
  /** The team that forfeits; the other one wins. */
  teamId: string;
  /** `forfeit` (admin), `withdrawn` (the team left), `no_show` (the join clock's walkover). */
  reason: Exclude<MatchForfeit['reason'], 'no_check_in'>;
  /** The admin's own words, if any. */
  note: string | null;
  /** Who recorded it (a token's label or a session's platform id), null for Matchday itself. */
  by: string | null;
}

/** The actor as a forfeit records it: a token by its label, a session by its platform id. */
export const actorOf = (principal: Principal | null): string | null =>
  principal === null ? null : principal.kind === 'token' ? principal.label : principal.platformId;

/**
 * A match decided as a walkover (API.md decision 60): a match on its server is ended there first,
 * then completed for the other team with no maps, stats or rating change; the bracket moves on.
 */
export function createForfeit(ctx: AppContext, deps: ForfeitDeps, stop: ServerStop) {
  return async function forfeit(slug: string, input: ForfeitInput): Promise<MatchRecord> {
    const match = await ctx.repos.matches.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    assertAllowed(match, 'forfeit');
    if (match.team1Id === null || match.team2Id === null) {
      throw new AppError('INVALID_STATE', 422, `Match "${slug}" does not have both teams yet.`);
    }
    if (input.teamId !== match.team1Id && input.teamId !== match.team2Id) {
      throw new AppError('VALIDATION_FAILED', 400, `Team "${input.teamId}" does not play match "${slug}".`, [
        { path: 'teamId', message: 'must be team 1 or team 2 of the match' },
      ]);
    }
    const onItsServer = match.serverId !== null && (match.status === 'loaded' || match.status === 'live');
    const queued = onItsServer ? await stop.queuedLoad(slug) : undefined;
    if (onItsServer) {
      // `css_endmatch`: the plugin resets the match without a series end (src/Utility.cs ResetMatch).
      stop.stopOnServer(match.serverId!, queued);
    }
    await deps.loading.endLoad(slug);
    const forfeitingSide = input.teamId === match.team1Id ? 'team1' : 'team2';
    const decided = await deps.recordSeriesResult(slug, {
      ...walkoverResult(forfeitingSide),
      action: 'forfeit',
      forfeit: {
        teamIds: [input.teamId],
        reason: input.reason,
        note: input.note,
        by: input.by,
        at: ctx.clock.now(),
      },
    });
    if (onItsServer && queued === undefined) {
      // Matchday's own records decide (API.md 16): the plugin's last "playing" is stale now.
      await deps.servers.freeAfterCancel(match.serverId!);
    }
    ctx.logger.info(
      { module: 'match-controls', match: slug, team: input.teamId, reason: input.reason, by: input.by },
      'match forfeited',
    );
    return decided;
  };
}

export type Forfeit = ReturnType<typeof createForfeit>;
