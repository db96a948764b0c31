/** What other features may use of the settings feature. */
export * from './service.js';
