/** Strings of renderer/src/features/me. */
export const me = {};
