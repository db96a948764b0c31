/** Strings of renderer/src/features/servers. */
export const servers = {};
