/** Strings of renderer/src/features/screen. */
export const screen = {};
