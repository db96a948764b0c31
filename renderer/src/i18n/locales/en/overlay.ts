/** Strings of renderer/src/features/overlay. */
export const overlay = {};
