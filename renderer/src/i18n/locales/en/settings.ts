/** Strings of renderer/src/features/settings. */
export const settings = {};
