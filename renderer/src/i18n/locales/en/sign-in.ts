/** Strings of renderer/src/features/sign-in. */
export const signIn = {};
