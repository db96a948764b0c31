import type { Services } from './features/index.js';
import type { ServerStatus } from '../shared/ipc.js';

/** The event's state as the desktop shell needs it (close to tray, quit confirmation, sleep, updates). */
export async function desktopStatus(services: Services): Promise<ServerStatus> {
  return {
    tournamentInProgress: (await services.tournament.current())?.status === 'in_progress',
    liveMatches: (await services.matches.repo.list()).filter((m) => m.status === 'live').length,
  };
}
