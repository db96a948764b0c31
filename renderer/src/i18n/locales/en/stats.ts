/** Strings of renderer/src/features/stats. */
export const stats = {};
