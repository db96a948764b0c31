/** Strings of renderer/src/features/maps. */
export const maps = {};
