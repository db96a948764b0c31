/** What other features may use of the matches feature. */
export {
  createMatchesService,
  newMatchRecord,
  presentMatch,
  rosterSides,
  VETO_NOT_STARTED,
  type MatchesDeps,
  type MatchesService,
  type SeriesResult,
} from './service.js';
export { createEtaBoard, etaInput, scheduleKeysBySlug, type Eta, type EtaBoard } from './eta.js';
export { registerMatchRoutes } from './routes.js';
export { assertAllowed, stateAfter } from './lifecycle.js';
export { playList } from './play-list.js';
export { createMatchWriter, type MatchPatch, type MatchWriter } from './transition.js';
export type { MatchesRepo, MatchRecord, MatchStage, StoredMap } from './repo.js';
