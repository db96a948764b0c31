/** What other features may use of the maps feature. */
export * from './service.js';
