/**
 * What other features may use of the attention feature (API.md decision 64), through the service the
 * composition root hands them:
 *
 * - `raise({ kind, key, matchSlug?, serverId?, teamId?, message, since? })` queues an item for the
 *   organiser when its cause appears. `kind` + `key` name the cause (a no-show: kind `no_show`, key the
 *   match slug); raising it again while queued changes nothing, so a feature may raise on every check.
 *   The admin live stream and the `match.attention` webhook (items with a match) announce a new item.
 * - `clear(kind, key)` removes it when the cause is gone (the team arrived, the move finished).
 *
 * Both may run inside the caller's transaction (they join it) and do no I/O but the database. The
 * kinds `decision`, `stuck_load`, `paused` and `demo_missing` are the queue's own: its sweep raises
 * and clears them from stored state.
 */
export { createAttentionService, type AttentionService, type RaiseInput } from './service.js';
