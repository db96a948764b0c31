/** Strings of renderer/src/features/matches. */
export const matches = {};
