/** Strings of renderer/src/features/webhooks. */
export const webhooks = {};
