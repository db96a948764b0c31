/** Strings of renderer/src/features/veto. */
export const veto = {};
