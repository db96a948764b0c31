import { useCallback, useEffect } from 'react';
import { newerBoard } from '../../../shared/domain/veto-prompt.js';
import { mapDisplayName, type MapNames } from '../../../shared/domain/map-names.js';
import { ApiError } from '../api/client.js';
import { endpoints, type StatSort } from '../api/endpoints.js';
import type { LiveMessage } from '../../../shared/contracts/live.js';
import { useLive } from '../stores/live.js';
import { useSession } from '../stores/session.js';
import { useResource } from './use-resource.js';

// The data of the public pages, one hook per resource. Live-stream state (bracket, matches) comes from
// the live store; what the stream does not carry is loaded here and loaded again when the stream says
// it moved (`refreshWhen`: a value of the live store that changes with it).

/** Who this browser is signed in as, asked again whenever a page that shows it opens. */
export function useMe() {
  const { me, loadMe } = useSession();
  useEffect(() => {
    void loadMe().catch(() => undefined);
  }, [loadMe]);
  return me;
}

/** The tournament (null: none; undefined: not known yet), kept current by the live stream. */
export const useTournament = () => useLive((s) => s.tournament);

/** The bracket as the live stream keeps it: the tournament and every match by slug. */
export function useBracket() {
  const tournament = useTournament();
  const matches = useLive((s) => s.matches);
  return { tournament, matches };
}

/** The tournament's stages as the bracket shows them (the groups stage with its standings). */
export const useStages = () => useLive((s) => s.stages);

/** One match: the live stream's copy once it has one, loaded by its slug until then. */
export function useMatch(slug: string) {
  const fromStream = useLive((s) => s.matches[slug]);
  const loaded = useResource(`match:${slug}`, () => endpoints.match(slug).then((r) => r.match));
  return { ...loaded, data: fromStream ?? loaded.data };
}

/** The veto board of a match (null: none to load); an older answer never replaces a newer board. */
export const useVetoBoard = (slug: string | null, refreshWhen?: unknown) =>
  useResource(slug === null ? null : `veto:${slug}`, () => endpoints.veto(slug!).then((r) => r.veto), {
    refreshWhen,
    combine: (current, next) => newerBoard(current ?? null, next),
  });

/** The connect command of a match, for its own players (null: not on a server, or not signed in). */
export const useMatchConnect = (slug: string | null, refreshWhen?: unknown) =>
  useResource(
    slug === null ? null : `connect:${slug}`,
    () => endpoints.matchConnect(slug!).then((r) => r.connect),
    {
      refreshWhen,
    },
  );

/** How a caster (or an admin) spectates a match (null: not asked; refused to everyone else). */
export const useMatchSpectate = (slug: string | null, refreshWhen?: unknown) =>
  useResource(slug === null ? null : `spectate:${slug}`, () => endpoints.matchSpectate(slug!), {
    refreshWhen,
  });

/** Every team's players, as LAN sign-in lists them. */
export const useLanRoster = () => useResource('lan-roster', () => endpoints.lanRoster().then((r) => r.teams));

export const usePlayer = (platformId: string) =>
  useResource(`player:${platformId}`, () => endpoints.player(platformId).then((r) => r.player));

export const useRatingHistory = (platformId: string) =>
  useResource(`rating-history:${platformId}`, () =>
    endpoints.ratingHistory(platformId).then((r) => r.history),
  );

/** The teams a player plays for (null: nobody signed in). */
export const usePlayerTeam = (platformId: string | null | undefined) =>
  useResource(platformId ? `player-team:${platformId}` : null, () => endpoints.playerTeam(platformId!));

/** A team's current match (null data: none right now). */
export const useTeamMatch = (teamId: string | null, refreshWhen?: unknown) =>
  useResource(
    teamId === null ? null : `team-match:${teamId}`,
    () => endpoints.teamMatch(teamId!).then((r) => r.match),
    {
      refreshWhen,
    },
  );

