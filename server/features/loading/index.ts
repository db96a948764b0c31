/** What other features may use of the loading feature. */
export * from './service.js';
export type { MatchLoad } from './repo.js';
