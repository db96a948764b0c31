/** The spec's timescale limits: above 2 bots are unstable, above 4 every server needs plugin 1.4.25+. */
export type TimescaleWarning = 'unstable' | 'needsNewPlugin';

const WARNING_TEXT: Record<TimescaleWarning, string> = {
  unstable: 'Timescales above 2 can make bots act strangely.',
  needsNewPlugin: 'Timescales above 4 need plugin version 1.4.25 or newer on every game server.',
};

/** Which of the limits `timescale` passes; the settings page words them in the language in use. */
export function timescaleWarningKinds(timescale: number): TimescaleWarning[] {
  const kinds: TimescaleWarning[] = [];
  if (timescale > 2) {
    kinds.push('unstable');
  }
  if (timescale > 4) {
    kinds.push('needsNewPlugin');
  }
  return kinds;
}

/** The warnings in English, as the settings answer carries them. */
export function timescaleWarnings(timescale: number): string[] {
  return timescaleWarningKinds(timescale).map((kind) => WARNING_TEXT[kind]);
}
