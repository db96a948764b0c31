/** Strings of renderer/src/features/bracket. */
export const bracket = {};
