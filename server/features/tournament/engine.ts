import type { MatchRecord } from '../matches/index.js';
import type { TournamentRecord } from './repo.js';
import type { CorrectionChange } from './bracket-stages.js';

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

/** One group: its teams in seed order and its standings. */
export interface GroupTableRows {
  name: string;
  teamIds: string[];
  /** Every match of the group is completed or cancelled. */
  completed: boolean;
  standings: (StandingRow & { qualified: boolean })[];
}

/** What a group stage adds to its format engine (type `groups_playoffs`). */
export interface GroupStage {
  /** Each group with its standings; `qualified` marks the top of a completed group. */
  tables(t: TournamentRecord): Promise<GroupTableRows[]>;
  /** Group matches not completed or cancelled yet. */
  openGroupMatches(t: TournamentRecord): Promise<number>;
  /** Seat name -> team id from the final group standings. */
  seats(t: TournamentRecord): Promise<Record<string, string>>;
  /** Puts the teams of `t.playoffSeats` into the playoff slots (again, after a correction). */
  fillPlayoffs(t: TournamentRecord): Promise<void>;
}

/**
 * One tournament format: it creates the matches of a started tournament and moves teams on when a
 * match is decided. It writes matches through the matches repo and never changes the tournament row.
 */
export interface FormatEngine {
  /**
   * Creates the first matches; `seeded` is the team order, best seed first. `warnings`: settings
   * that the bracket ignores (round keys naming no round).
   */
  generate(
    t: TournamentRecord,
    seeded: readonly string[],
  ): Promise<{ stageId: number | null; warnings?: string[] }>;
  /** After `decided` was saved completed (or drawn): fills the matches it feeds. */
  advance(t: TournamentRecord, decided: MatchRecord): Promise<void>;
  /** The champion's team id once the tournament is over, else undefined. */
  champion(t: TournamentRecord): Promise<string | undefined>;
  standings(t: TournamentRecord): Promise<StandingRow[]>;
  /** Elimination stages only: a corrected result in the stage (bracket-stages.ts `correct`). */
  correct?(t: TournamentRecord, change: CorrectionChange): Promise<void>;
  /** Removes the format's own data (brackets-manager rows). */
  clear(t: TournamentRecord): Promise<void>;
  /** Type `groups_playoffs` only. */
  groups?: GroupStage;
}
