// `npm run demo:lan -- --side-cup`: an 8-team wingman cup beside the main event on the same fake servers
// (API.md decisions 73-76). The servers carry tags: the first `stage` (the casters' PC), the last half
// `wingman` (the cup requires that tag); the main event takes any of them. The main event pauses for
// lunch; the cup plays on.
import { createTournamentSchema } from '../shared/contracts/tournament.js';
import type { ScheduleSettings } from '../shared/contracts/timetable.js';
import type { Services } from '../server/features/index.js';
import { withTournament } from '../server/features/tournament/index.js';
import { playersOf } from './demo-players.js';

export const STAGE_TAG = 'stage';
export const WINGMAN_TAG = 'wingman';
const SIDE_CUP_NAME = 'Wingman cup';
const SIDE_CUP_TEAMS = 8;
const WINGMAN_TEAM_SIZE = 2;
/** mp_maxrounds of a wingman map when the demo sets none (CS2's wingman default). */
const WINGMAN_MAX_ROUNDS = 16;
/** Cup teams' player numbers start here, far above the main event's (at most 256 teams). */
const FIRST_CUP_TEAM = 1001;

/**
 * The cup's veto pool of seven maps the game installs (the fakes' test/fakes/map-change.ts, what the
 * preflight asks the servers for), given the wingman mode beside competitive: the shipped maps list
 * competitive only (README "Game modes").
 */
const WINGMAN_POOL = [
  { id: 'de_inferno', displayName: 'Inferno' },
  { id: 'de_nuke', displayName: 'Nuke' },
  { id: 'de_overpass', displayName: 'Overpass' },
  { id: 'de_vertigo', displayName: 'Vertigo' },
  { id: 'de_train', displayName: 'Train' },
  { id: 'de_ancient', displayName: 'Ancient' },
  { id: 'de_anubis', displayName: 'Anubis' },
];

/** Tags of fake server `n` (from 1) of `servers`: the first is the stage, the last half wingman. */
export function sideCupServerTags(n: number, servers: number): string[] {
  if (n === 1) {
    return [STAGE_TAG];
  }
  return n > servers - Math.floor(servers / 2) ? [WINGMAN_TAG] : [];
}

/** When the main event's lunch runs, Unix seconds: `from` included, `to` excluded (decision 75). */
export interface Lunch {
  from: number;
  to: number;
}

/** The main event's timetable: lunch `afterSeconds` from `now` for `lastsSeconds` (Unix seconds). */
export function lunchBreak(now: number, afterSeconds: number, lastsSeconds: number): Lunch {
  const from = now + Math.max(1, Math.round(afterSeconds));
  return { from, to: from + Math.max(1, Math.round(lastsSeconds)) };
}

export const lunchSchedule = (lunch: Lunch): Partial<ScheduleSettings> => ({
  breaks: [{ name: 'Lunch', from: lunch.from, to: lunch.to }],
});

/**
 * Creates the cup's maps, teams and tournament beside the main event and starts it: single
 * elimination, bo1 with a veto, 2v2 on servers tagged `wingman`. Returns the cup's id.
 */
export async function startSideCup(services: Services, maxRounds: number | undefined): Promise<number> {
  for (const map of WINGMAN_POOL) {
    const modes = await services.maps.modesOf(map.id);
    if (modes === undefined) {
      await services.maps.createMap({ ...map, enabled: true, modes: ['competitive', 'wingman'] });
    } else if (!modes.includes('wingman')) {
      await services.maps.updateMap(map.id, { modes: [...modes, 'wingman'] });
    }
  }
  const teamIds: string[] = [];
  for (let n = 1; n <= SIDE_CUP_TEAMS; n++) {
    const saved = await services.teams.create({
      name: `Duo ${n}`,
      tag: `D${n}`,
      players: playersOf(FIRST_CUP_TEAM + n - 1, WINGMAN_TEAM_SIZE),
    });
    teamIds.push(saved.team.id);
  }
  const { tournament } = await services.tournament.createAlongside(
    createTournamentSchema.parse({
      name: SIDE_CUP_NAME,
      type: 'single_elimination',
      format: 'bo1',
      gameMode: 'wingman',
      serverTags: [WINGMAN_TAG],
      teamIds,
      settings: {
        veto: true,
        maxRounds: maxRounds ?? WINGMAN_MAX_ROUNDS,
        mapPool: WINGMAN_POOL.map((m) => m.id),
      },
    }),
  );
  await withTournament(tournament.id, () => services.tournament.start());
  return tournament.id;
}
