export { createLeader, LEASE_RENEW_MS, LEASE_TTL_MS, type Leader } from './leader.js';
export { createClusterLiveFeed } from './live-feed.js';
