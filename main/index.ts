import fs from 'node:fs';
import path from 'node:path';
import {
  app,
  dialog,
  nativeTheme,
  Notification,
  powerSaveBlocker,
  shell,
  type BrowserWindow,
} from 'electron';
import type { DesktopInfo, ServerStatus } from '../shared/ipc.js';
import { AdminLinks, windowStartUrl } from './admin-link.js';
import { readPrefs, writePrefs, type DesktopPrefs } from './desktop-prefs.js';
import { registerIpc } from './ipc.js';
import { installMenu } from './menu.js';
import { ServerHost, ServerStartError, type StartedServer } from './server-host.js';
import {
  attentionNotice,
  eventRunning,
  IDLE_STATUS,
  keepAwake,
  onWindowClose,
  quitConfirmation,
} from './shell-policy.js';
import { createTray } from './tray.js';
import { startUpdater } from './updater.js';
import { createMainWindow, currentWindowState } from './window.js';

let server: StartedServer | undefined;
let status: ServerStatus = IDLE_STATUS;
let window: BrowserWindow | undefined;
let updateStatus: DesktopInfo['updateStatus'] = 'idle';
let quitting = false;
let host: ServerHost | undefined;
const adminLinks = new AdminLinks(() => host?.newAdminLinkToken() ?? Promise.reject(new Error('no server')));

const serverOrigin = () => `http://127.0.0.1:${server?.port ?? 0}`;
const userFile = (name: string) => path.join(app.getPath('userData'), name);
const prefsFile = () => userFile('desktop-prefs.json');

function readSavedState(): unknown {
  try {
    return JSON.parse(fs.readFileSync(userFile('window-state.json'), 'utf8'));
  } catch {
    return null;
  }
}

function savePrefs(change: Partial<DesktopPrefs>): DesktopPrefs {
  const prefs = { ...readPrefs(prefsFile()), ...change };
  writePrefs(prefsFile(), prefs);
  return prefs;
}

/** Closing the window: hide to the tray while the event needs the server, else quit. */
function onClose(event: Electron.Event, current: BrowserWindow): void {
  fs.writeFileSync(userFile('window-state.json'), JSON.stringify(currentWindowState(current)));
  if (quitting) {
    return;
  }
  const prefs = readPrefs(prefsFile());
  const action = onWindowClose(status, prefs.closeNoticeShown, process.platform);
  if (action === 'quit') {
    return;
  }
  event.preventDefault();
  current.hide();
  if (action === 'hide-with-notice') {
    savePrefs({ closeNoticeShown: true });
    void dialog.showMessageBox({
      type: 'info',
      message: 'Matchday keeps running in the tray',
      detail:
        'The tournament is in progress, so players and game servers still need this laptop. Open the console again from the tray icon; quit from there when the event is over.',
    });
  }
}

function showWindow(): void {
  if (!server) {
    return;
  }
  if (!window || window.isDestroyed()) {
    window = createMainWindow(readSavedState(), serverOrigin);
    const current = window;
    current.on('close', (event) => onClose(event, current));
    // A one-time admin link of its own signs the organiser in as admin and opens the console.
    void adminLinks.take().then((token) => current.loadURL(windowStartUrl(serverOrigin(), token)));
  }
  window.show();
  window.focus();
}

/**
 * Starts the server; when its port is taken, offers the next free one and remembers the choice. A server
 * that failed to start is never restarted by the host, so nothing quits behind this dialog.
 */
async function startServer(serverHost: ServerHost): Promise<boolean> {
  for (;;) {
    try {
      await serverHost.start();
      return true;
    } catch (err) {
      const offer = err instanceof ServerStartError ? err.nextFreePort : undefined;
      if (offer === undefined) {
        dialog.showErrorBox(
          'Matchday could not start',
          `${(err as Error).message}\n\nThe server's log: ${serverHost.logFile}`,
        );
        return false;
      }
      const answer = await dialog.showMessageBox({
        type: 'warning',
        message: (err as Error).message,
        detail: `Matchday can use port ${offer} instead. Players then open the new address shown in the tray.`,
        buttons: [`Use port ${offer}`, 'Quit'],
        defaultId: 0,
        cancelId: 1,
      });
      if (answer.response !== 0) {
        return false;
      }
      savePrefs({ port: offer });
      serverHost.usePort(offer);
    }
  }
}

