/**
 * The start's draw (issue 31): the seed order, the groups a group stage deals and the first round's pairings,
 * from the drawn teams and the seeding setting. Pure, so the start's preview and the start itself draw alike;
 * the first rounds follow what the engines make of the seeds (brackets-manager's ordering for elimination and
 * round robin, shared/domain/swiss for Swiss).
 */
import { helpers, ordering } from 'brackets-manager';
import type { TournamentType } from '../contracts/tournament.js';
import { groupName, snakeGroups } from './group-stage.js';
import { bracketSeeding, seedNumber, seedTeams, type RandomSeed, type SeedingMode } from './seeding.js';
import { pairFirstRound } from './swiss.js';

export interface DrawInput {
  type: TournamentType;
  /** The teams drawn (registration order; teams dropped at check-in left out). */
  teamIds: readonly string[];
  seeding: SeedingMode;
  /** Required for `random`. */
  randomSeed?: RandomSeed;
  teamRating?: (teamId: string) => number;
  /** Type `groups_playoffs`: its group stage. */
  groupStage?: { type: 'round_robin' | 'swiss'; groupCount: number };
}

/** A first-round pairing; `team2` null: `team1` has a bye (elimination and Swiss) or sits the round out (round robin). */
export interface DrawPairing {
  /** The group letter, null outside a group stage. */
  group: string | null;
  team1: string;
  team2: string | null;
}

export interface StartDraw {
  type: TournamentType;
  /** Team ids best seed first. */
  seeds: string[];
  /** The groups of a group stage (their teams in seed order); empty for a single stage. */
  groups: { name: string; teamIds: string[] }[];
  /** The first round in play order. */
  firstRound: DrawPairing[];
}

/** First round of an elimination bracket: brackets-manager's default `inner_outer` over the byes-padded seeding. */
function eliminationFirstRound(seeds: readonly string[], type: 'single_elimination' | 'double_elimination') {
  const slots = ordering.inner_outer(bracketSeeding(seeds, type));
  const pairs: DrawPairing[] = [];
  for (let i = 0; i < slots.length; i += 2) {
    const [a, b] = [slots[i] ?? null, slots[i + 1] ?? null];
    // Fewer than half the slots are byes (seeding.ts), so one side always holds a team.
    pairs.push(a === null ? { group: null, team1: b!, team2: null } : { group: null, team1: a, team2: b });
  }
  return pairs;
}

/** Round 1 of a round robin as brackets-manager makes it; with an odd count one team sits it out. */
function roundRobinFirstRound(teams: readonly string[], group: string | null): DrawPairing[] {
  const [first = []] = helpers.makeRoundRobinMatches([...teams]);
  const playing = new Set(first.flat());
  const resting = teams.filter((id) => !playing.has(id));
  return [
    ...first.map(([team1, team2]) => ({ group, team1, team2 })),
    ...resting.map((team1) => ({ group, team1, team2: null })),
  ];
}

/** Round 1 of a Swiss pool; `seedOf` is each team's seed in the whole draw. */
function swissFirstRound(teams: readonly string[], group: string | null, seedOf: (id: string) => number) {
  return pairFirstRound(teams.map((id) => ({ id, seed: seedOf(id) }))).map((p) => ({ group, ...p }));
}

/** The draw of a start. A shuffle tournament draws its teams from the player pool round by round: no pairing here. */
export function drawStart(input: DrawInput): StartDraw {
  const seeds = seedTeams(input.teamIds, input.seeding, {
    randomSeed: input.randomSeed,
    teamRating: input.teamRating,
  });
  const seedOf = (id: string) => seeds.indexOf(id) + 1;
  switch (input.type) {
    case 'single_elimination':
    case 'double_elimination':
      return { type: input.type, seeds, groups: [], firstRound: eliminationFirstRound(seeds, input.type) };
    case 'round_robin':
      return { type: input.type, seeds, groups: [], firstRound: roundRobinFirstRound(seeds, null) };
    case 'swiss':
      return { type: input.type, seeds, groups: [], firstRound: swissFirstRound(seeds, null, seedOf) };
    case 'shuffle':
      return { type: input.type, seeds, groups: [], firstRound: [] };
    case 'groups_playoffs': {
      const stage = input.groupStage;
      if (!stage) {
        throw new Error('A groups_playoffs draw needs its group stage.');
      }
      const groups = snakeGroups(seeds, stage.groupCount).map((teamIds, g) => ({
        name: groupName(g),
        teamIds,
      }));
      const firstRound = groups.flatMap((g) =>
        stage.type === 'swiss'
          ? swissFirstRound(g.teamIds, g.name, seedOf)
          : roundRobinFirstRound(g.teamIds, g.name),
      );
      return { type: input.type, seeds, groups, firstRound };
    }
  }
}

/**
 * A short fingerprint of a draw (FNV-1a over all of it): the start that confirms a preview compares it, so
 * teams, check-ins, ratings, the seeding or the format changed since the preview are noticed.
 */
export function drawDigest(draw: StartDraw): string {
  const text = JSON.stringify(draw);
  return seedNumber(text).toString(16).padStart(8, '0');
}
