import { canClearQueuedMatch, type PluginIdentity } from './capabilities.js';
import { pluginName } from './flavours.js';

/**
 * What became of a load queued behind another series' postgame that Matchday no longer wants.
 * `kept`: 1.4.21 cannot drop it (no command, and its full reset loads it at once, src/Utility.cs
 * ResetMatch → TryLoadQueuedMatchAfterReset); it still fetches after that postgame, is refused (the
 * load was ended) and the server shows `error`, which counts as free (PROTOCOL.md 6.1).
 */
export type QueuedLoadOutcome = 'cleared' | 'none' | 'kept' | 'unanswered';

/**
 * Drops a queued load without touching the series the server finishes: never `css_endmatch`, whose
 * reset leaves that series' end-of-series kick timer armed (MatchZy-Enhanced src/MatchManagement.cs
 * EndSeries, both versions). 2.0.0's `<p>_clear_queued_match` answers `cleared_queued_match=<id|none>`.
 */
export async function dropQueuedLoad(
  server: PluginIdentity,
  run: (line: string) => Promise<string>,
): Promise<QueuedLoadOutcome> {
  if (!canClearQueuedMatch(server)) {
    return 'kept';
  }
  const reply = await run(pluginName(server.flavour, 'clear_queued_match'));
  const cleared = /cleared_queued_match=(\S+)/.exec(reply)?.[1];
  return cleared === undefined ? 'unanswered' : cleared === 'none' ? 'none' : 'cleared';
}
