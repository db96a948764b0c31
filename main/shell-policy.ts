/** The desktop shell's decisions about the running event: pure, tested with electron mocked away. */
import type { ServerStatus } from '../shared/ipc.js';

export const IDLE_STATUS: ServerStatus = { tournamentInProgress: false, liveMatches: 0 };

export type CloseAction = 'hide-with-notice' | 'hide' | 'quit';

/**
 * Closing the window while a tournament is in progress keeps the server running in the tray (players and
 * game servers still need it), with a notice the first time; otherwise it quits, except on macOS where
 * apps stay open without windows.
 */
export function onWindowClose(
  status: ServerStatus,
  noticeShown: boolean,
  platform: NodeJS.Platform,
): CloseAction {
  if (status.tournamentInProgress) {
    return noticeShown ? 'hide' : 'hide-with-notice';
  }
  return platform === 'darwin' ? 'hide' : 'quit';
}

/** Quitting stops the server: ask first while a match is being played on it. */
export function quitConfirmation(status: ServerStatus): string | undefined {
  if (status.liveMatches === 0) {
    return undefined;
  }
  const matches = status.liveMatches === 1 ? 'A match is' : `${status.liveMatches} matches are`;
  return `${matches} live. Quitting stops Matchday: game servers can no longer report results until it runs again.`;
}

/** The event needs this laptop: a tournament is in progress (also between rounds) or a match is live. */
export function eventRunning(status: ServerStatus): boolean {
  return status.tournamentInProgress || status.liveMatches > 0;
}

/**
 * A sleeping laptop drops the LAN: keep it awake for the whole running event, not only while a map is
 * played (an idle sleep between rounds would cut players and game servers off just as well).
 */
export function keepAwake(status: ServerStatus): boolean {
  return eventRunning(status);
}

export function liveMatchesLabel(status: ServerStatus): string {
  if (status.liveMatches === 0) {
    return status.tournamentInProgress ? 'Tournament in progress, no match live' : 'No match live';
  }
  return status.liveMatches === 1 ? '1 match live' : `${status.liveMatches} matches live`;
}

/** The words of each queue kind the notification's title uses (the desktop shell speaks English). */
const ATTENTION_TITLES: Record<string, string> = {
  decision: 'A match needs a decision',
  stuck_load: 'A server did not take its match',
  paused: 'A match has been paused for long',
  demo_missing: 'A demo is missing',
  call: 'A player calls an admin',
  no_show: 'A team has not joined',
  server_lost: 'A server was lost',
  move: 'A match is moving',
  preflight: 'A check before the start failed',
};

/** Notification bodies stay short: the system shows a few lines. */
const NOTICE_BODY_MAX = 180;

/** The system notification for a new attention item: a title by kind, the item's sentence as body. */
export function attentionNotice(item: { kind: string; message: string }): { title: string; body: string } {
  const body =
    item.message.length > NOTICE_BODY_MAX ? `${item.message.slice(0, NOTICE_BODY_MAX - 1)}…` : item.message;
  return { title: `Matchday: ${ATTENTION_TITLES[item.kind] ?? 'Something needs you'}`, body };
}
