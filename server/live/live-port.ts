import type { LivePayload } from '../../shared/contracts/live.js';
import type { Match, TeamRef } from '../../shared/contracts/matches.js';
import {
  presentMatch,
  type Eta,
  type EtaBoard,
  type MatchRecord,
  type StoredMap,
} from '../features/matches/index.js';
import type { LiveHub } from './hub.js';

/** What the live port reads of the matches (the matches feature's reads, handed over at start-up). */
export interface MatchReads {
  get(slug: string): Promise<MatchRecord | undefined>;
  teamRefs(): Promise<ReadonlyMap<string, TeamRef>>;
  teamRefsOf(ids: Iterable<string | null>): Promise<ReadonlyMap<string, TeamRef>>;
  maps(slug: string): Promise<StoredMap[]>;
  mapsOfTournament(tournamentId: number): Promise<ReadonlyMap<string, StoredMap[]>>;
  listOfTournament(tournamentId: number): Promise<MatchRecord[]>;
  /** The slugs written since the last call (a rolled-back write may be among them). */
  takeWritten(): string[];
  /** Runs the reads in one read transaction: one state, and one lock instead of one per statement. */
  readTogether<T>(reads: () => Promise<T>): Promise<T>;
}

/**
 * How features announce changes to the live streams. Call it after the change committed: a message
 * about a rolled-back change would show viewers a state that never was. The calls return at once;
 * what they publish is read and sent in the order of the calls, after the caller's answer.
 */
export interface LivePort {
  publish(message: LivePayload): void;
  /** Publishes the current state of these matches (a match no longer stored: `match.removed`). */
  matches(...slugs: string[]): void;
  /** Publishes the tournament's matches written since last published that viewers have not seen so (bracket progression). */
  tournamentMatches(tournamentId: number): void;
  /** The bracket was rebuilt (start, reset, delete): one `bracket` message instead of every match. */
  bracketRebuilt(tournamentId: number | null): void;
  /**
   * Publishes the matches whose ETA changed since last published (API.md decision 43): after every
   * change, and on a timer since time passing moves the estimates too.
   */
  refreshEtas(): void;
  /** Ends the streams (shutdown); what was announced before is still read and sent. */
  close(): void;
  /** Resolves once everything announced so far was read and sent (before the database closes). */
  idle(): Promise<void>;
  /** Cuts the streams without shutting down (what a network failure does; tests use it). */
  disconnectAll(): void;
  readonly viewers: number;
}

/** Changes within this window share one ETA refresh (API.md decision 43: recomputed on every change). */
const ETA_REFRESH_DELAY_MS = 250;

