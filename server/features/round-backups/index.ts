/** What other features may use of the round-backups feature. */
export * from './service.js';
