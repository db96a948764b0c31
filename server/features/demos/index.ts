/** What other features may use of the demos feature. */
export * from './service.js';
