/** Strings of renderer/src/features/dashboard. */
export const dashboard = {};
