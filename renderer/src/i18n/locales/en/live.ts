/** Strings of renderer/src/features/live. */
export const live = {};
