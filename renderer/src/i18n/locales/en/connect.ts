/** Strings of renderer/src/features/connect. */
export const connect = {};
