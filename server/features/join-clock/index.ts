/** What other features may use of the join-clock feature (API.md decision 59). */
export * from './service.js';
export { registerJoinClockRoutes } from './routes.js';
export { startJoinClockJob } from './leader-job.js';
