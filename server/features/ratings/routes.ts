import type { RouteTable } from '../../http/route.js';
import { playerParamsSchema } from '../../../shared/contracts/players.js';
import { ratingHistoryResponseSchema } from '../../../shared/contracts/ratings.js';
import type { PlayersService } from '../players/index.js';
import type { RatingsService } from './service.js';

export function registerRatingRoutes(
  routes: RouteTable,
  ratings: RatingsService,
  players: PlayersService,
): void {
  routes.add({
    method: 'get',
    path: '/api/players/:platformId/rating-history',
    access: 'public',
    tag: 'Players',
    summary: "A player's rating changes, oldest first, with the match label and tournament name",
    params: playerParamsSchema,
    response: ratingHistoryResponseSchema,
    handler: async ({ params }) => {
      const player = await players.get(params.platformId);
      return {
        success: true,
        platformId: player.platformId,
        rating: player.rating,
        history: (await ratings.history(player.platformId)).map((h) => ({
          matchSlug: h.matchSlug,
          matchLabel: h.matchLabel,
          tournamentId: h.tournamentId,
          tournamentName: h.tournamentName,
          ratingBefore: h.ratingBefore,
          ratingAfter: h.ratingAfter,
          createdAt: h.createdAt,
        })),
      };
    },
  });
}
