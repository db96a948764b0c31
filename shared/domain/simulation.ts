/**
 * Warnings of the spec's timescale limits (above 2 unstable, above 4 needs plugin 1.4.25+); the
 * settings answer carries them and the settings page shows them while the slider moves.
 */
export function timescaleWarnings(timescale: number): string[] {
  const warnings: string[] = [];
  if (timescale > 2) {
    warnings.push('Timescales above 2 can make bots act strangely.');
  }
  if (timescale > 4) {
    warnings.push('Timescales above 4 need plugin version 1.4.25 or newer on every game server.');
  }
  return warnings;
}
