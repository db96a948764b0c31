/** What other features may use of the test-matches feature. */
export * from './service.js';
