// The demo's players: every team's its own, so no one plays for two teams.

/** Players of team number `team` (from 1), with 17-digit platform ids. */
export const playersOf = (team: number, size: number) =>
  Array.from({ length: size }, (_, p) => ({
    platformId: String(76561198000000000n + BigInt(team * 10 + p + 1)),
    name: `player ${team}.${p + 1}`,
  }));
