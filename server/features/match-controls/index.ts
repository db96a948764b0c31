/** What other features may use of the match-controls feature. */
export * from './service.js';
