/** What other features may use of the match-controls feature. */
export * from './service.js';
export { actorOf, createForfeit, type Forfeit, type ForfeitInput } from './forfeit.js';
export { createServerStop } from './stop.js';
