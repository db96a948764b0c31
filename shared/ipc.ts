/** What the desktop shell needs to know of the event: it decides closing, quitting, sleep and updates. */
export interface ServerStatus {
  tournamentInProgress: boolean;
  liveMatches: number;
}

/** Messages from the server utility process to the Electron main process. */
export type ServerHostMessage =
  | { type: 'server-started'; port: number; lanUrls: string[]; dataDir: string; adminLinkToken: string }
  /** `nextFreePort` when the port was taken: the shell offers it. */
  | { type: 'server-failed'; message: string; nextFreePort?: number }
  | ({ type: 'server-status' } & ServerStatus)
  /** The LAN addresses changed (the laptop joined another network): players open the first one. */
  | { type: 'server-addresses'; lanUrls: string[] }
  /** A fresh one-time admin link, asked for with `admin-link` (each link signs in once). */
  | { type: 'admin-link'; adminLinkToken: string }
  /** An item appeared in the attention queue (API.md decision 64): the shell shows a system notification. */
  | { type: 'attention'; kind: string; message: string };

/** Messages from the main process to the server utility process. */
export type ServerControlMessage = { type: 'stop' } | { type: 'admin-link' };

/** IPC channels between the preload and the main process: `domain:verb-noun`, one per function. */
export const IPC_CHANNELS = {
  appInfo: 'app:get-info',
  openExternal: 'shell:open-external',
  showDataFolder: 'shell:show-data-folder',
} as const;

export interface DesktopInfo {
  version: string;
  lanUrls: string[];
  dataDir: string;
  updateStatus: 'idle' | 'checking' | 'available' | 'downloaded' | 'not-available' | 'disabled' | 'error';
}

/** `window.desktop` in the Electron window; absent in every other browser, where the app works the same. */
export interface DesktopApi {
  getInfo(): Promise<DesktopInfo>;
  openInBrowser(url: string): Promise<void>;
  showDataFolder(): Promise<void>;
}
