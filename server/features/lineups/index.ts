/** What other features may use of the lineups feature. */
export * from './service.js';
