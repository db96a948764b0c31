/** What other features may use of the teams feature. */
export * from './service.js';
