/** Strings of renderer/src/features/teams. */
export const teams = {};
