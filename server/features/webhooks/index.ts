/** What other features may use of the webhooks feature. */
export * from './service.js';