/** Every tournament, kept current by the live stream (the home page lists the running ones). */
export const useTournaments = () =>
  useResource('tournaments', () => endpoints.tournaments().then((r) => r.tournaments), {
    refreshOn: (message) => message.topic === 'tournament',
  });

/** The server queue: which matches wait, in which order and why. */
export const useAllocationStatus = (refreshWhen?: unknown) =>
  useResource('allocation-status', endpoints.allocationStatus, { refreshWhen });

/** The signed-in player's chat id. */
export const useMyChatId = () => useResource('my-chat-id', () => endpoints.myChatId().then((r) => r.chatId));

/** A tournament's leaderboard (null: nothing to load). */
export const useLeaderboard = (tournamentId: number | null, refreshWhen?: unknown) =>
  useResource(
    tournamentId === null ? null : `leaderboard:${tournamentId}`,
    () => endpoints.leaderboard(tournamentId!).then((r) => r.entries),
    { refreshWhen },
  );

/** A server's name and held match, as anyone may read them (the stream overlay). */
export const usePublicServer = (id: string, refreshWhen?: unknown) =>
  useResource(`public-server:${id}`, () => endpoints.publicServer(id).then((r) => r.server), { refreshWhen });

/** Display names of the maps by id (de_mirage: Mirage). */
export const useMapNames = () =>
  useResource('map-names', () =>
    endpoints.maps().then((r) => Object.fromEntries(r.maps.map((m) => [m.id, m.displayName]))),
  );

/** The one display name of a map by its id, for every page (the catalogue's name once it has loaded). */
export function useMapName(): (map: string) => string {
  const names = useMapNames().data ?? NO_MAP_NAMES;
  return useCallback((map: string) => mapDisplayName(map, names), [names]);
}
const NO_MAP_NAMES: MapNames = {};

/** The laptop may join another network mid-event (the server notices within seconds): look again now and then. */
export const ADDRESS_REFRESH_MS = 15_000;

/** The address players open and its QR code, as the projector shows them. */
export const useJoinInfo = () => useResource('join-info', endpoints.joinInfo, { pollMs: ADDRESS_REFRESH_MS });

/** A round or a result changed some match: statistics may have moved. */
const matchMoved = (message: LiveMessage) =>
  message.topic === 'match' || message.topic === 'tournament' || message.topic === 'resync';

/** A match's scoreboard figures, loaded again whenever the live stream says the match moved (each round). */
export const useMatchStats = (slug: string) =>
  useResource(`match-stats:${slug}`, () => endpoints.matchStats(slug), {
    refreshOn: (message) =>
      (message.topic === 'match' && message.match.slug === slug) || message.topic === 'resync',
  });

/** A player's tournament totals and match lines. */
export const usePlayerStats = (platformId: string) =>
  useResource(`player-stats:${platformId}`, () => endpoints.playerStats(platformId), {
    refreshOn: matchMoved,
  });

/** The tournament's statistics table in the chosen order. */
export const useTournamentStats = (sort: StatSort) =>
  useResource(`tournament-stats:${sort}`, () => endpoints.tournamentStats(sort), { refreshOn: matchMoved });

/** The check-in list, loaded again when the tournament changes and every 15 s (the deadline passes unannounced). */
function noTournamentAsNull(err: unknown): null {
  if (err instanceof ApiError && err.status === 404) {
    return null;
  }
  throw err;
}

/** The check-in; null when there is no tournament to check in to (the API answers 404). */
export const useCheckIn = () =>
  useResource('check-in', () => endpoints.checkIn().then((r) => r.checkIn, noTournamentAsNull), {
    refreshOn: (message) => message.topic === 'tournament',
    pollMs: 15_000,
  });

/** The matches on stage in play order (decision 76), loaded again whenever the live stream moves. */
export function useStageQueue() {
  const matches = useLive((s) => s.matches);
  return useResource('stage-queue', () => endpoints.stageQueue().then((r) => r.matches), {
    refreshWhen: matches,
  });
}
