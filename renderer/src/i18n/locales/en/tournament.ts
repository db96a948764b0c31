/** Strings of renderer/src/features/tournament. */
export const tournament = {};
