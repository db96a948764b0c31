/** Strings of renderer/src/features/players. */
export const players = {};
