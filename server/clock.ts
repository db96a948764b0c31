/** Time as a port, so tests can fix it; Unix seconds as the API speaks them. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000) };
