/**
 * What a server's plugin version can do, where the versions differ (PROTOCOL.md 5.3, 5.5). The
 * version is the one the plugin reported; until it has, the flavour stands for its generation.
 */
import type { Flavour } from './flavours.js';

export interface PluginIdentity {
  flavour: Flavour;
  pluginVersion: string | null;
}

const majorVersion = (p: PluginIdentity): number => {
  const major = Number(p.pluginVersion?.split('.')[0]);
  return Number.isInteger(major) && p.pluginVersion !== null ? major : p.flavour === 'at' ? 2 : 1;
};

/**
 * `<prefix>_clear_queued_match` exists in 2.0.0; 1.4.21 has no such command (an unknown command there,
 * and the queued load still runs), so a rollback must not count on it.
 */
export const canClearQueuedMatch = (p: PluginIdentity): boolean => majorVersion(p) >= 2;

/**
 * 2.0.0 reloads the match map at a load when demos are wanted and no GOTV master runs
 * (Auto-Tournament/MatchZy-Enhanced src/MatchManagement.cs `sourceTvReloadRequired`); 1.4.21 changes
 * level only when the map differs (src/MatchManagement.cs:507-510).
 */
export const reloadsMapForGotv = (p: PluginIdentity): boolean => majorVersion(p) >= 2;

/**
 * What the plugin said to a load (PROTOCOL.md 5.3): queued behind a finishing series, refused, or
 * failed: its config fetch failed or the config was not valid (MatchZy-Enhanced src/MatchManagement.cs
 * LoadMatchFromURL: "HTTP request failed with status code", "Match load failed! Resetting current match").
 */
export function loadReplyKind(reply: string): 'queued' | 'already_set_up' | 'failed' | 'other' {
  if (/Queued next match|queued_match=/i.test(reply)) {
    return 'queued';
  }
  if (/Match load failed!|HTTP request failed with status code/i.test(reply)) {
    return 'failed';
  }
  return /A match is already setup/i.test(reply) ? 'already_set_up' : 'other';
}
