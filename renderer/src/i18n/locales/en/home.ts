/** Strings of renderer/src/features/home. */
export const home = {};