/**
 * Quitting drains the server first (asking while a match is live). Registered before the server starts:
 * whenever Matchday quits, the server's database is closed first, and host.stop() always resolves.
 */
function drainOnQuit(serverHost: ServerHost): void {
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) {
      return;
    }
    event.preventDefault();
    const warning = quitting ? undefined : quitConfirmation(status);
    const confirmed = warning
      ? dialog.showMessageBoxSync({
          type: 'warning',
          message: 'Quit Matchday?',
          detail: warning,
          buttons: ['Quit', 'Keep running'],
          defaultId: 1,
          cancelId: 1,
        }) === 0
      : true;
    if (!confirmed || quitting) {
      return;
    }
    quitting = true;
    void serverHost.stop().finally(() => {
      stopped = true;
      app.quit();
    });
  });
}

async function main(): Promise<void> {
  // A second launch focuses the first: two servers on one data folder would corrupt the event.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', showWindow);
  await app.whenReady();
  nativeTheme.themeSource = 'dark';
  installMenu();

  let blocker: number | undefined;
  // Made after the server is up; the status callback may run before.
  const later: { tray?: { refresh(): void }; updater?: { tick(): void } } = {};
  const onStatus = (next: ServerStatus) => {
    status = next;
    if (keepAwake(status) && blocker === undefined) {
      blocker = powerSaveBlocker.start('prevent-app-suspension');
    } else if (!keepAwake(status) && blocker !== undefined) {
      powerSaveBlocker.stop(blocker);
      blocker = undefined;
    }
    later.tray?.refresh();
    later.updater?.tick();
  };

  const prefs = readPrefs(prefsFile());
  host = new ServerHost({
    dataDir: path.join(app.getPath('userData'), 'data'),
    packaged: app.isPackaged,
    port: prefs.port,
    logFile: path.join(app.getPath('logs'), 'server.log'),
    env: prefs.mdnsName ? { MDNS_NAME: prefs.mdnsName } : {},
    onStarted: (started) => {
      server = started;
      adminLinks.offer(started.adminLinkToken);
      later.tray?.refresh();
    },
    onStatus,
    onAttention: (item) => {
      if (Notification.isSupported()) {
        const notice = new Notification(attentionNotice(item));
        notice.on('click', showWindow);
        notice.show();
      }
    },
    onAddresses: (lanUrls) => {
      if (server) {
        server = { ...server, lanUrls };
      }
      later.tray?.refresh();
    },
    onFatal: (message) => {
      dialog.showErrorBox('Matchday', message);
      app.quit();
    },
  });
  registerIpc({
    serverOrigin,
    info: () => ({
      version: app.getVersion(),
      lanUrls: server?.lanUrls ?? [],
      dataDir: server?.dataDir ?? '',
      updateStatus,
    }),
  });
  drainOnQuit(host);
  if (!(await startServer(host))) {
    app.quit();
    return;
  }
  later.tray = createTray({
    lanUrls: () => server?.lanUrls ?? [],
    status: () => status,
    openConsole: showWindow,
    openDataFolder: () => void shell.openPath(server?.dataDir ?? ''),
    showServerLog: () => shell.showItemInFolder(host!.logFile),
    quit: () => app.quit(),
  });
  showWindow();
  later.updater = await startUpdater({
    packaged: app.isPackaged,
    source: process.env.MATCHDAY_UPDATE_SOURCE ?? readPrefs(prefsFile()).updateSource,
    eventRunning: () => eventRunning(status),
    stopServer: () => host!.stop(),
    onStatus: (next) => {
      updateStatus = next;
    },
  });

  // The server keeps running in the tray when the window is hidden.
  app.on('window-all-closed', () => {
    if (!status.tournamentInProgress && process.platform !== 'darwin') {
      app.quit();
    }
  });
  app.on('activate', showWindow);
}

void main();
