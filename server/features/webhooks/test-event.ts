import type { PayloadMatch, PayloadServer } from '../../../shared/domain/webhook-events.js';

/** A made-up match for test events, so a receiver exercises its real code path. */
const TEST_PLAYERS = (first: number) =>
  [0, 1, 2, 3, 4].map((i) => ({
    platformId: String(76561198000000000n + BigInt(first + i)),
    name: `player ${first + i}`,
  }));
export const TEST_MATCH: PayloadMatch = {
  slug: 'test-match',
  tournamentId: null,
  matchid: 0,
  status: 'loaded',
  format: 'bo1',
  label: 'Test match',
  team1: {
    id: 'test-team-1',
    name: 'Test Team 1',
    tag: 'TT1',
    externalIds: new Map(),
    players: TEST_PLAYERS(1),
  },
  team2: {
    id: 'test-team-2',
    name: 'Test Team 2',
    tag: 'TT2',
    externalIds: new Map(),
    players: TEST_PLAYERS(6),
  },
  maps: [{ number: 0, name: 'de_mirage', team1Score: 0, team2Score: 0, winner: null }],
  team1SeriesScore: 0,
  team2SeriesScore: 0,
  mapAdvantage: null,
  winnerId: null,
  forfeit: false,
};
export const TEST_SERVER: PayloadServer = { host: '192.0.2.10', port: 27015, password: 'test-password' };
