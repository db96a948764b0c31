import type { z } from 'zod';
import type { PluginEvent, roundEndSchema } from '../../../shared/contracts/plugin-events.js';

/**
 * Hand-written checks of the two shapes every round of every match passes through (the event envelope
 * and its round_end), so the hot path skips zod. Each accepts only what its schema would pass unchanged
 * (numbers already numbers, nothing to coerce or default); anything else answers undefined and the caller
 * parses with the schema, which gives the same data and the same errors as before.
 */

type RoundEnd = z.infer<typeof roundEndSchema>;
type Team = RoundEnd['team1'];
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** What `z.coerce.number().int()` passes as it is. */
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const optionalInt = (v: unknown) => v === undefined || isInt(v);

/** The envelope of `pluginEventSchema`, when the JSON already has exactly its types. */
export function fastPluginEvent(json: unknown): PluginEvent | undefined {
  if (
    !isObject(json) ||
    typeof json.event !== 'string' ||
    json.event.length < 1 ||
    json.event.length > 64 ||
    !optionalInt(json.matchid) ||
    !optionalInt(json.map_number)
  ) {
    return undefined;
  }
  return json as PluginEvent;
}

function fastTeam(v: unknown): Team | undefined {
  if (!isObject(v) || !isInt(v.score) || !isInt(v.series_score) || !Array.isArray(v.players)) {
    return undefined;
  }
  for (const player of v.players as unknown[]) {
    if (!isObject(player)) {
      return undefined;
    }
    const stats = player.stats;
    if (stats !== undefined && (!isObject(stats) || !optionalInt(stats.damage))) {
      return undefined;
    }
  }
  return v as Team;
}

/** A round_end as `roundEndSchema` reads it, when its numbers are numbers and no default is needed. */
export function fastRoundEnd(e: Json): RoundEnd | undefined {
  return isInt(e.round_number) && fastTeam(e.team1) && fastTeam(e.team2) ? (e as RoundEnd) : undefined;
}
