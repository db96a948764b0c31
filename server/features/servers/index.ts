/** What other features may use of the servers feature. */
export * from './service.js';