export function createLivePort(
  repo: MatchReads,
  hub: LiveHub,
  etas: () => Promise<EtaBoard>,
  onError: (err: unknown) => void,
  /** Where messages go: this instance's hub, or the cluster's feed that reaches every instance's. */
  send: (message: LivePayload) => void = (message) => hub.publish(message),
  /** Runs outside the caller's transaction: announcements read after it, never inside it. */
  detached: <T>(work: () => T) => T = (work) => work(),
): LivePort {
  // What viewers last got of each tournament match, to publish only what a progression changed.
  const published = new Map<number, Map<string, string>>();
  // The ETA each match was last published with; `minutes` is left out: it moves with the clock alone.
  const publishedEtas = new Map<string, string>();
  let etasKnown = false;
  // The refresh due shortly after a change; cleared at close, when the database is about to go.
  let scheduledRefresh: NodeJS.Timeout | null = null;
  // The ETAs as last computed. A published match carries these: computing the board costs a pass over the
  // tournament, too much for every result of a 1024-team bracket; the refresh that follows a change
  // publishes what moved.
  let board: EtaBoard | null = null;
  // Shutting down: requests still draining may publish, but the database is about to close.
  let closed = false;
  const lastBoard = async () => (board ??= await etas());
  // One queue for every announcement: viewers get messages in the order the changes were announced.
  let queue = Promise.resolve();
  const inOrder = (work: () => Promise<void> | void) => {
    queue = detached(() => queue.then(work).catch(onError));
  };

  const teamsOf = (m: MatchRecord) => repo.teamRefsOf([m.team1Id, m.team2Id]);
  const etaKey = (eta: Eta | null | undefined) => (eta ? `${eta.startsAt}/${eta.basis}/${eta.position}` : '');

  function publishMatch(match: Match): void {
    publishedEtas.set(match.slug, etaKey(match.eta));
    send({ topic: 'match', match });
  }

  async function refreshEtas(): Promise<void> {
    const fresh = await etas();
    board = fresh;
    if (!etasKnown) {
      // Nothing published since start-up: viewers have what they loaded; remember, publish nothing.
      etasKnown = true;
      fresh.forEach((eta, slug) => publishedEtas.set(slug, etaKey(eta)));
      return;
    }
    const slugs = new Set([...fresh.keys(), ...publishedEtas.keys()]);
    for (const slug of slugs) {
      if ((publishedEtas.get(slug) ?? '') === etaKey(fresh.get(slug))) {
        continue;
      }
      const record = await repo.get(slug);
      if (!record) {
        publishedEtas.delete(slug);
        continue;
      }
      const match = presentMatch(record, await teamsOf(record), await repo.maps(slug), fresh);
      if (match.tournamentId !== null) {
        published.get(match.tournamentId)?.set(slug, JSON.stringify(match));
      }
      publishMatch(match);
    }
  }

  /** After a change: the ETAs of other matches may have moved with it (once per turn of the loop). */
  function scheduleRefresh(): void {
    if (closed) {
      return;
    }
    scheduledRefresh ??= detached(() =>
      setTimeout(() => {
        scheduledRefresh = null;
        inOrder(refreshEtas);
      }, ETA_REFRESH_DELAY_MS),
    );
  }

  /** Current matches of the tournament as they would be published. */
  async function snapshot(tournamentId: number) {
    const teams = await repo.teamRefs();
    const maps = await repo.mapsOfTournament(tournamentId);
    const current = await etas();
    return (await repo.listOfTournament(tournamentId)).map((m) => {
      const match = presentMatch(m, teams, maps.get(m.slug) ?? [], current);
      publishedEtas.set(m.slug, etaKey(match.eta));
      return { match, json: JSON.stringify(match) };
    });
  }

  async function remember(tournamentId: number) {
    const current = await snapshot(tournamentId);
    published.set(tournamentId, new Map(current.map(({ match, json }) => [match.slug, json])));
    return current;
  }

  return {
    publish(message) {
      inOrder(() => {
        send(message);
        if (message.topic === 'server') {
          scheduleRefresh();
        }
      });
    },

    matches(...slugs) {
      inOrder(async () => {
        // After every batch of plugin events: the match, its teams and maps read under one lock.
        const board = await lastBoard();
        await repo.readTogether(async () => {
          for (const slug of new Set(slugs)) {
            const record = await repo.get(slug);
            if (!record) {
              send({ topic: 'match.removed', slug });
              continue;
            }
            const match = presentMatch(record, await teamsOf(record), await repo.maps(slug), board);
            if (match.tournamentId !== null) {
              published.get(match.tournamentId)?.set(slug, JSON.stringify(match));
            }
            publishMatch(match);
          }
        });
        scheduleRefresh();
      });
    },

    tournamentMatches(tournamentId) {
      // Taken now: the writes this announcement is about, not those of a later change.
      const written = repo.takeWritten();
      inOrder(async () => {
        const before = published.get(tournamentId);
        if (!before) {
          // Nothing published since start-up to compare with: viewers reload the bracket once.
          await remember(tournamentId);
          send({ topic: 'bracket', tournamentId });
          scheduleRefresh();
          return;
        }
        // Only the matches written since: a progression touches a few of a bracket's hundreds.
        const board = await lastBoard();
        for (const slug of written) {
          const record = await repo.get(slug);
          if (!record || record.tournamentId !== tournamentId) {
            continue;
          }
          const match = presentMatch(record, await teamsOf(record), await repo.maps(slug), board);
          const json = JSON.stringify(match);
          if (before.get(slug) !== json) {
            before.set(slug, json);
            publishMatch(match);
          }
        }
        scheduleRefresh();
      });
    },

    bracketRebuilt(tournamentId) {
      inOrder(async () => {
        published.clear();
        if (tournamentId !== null) {
          await remember(tournamentId);
        }
        send({ topic: 'bracket', tournamentId });
        scheduleRefresh();
      });
    },

    refreshEtas: () => inOrder(refreshEtas),
    idle: () => queue,
    close() {
      closed = true;
      if (scheduledRefresh) {
        clearTimeout(scheduledRefresh);
        scheduledRefresh = null;
      }
      hub.close();
    },
    disconnectAll: () => hub.disconnectAll(),
    get viewers() {
      return hub.viewers;
    },
  };
}
