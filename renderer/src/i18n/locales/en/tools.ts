/** Strings of renderer/src/features/tools. */
export const tools = {};
