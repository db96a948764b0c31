/** What other features may use of the stage queue. */
export * from './service.js';
