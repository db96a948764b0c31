import { useEffect } from 'react';
import { create } from 'zustand';
import type { LiveMessage } from '../../../shared/contracts/live.js';
import type { Match } from '../../../shared/contracts/matches.js';
import type { BracketStage, SwissStanding, Tournament } from '../api/endpoints.js';
import { ApiError } from '../api/client.js';
import { endpoints } from '../api/endpoints.js';
import { LiveConnection, type LiveStatus } from '../api/live.js';
import { errorText } from '../i18n/error-text.js';

export interface LiveState {
  status: LiveStatus;
  /** undefined until the first load; null when there is no tournament. */
  tournament: Tournament | null | undefined;
  /** Every match by slug (tournament and manual), as the last message or load told. */
  matches: Record<string, Match>;
  swissStandings: SwissStanding[];
  /** The tournament's stages; the groups stage with its groups' standings. */
  stages: BracketStage[];
  loadError: string | null;
  /** Bumped when standings or teams may have changed: pages that fetch their own data refetch. */
  version: number;
}

const initial: LiveState = {
  status: 'connecting',
  tournament: undefined,
  matches: {},
  swissStandings: [],
  stages: [],
  loadError: null,
  version: 0,
};

export const useLive = create<LiveState>(() => initial);

let connection: LiveConnection | null = null;
let users = 0;
let loading: Promise<void> | null = null;
/** Messages that arrived while a load was running: applied after it, in order (each is a whole state). */
let held: LiveMessage[] | null = null;
let reloadTimer: ReturnType<typeof setTimeout> | undefined;

const byslug = (matches: readonly Match[]) => Object.fromEntries(matches.map((m) => [m.slug, m]));

/** Loads everything the live pages show; messages arriving meanwhile wait for it. */
function load(): Promise<void> {
  if (loading) {
    return loading;
  }
  held = [];
  loading = (async () => {
    try {
      const [bracket, all] = await Promise.all([
        endpoints.bracket().catch((err: unknown) => {
          if (err instanceof ApiError && err.status === 404) {
            return null;
          }
          throw err;
        }),
        endpoints.matches(),
      ]);
      useLive.setState((s) => ({
        tournament: bracket?.tournament ?? null,
        swissStandings: bracket?.swissStandings ?? [],
        stages: bracket?.stages ?? [],
        matches: byslug(all.matches),
        loadError: null,
        version: s.version + 1,
      }));
    } catch (err) {
      useLive.setState({ loadError: errorText(err) });
    } finally {
      const waiting = held ?? [];
      held = null;
      loading = null;
      waiting.forEach(apply);
    }
  })();
  return loading;
}

/**
 * A reload after a message that does not carry the new state; spread over a second so that hundreds
 * of viewers do not ask at the same instant.
 */
function scheduleReload(): void {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => void load(), 200 + Math.random() * 800);
}

/** Whether tournament `id` is the one the page shows (several run at once, API.md decision 73). */
const shows = (id: number | null) => id !== null && useLive.getState().tournament?.id === id;

function apply(message: LiveMessage): void {
  if (held) {
    held.push(message);
    return;
  }
  switch (message.topic) {
    case 'hello':
      if (useLive.getState().tournament === undefined) {
        void load();
      }
      return;
    case 'resync':
      void load();
      return;
    case 'bracket':
      // Several tournaments run at once: another one's rebuilt bracket is not this page's.
      if (message.tournamentId === null || shows(message.tournamentId)) {
        void load();
      }
      return;
    case 'match': {
      const { match } = message;
      const before = useLive.getState().matches[match.slug];
      useLive.setState((s) => ({ matches: { ...s.matches, [match.slug]: match } }));
      if (match.status === 'completed' && before?.status !== 'completed') {
        // Standings moved: Swiss and group standings come with the bracket, the others are fetched by
        // their page.
        useLive.setState((s) => ({ version: s.version + 1 }));
        const type = useLive.getState().tournament?.type;
        if (type === 'swiss' || type === 'groups_playoffs') {
          scheduleReload();
        }
      }
      return;
    }
    case 'match.removed':
      useLive.setState((s) => {
        const { [message.slug]: _gone, ...rest } = s.matches;
        return { matches: rest };
      });
      return;
    case 'tournament':
      if (shows(message.tournamentId)) {
        useLive.setState({ tournament: message.tournament });
      } else if (!useLive.getState().tournament) {
        // None shown yet: the new one may be the primary (or the one `?t=` names); the load knows.
        scheduleReload();
      }
      return;
    case 'team':
      // Team names appear in every match: reload once the burst of changes is over.
      scheduleReload();
      return;
    default:
      // Admin topics and topics of a newer server: not shown by the live pages.
      return;
  }
}

/** Loads everything anew: another tournament was chosen (`/screen` cycling through them). */
export const reloadLive = (): Promise<void> => load();

/** Starts the public stream for as long as one page uses it; returns the stop function. */
function startLiveStream(): () => void {
  users += 1;
  if (!connection) {
    connection = new LiveConnection('/api/live', {
      message: apply,
      status: (status) => useLive.setState({ status }),
    });
    void load();
  }
  return () => {
    users -= 1;
    if (users === 0) {
      connection?.close();
      connection = null;
      clearTimeout(reloadTimer);
      useLive.setState(initial);
    }
  };
}

/** The live state, kept current over the public stream while the calling page is shown. */
export function useLiveData(): LiveState {
  useEffect(startLiveStream, []);
  return useLive();
}
