/** What other features may use of the preflight feature. */
export * from './service.js';
