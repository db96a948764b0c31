/** Strings of renderer/src/features/backup. */
export const backup = {};
