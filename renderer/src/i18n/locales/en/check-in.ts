/** Strings of renderer/src/features/check-in. */
export const checkIn = {};
