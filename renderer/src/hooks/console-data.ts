import { useEffect } from 'react';
import { admin } from '../api/admin.js';
import { ApiError } from '../api/client.js';
import { endpoints } from '../api/endpoints.js';
import { phaseStartedAt } from '../../../shared/domain/server-tile.js';
import { useSession } from '../stores/session.js';
import { toast } from '../stores/toasts.js';
import { ADDRESS_REFRESH_MS } from './public-data.js';
import { useResource, type ResourceOptions } from './use-resource.js';

// The admin console's data, one hook per resource. Lists that an admin page edits are loaded again
// by the page after each change (`refresh`); a failed load shows as an error toast, as actions do.

/** Shows a load failure as an error toast. */
export function useErrorToast(error: string | null) {
  useEffect(() => {
    if (error) {
      toast('error', error);
    }
  }, [error]);
}

/** A console resource whose load failures are toasted. */
function useConsoleResource<T>(key: string | null, load: () => Promise<T>, options?: ResourceOptions<T>) {
  const resource = useResource(key, load, options);
  useErrorToast(resource.error);
  return resource;
}

/** Whether this browser is an admin, asked when the console opens. */
export function useAdminSession() {
  const { admin: state, checkAdmin } = useSession();
  useEffect(() => {
    void checkAdmin();
  }, [checkAdmin]);
  return state;
}

/** The tournament (null: none yet). */
const loadTournament = () =>
  admin
    .tournament()
    .then((r) => r.tournament)
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) {
        return null;
      }
      throw err;
    });

/** Teams, loaded again when the live stream announces a team change. */
export const useTeams = () =>
  useConsoleResource('teams', () => endpoints.listTeams().then((r) => r.teams), {
    refreshOn: (message) => message.topic === 'team' || message.topic === 'resync',
  });

export const usePlayers = () =>
  useConsoleResource('players', () => admin.listPlayers().then((r) => r.players));

/** Maps and the saved map pools (one page edits both). */
export const useMapsAndPools = () =>
  useConsoleResource('maps-and-pools', async () => {
    const [maps, pools] = await Promise.all([admin.listMaps(), admin.listPools()]);
    return { maps: maps.maps, pools: pools.pools };
  });

export const useTemplates = () =>
  useConsoleResource('templates', () => admin.listTemplates().then((r) => r.templates));

/** The snapshots in the data folder and the schedule that takes them. */
export const useSnapshots = () => useConsoleResource('snapshots', admin.listSnapshots);

/** Install settings; shown inline by the settings page. */
export const useSettings = () => useResource('settings', admin.settings);

/**
 * Whether simulation (and with it the Dev Tools page) is allowed on this install, with the settings;
 * asked once `enabled` (the console knows it is an admin).
 */
export const useSimulationPolicy = (enabled: boolean) =>
  useResource(enabled ? 'settings' : null, admin.settings);

/** How players reach Matchday (addresses, QR code); shown inline by its panel. */
export const useConnectInfo = () =>
  useResource('connect-info', admin.connectInfo, { pollMs: ADDRESS_REFRESH_MS });

/** Everything the tournament wizard starts from, in one load; shown inline by the wizard. */
export const useTournamentSetup = () => useResource('tournament-setup', loadSetup);

async function loadSetup() {
  const [tournament, teams, maps, pools, settings] = await Promise.all([
    loadTournament(),
    endpoints.listTeams().then((r) => r.teams),
    admin.listMaps().then((r) => r.maps),
    admin.listPools().then((r) => r.pools),
    admin.settings().then((r) => r.settings),
  ]);
  return { tournament, teams, maps, pools, settings };
}

/** Webhook endpoints; `pollMs`: look again now and then (the dispatcher turns them off unannounced). */
export const useWebhooks = (pollMs?: number) =>
  useResource('webhooks', () => endpoints.listWebhooks().then((r) => r.webhooks), { pollMs });

/**
 * Loads no server fetched in time (issue 31). Time alone makes a load stuck: looked at again now and then,
 * and when a match moves (a fetch, a move or a cancel ends it).
 */
export const useStuckLoads = (pollMs: number) =>
  useResource('stuck-loads', () => admin.stuckLoads().then((r) => r.loads), {
    pollMs,
    refreshOn: (message) => message.topic === 'match' || message.topic === 'resync',
  });

export const useWebhookDeliveries = (webhookId: number) =>
  useConsoleResource(`webhook-deliveries:${webhookId}`, () =>
    endpoints.webhookDeliveries(webhookId).then((r) => r.deliveries),
  );

/** The app log lines at or above a level, as stored before the page opened. */
export const useLogs = (level: Parameters<typeof admin.logs>[0]) =>
  useResource(`logs:${level}`, () => admin.logs(level).then((r) => r.entries));

/** A match's stored round backups, newest first; loaded again whenever `refreshWhen` (the live match) changes. */
export const useMatchBackups = (slug: string, refreshWhen: unknown) =>
  useResource(`match-backups:${slug}`, () => admin.matchBackups(slug).then((r) => r.backups), {
    refreshWhen,
  });

/** A match's latest plugin events, loaded again whenever `refreshWhen` (the live match) changes. */
export const useMatchEvents = (slug: string, refreshWhen: unknown) =>
  useResource(`match-events:${slug}`, () => admin.matchEvents(slug).then((r) => r.events), { refreshWhen });

/** The tournament's result corrections, newest first; loaded again when its matches change. */
export const useCorrections = () =>
  useConsoleResource('corrections', () => admin.corrections().then((r) => r.corrections), {
    refreshOn: (message) => message.topic === 'bracket' || message.topic === 'tournament',
  });

/** The tournament's matches in play order (the bracket answer's order): a correction's preview needs it. */
export const useMatchesInPlayOrder = (refreshWhen: unknown) =>
  useConsoleResource('matches-in-play-order', () => endpoints.bracket().then((r) => r.matches), {
    refreshWhen,
  });

/** The last preflight result (null before the checks ever ran), loaded again after every run. */
export const useLastPreflight = () =>
  useConsoleResource('preflight', () => admin.lastPreflight().then((r) => r.preflight), {
    refreshOn: (message) => message.topic === 'preflight' || message.topic === 'resync',
  });
/** Who is on a match's server (a dashboard tile); loaded again when its server posts an event. */
export const useMatchPresence = (slug: string | null, matchid: number | null) =>
  useResource(
    slug === null ? null : `match-live:${slug}`,
    () => endpoints.matchLive(slug!).then((r) => r.live),
    {
      refreshOn: (message) => message.topic === 'plugin.event' && message.matchid === matchid,
    },
  );

/** When a match's current phase began (its last phase event, else its load); loaded again when `phaseKey` moves. */
export const useMatchPhaseStart = (slug: string | null, phaseKey: string, loadedAt: number | null) =>
  useResource(
    slug === null ? null : `phase-start:${slug}`,
    () => admin.matchEvents(slug!).then((r) => phaseStartedAt(r.events, loadedAt)),
    { refreshWhen: phaseKey },
  );

/** The last test-match run per server (null before any), loaded again at each of its steps. */
export const useTestMatches = () =>
  useConsoleResource('test-matches', () => admin.testMatches().then((r) => r.run), {
    refreshOn: (message) => message.topic === 'test-matches' || message.topic === 'resync',
  });
