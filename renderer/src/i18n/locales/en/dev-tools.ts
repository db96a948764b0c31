/** Strings of renderer/src/features/dev-tools. */
export const devTools = {};
