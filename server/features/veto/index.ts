/** What other features may use of the veto feature. */
export * from './service.js';
