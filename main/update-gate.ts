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

/** Thrown for a source that the venue's network could impersonate; the message tells the organiser why. */
export class UntrustedUpdateSource extends Error {
  override name = 'UntrustedUpdateSource';
}

/**
 * Where updates come from, as the organiser configured it: an https URL (a generic update server) or a
 * folder on this computer that the organiser copied the release into (`D:\updates`, `/home/me/matchday`,
 * `file:///...`). Empty means no update source. Plain http and network shares are refused: whoever
 * answers for them on the LAN (ARP or SMB spoofing) would hand an elevated installer to this laptop.
 */
export function parseUpdateFeed(raw: string | undefined): UpdateFeed | undefined {
  const value = raw?.trim();
  if (!value) {
    return undefined;
  }
  if (/^http:\/\//i.test(value)) {
    throw new UntrustedUpdateSource(
      'The update source is plain http, which anyone on the network can impersonate: use an https URL or a folder on this computer.',
    );
  }
  if (/^https:\/\//i.test(value)) {
    const url = new URL(value);
    if (url.username || url.password) {
      throw new UntrustedUpdateSource('The update URL must not carry a user name or password.');
    }
    return { kind: 'url', url: url.href.endsWith('/') ? url.href : `${url.href}/` };
  }
  const folder = /^file:\/\//i.test(value) ? fileUrlPath(new URL(value)) : value;
  if (folder.startsWith('\\\\') || folder.startsWith('//')) {
    throw new UntrustedUpdateSource(
      `The update source "${value}" is a network share, which anyone on the network can impersonate: copy the release into a folder on this computer and pick that.`,
    );
  }
  if (folder.startsWith('/') || /^[A-Za-z]:[\\/]/.test(folder)) {
    return { kind: 'folder', path: folder };
  }
  throw new Error(`The update source "${value}" is neither an https URL nor a folder path.`);
}

/** file:///C:/x is a drive path; file://nas/share names a host, a network share. */
function fileUrlPath(url: URL): string {
  const pathname = decodeURIComponent(url.pathname);
  return url.host ? `//${url.host}${pathname}` : pathname.replace(/^\/([A-Za-z]:)/, '$1');
}
