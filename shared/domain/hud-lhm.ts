import type { HudHandOff, HudVeto } from '../contracts/hud.js';
import type { Match } from '../contracts/matches.js';
import type { Team } from '../contracts/teams.js';
import type { VetoBoard } from '../contracts/veto.js';
import { mapsOnServer } from './map-advantage.js';

/**
 * A match in Lexogrine HUD Manager's shapes (API.md decision 81). Team 1 is LHM's left team and team 2 its
 * right one; ids are Matchday's (team ids, platform ids, the match slug), so importing the same match again
 * replaces LHM's copy instead of adding one.
 */

const SIDE_OF_TEAM1 = { team1_ct: 'CT', team1_t: 'T', knife: 'NO' } as const;

type Slot = 'team1' | 'team2';

/** A map's score and winner by team id, and whether it is over, once it started. */
function mapOutcome(match: Match, number: number, idOf: (slot: Slot) => string) {
  const played = match.maps.find((m) => m.number === number);
  if (!played) {
    return { mapEnd: false };
  }
  const over =
    played.winner !== null ||
    match.status === 'completed' ||
    (match.currentMapNumber !== null && number < match.currentMapNumber);
  return {
    score: { [idOf('team1')]: played.team1Score, [idOf('team2')]: played.team2Score },
    ...(played.winner ? { winner: idOf(played.winner) } : {}),
    mapEnd: over,
  };
}

/**
 * The veto as LHM lists it: bans and picks in the order they were made, then the decider; the maps to
 * play carry team 1's starting side and, once started, their score. A match without a veto plays its
 * maps as deciders.
 */
function vetosOf(match: Match, veto: VetoBoard | null, idOf: (slot: Slot) => string): HudVeto[] {
  const toPlay = veto
    ? veto.maps
    : match.mapPool.map((map, number) => ({
        number,
        map,
        pickedBy: 'decider' as const,
        side: 'knife' as const,
      }));
  const played = (map: string): HudVeto | undefined => {
    const entry = toPlay.find((m) => m.map === map);
    if (!entry) {
      return undefined;
    }
    return {
      teamId: entry.pickedBy === 'decider' ? '' : idOf(entry.pickedBy),
      mapName: map,
      side: SIDE_OF_TEAM1[entry.side],
      type: entry.pickedBy === 'decider' ? 'decider' : 'pick',
      reverseSide: false,
      ...mapOutcome(match, entry.number, idOf),
    };
  };
  const steps: HudVeto[] = (veto?.history ?? [])
    .filter((e) => e.action !== 'side')
    .map(
      (e) =>
        (e.action === 'pick' ? played(e.map) : undefined) ?? {
          teamId: idOf(e.team),
          mapName: e.map,
          side: 'NO',
          type: e.action === 'ban' ? 'ban' : 'pick',
          reverseSide: false,
          mapEnd: false,
        },
    );
  // A series started one map up (decision 78) never reaches its decider: LHM is not told of it.
  const playedMaps = mapsOnServer(match.format, match.mapAdvantage);
  const deciders = toPlay
    .filter((m) => m.pickedBy === 'decider' && m.number < playedMaps)
    .flatMap((m) => played(m.map) ?? []);
  return [...steps, ...deciders];
}

const hudTeam = (team: Team) => ({
  _id: team.id,
  name: team.name,
  shortName: team.tag,
  country: '',
  logo: '',
  extra: {},
});

const hudPlayers = (team: Team) =>
  team.players.map((p) => ({
    _id: p.platformId,
    firstName: '',
    lastName: '',
    username: p.name,
    avatar: '',
    country: '',
    steamid: p.platformId,
    team: team.id,
    extra: {},
  }));

export function lhmHandOff(
  match: Match,
  rosters: { team1: Team | null; team2: Team | null },
  veto: VetoBoard | null,
): HudHandOff {
  const idOf = (slot: Slot) => match[slot]?.id ?? '';
  const teams = [rosters.team1, rosters.team2].filter((t): t is Team => t !== null);
  return {
    success: true,
    format: 'lexogrine-hud-manager',
    teams: teams.map(hudTeam),
    players: teams.flatMap(hudPlayers),
    match: {
      id: match.slug,
      current: match.status === 'loaded' || match.status === 'live',
      left: { id: match.team1?.id ?? null, wins: match.team1SeriesScore },
      right: { id: match.team2?.id ?? null, wins: match.team2SeriesScore },
      game: 'csgo',
      matchType: match.format,
      vetos: vetosOf(match, veto, idOf),
      startTime: (match.loadedAt ?? 0) * 1000,
    },
  };
}
