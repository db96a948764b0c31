/** What other features may use of the tournament feature. */
export * from './service.js';
export type { TournamentRecord } from './repo.js';
export { requiredTagsOf } from './server-tags.js';
export { perTournament } from './per-tournament-routes.js';
export { registerTournamentsRoutes } from './tournaments-routes.js';
export { scopedTournamentId, withTournament } from './scope.js';
