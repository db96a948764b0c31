/** Strings of renderer/src/features/live. */
export const live = {
  reconnecting: 'Reconnecting…',
  paused: 'Live updates paused, retrying…',
};
