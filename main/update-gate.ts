/** When the updater may check, download and install: pure, so "never during a tournament" is tested. */

export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

export type UpdatePhase = 'idle' | 'checking' | 'available' | 'downloading' | 'downloaded' | 'error';

export interface UpdateFacts {
  /** A packaged build with a configured update feed; a build from source never updates itself. */
  updatable: boolean;
  tournamentInProgress: boolean;
  phase: UpdatePhase;
  /** When the last check started (ms); undefined before the first. */
  lastCheckAt: number | undefined;
  now: number;
  /** The organiser answered "Later" to the pending question; asked again after the next check. */
  postponed: boolean;
}

export type UpdateStep = 'disabled' | 'wait' | 'check' | 'ask-download' | 'ask-install';

/**
 * The next thing the updater does. Checking is harmless and runs at start and every 6 hours; downloading
 * and installing happen only when the organiser agrees and never while a tournament is in progress (a
 * download competes with the game servers for the LAN; an install restarts the server).
 */
export function nextUpdateStep(f: UpdateFacts): UpdateStep {
  if (!f.updatable) {
    return 'disabled';
  }
  if (f.phase === 'checking' || f.phase === 'downloading') {
    return 'wait';
  }
  const checkDue = f.lastCheckAt === undefined || f.now - f.lastCheckAt >= CHECK_INTERVAL_MS;
  if (f.tournamentInProgress || f.postponed || (f.phase !== 'available' && f.phase !== 'downloaded')) {
    return checkDue && f.phase !== 'downloaded' ? 'check' : 'wait';
  }
  return f.phase === 'available' ? 'ask-download' : 'ask-install';
}

export type UpdateFeed = { kind: 'url'; url: string } | { kind: 'folder'; path: string };

/**
 * Where updates come from, as the organiser configured it: an http(s) URL (a generic update server) or a
 * folder, such as a LAN file share (`\\nas\matchday`, `/mnt/share/matchday`, `file:///...`). Empty means
 * no update source.
 */
export function parseUpdateFeed(raw: string | undefined): UpdateFeed | undefined {
  const value = raw?.trim();
  if (!value) {
    return undefined;
  }
  if (/^https?:\/\//i.test(value)) {
    const url = new URL(value);
    return { kind: 'url', url: url.href.endsWith('/') ? url.href : `${url.href}/` };
  }
  if (/^file:\/\//i.test(value)) {
    const url = new URL(value);
    // file://nas/share is a UNC path on Windows.
    const pathname = decodeURIComponent(url.pathname);
    return {
      kind: 'folder',
      path: url.host
        ? `\\\\${url.host}${pathname.replace(/\//g, '\\')}`
        : pathname.replace(/^\/([A-Za-z]:)/, '$1'),
    };
  }
  if (value.startsWith('\\\\') || value.startsWith('/') || /^[A-Za-z]:[\\/]/.test(value)) {
    return { kind: 'folder', path: value };
  }
  throw new Error(`The update source "${value}" is neither an http(s) URL nor a folder path.`);
}
