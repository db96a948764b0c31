import type { MatchRecord } from '../matches/index.js';
import type { TournamentRecord } from './repo.js';

/** A decided standings row for leaderboards; Swiss fills Buchholz, the others leave it 0. */
export interface StandingRow {
  teamId: string;
  wins: number;
  losses: number;
  draws: number;
  byes: number;
  buchholz: number;
  roundDifference: number;
  seed: number;
  rank: number;
}

/**
 * One tournament format: it creates the matches of a started tournament and moves teams on when a
 * match is decided. It writes matches through the matches repo and never changes the tournament row.
 */
export interface FormatEngine {
  /** Creates the first matches; `seeded` is the team order, best seed first. */
  generate(t: TournamentRecord, seeded: readonly string[]): Promise<{ stageId: number | null }>;
  /** After `decided` was saved completed (or drawn): fills the matches it feeds. */
  advance(t: TournamentRecord, decided: MatchRecord): Promise<void>;
  /** The champion's team id once the tournament is over, else undefined. */
  champion(t: TournamentRecord): Promise<string | undefined>;
  standings(t: TournamentRecord): StandingRow[];
  /** Removes the format's own data (brackets-manager rows). */
  clear(t: TournamentRecord): Promise<void>;
}
