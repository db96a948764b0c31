/**
 * What Matchday did with a game-server event, read from the English line the plugin-events feature stores
 * (`applied`, `ignored: <why>`, `unmatched: <why>`, `failed: <error>`), so the event monitor can say it in
 * the language in use. Pure; a line of another shape is kept as text.
 */

/** Why an event was not applied, with the names it mentions. */
export type OutcomeReason =
  | { kind: 'changesNothing' }
  | { kind: 'noMatchLoaded' }
  | { kind: 'noServer'; server: string }
  | { kind: 'noMatchid'; matchid: string }
  | { kind: 'notAssigned'; match: string; server: string }
  | { kind: 'eventChangesNothing'; event: string }
  | { kind: 'retriedPause'; pauseTime: string }
  | { kind: 'text'; text: string };

export type EventOutcome =
  | { kind: 'applied' }
  | { kind: 'ignored' | 'unmatched'; reason: OutcomeReason }
  | { kind: 'failed'; error: string }
  | { kind: 'text'; text: string };

/** The reasons the plugin-events feature words, each with the names its pattern captures. */
const REASONS: readonly [RegExp, (m: RegExpExecArray) => OutcomeReason][] = [
  [/^changes nothing$/, () => ({ kind: 'changesNothing' })],
  [/^no match loaded$/, () => ({ kind: 'noMatchLoaded' })],
  [/^no server "(.*)" is registered$/, (m) => ({ kind: 'noServer', server: m[1]! })],
  [/^no match has matchid (\S+)$/, (m) => ({ kind: 'noMatchid', matchid: m[1]! })],
  [/^match (\S+) is not assigned to (.+)$/, (m) => ({ kind: 'notAssigned', match: m[1]!, server: m[2]! })],
  [/^(\S+) does not change a match$/, (m) => ({ kind: 'eventChangesNothing', event: m[1]! })],
  [/^a retry of the pause of (\S+), already applied$/, (m) => ({ kind: 'retriedPause', pauseTime: m[1]! })],
];

function reasonOf(text: string): OutcomeReason {
  for (const [pattern, read] of REASONS) {
    const match = pattern.exec(text);
    if (match) {
      return read(match);
    }
  }
  return { kind: 'text', text };
}

/** Reads an event monitor line's outcome into its parts. */
export function parseEventOutcome(outcome: string): EventOutcome {
  if (outcome === 'applied') {
    return { kind: 'applied' };
  }
  const head = /^(ignored|unmatched|failed): (.*)$/s.exec(outcome);
  if (!head) {
    return { kind: 'text', text: outcome };
  }
  const [, kind, rest] = head as unknown as [string, 'ignored' | 'unmatched' | 'failed', string];
  return kind === 'failed' ? { kind, error: rest } : { kind, reason: reasonOf(rest) };
}
