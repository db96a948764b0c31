/** What other features may use of the plugin-events feature. */
export * from './service.js';
export type { MatchMapLine, PlayerMapLine, PlayerTotals } from './stats-repo.js';
