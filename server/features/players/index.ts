/** What other features may use of the players feature. */
export * from './service.js';
