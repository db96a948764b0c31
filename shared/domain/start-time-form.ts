/** How a start time is worded: "about 12 min", or the clock time ("about 14:35"). */
export type StartTimeForm = 'minutes' | 'clock';

/** Beyond this many minutes a count means little: the clock time says more. */
const MINUTES_SHOWN = 60;

/**
 * The one form a column of start times takes, so a list never mixes "about 12 min" with "about 14:35":
 * the clock once any of them is more than an hour away. Unix seconds in, pure.
 */
export function startTimeForm(startsAts: readonly number[], now: number): StartTimeForm {
  return startsAts.some((at) => Math.round((at - now) / 60) > MINUTES_SHOWN) ? 'clock' : 'minutes';
}
