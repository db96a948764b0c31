/** What other features may use of the plugin-events feature. */
export * from './service.js';
