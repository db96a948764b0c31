import fs from 'node:fs';
import path from 'node:path';
import { app, dialog, type BrowserWindow } from 'electron';
import type { DesktopInfo } from '../shared/ipc.js';
import { registerIpc } from './ipc.js';
import { installMenu } from './menu.js';
import { ServerHost, type StartedServer } from './server-host.js';
import { createTray } from './tray.js';
import { startUpdater } from './updater.js';
import { createMainWindow, currentWindowState } from './window.js';

let server: StartedServer | undefined;
let window: BrowserWindow | undefined;
let updateStatus: DesktopInfo['updateStatus'] = 'idle';

const serverOrigin = () => `http://127.0.0.1:${server?.port ?? 0}`;
const stateFile = () => path.join(app.getPath('userData'), 'window-state.json');

function readSavedState(): unknown {
  try {
    return JSON.parse(fs.readFileSync(stateFile(), 'utf8'));
  } catch {
    return null;
  }
}

function showWindow(): void {
  if (!server) {
    return;
  }
  if (!window || window.isDestroyed()) {
    window = createMainWindow(readSavedState(), serverOrigin);
    const current = window;
    current.on('close', () => fs.writeFileSync(stateFile(), JSON.stringify(currentWindowState(current))));
    // The one-time admin link signs the organiser in as admin and opens the console.
    void current.loadURL(`${serverOrigin()}/api/auth/admin-link/${server.adminLinkToken}`);
  }
  window.show();
  window.focus();
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', showWindow);
  await app.whenReady();
  installMenu();

  const host = new ServerHost({
    dataDir: path.join(app.getPath('userData'), 'data'),
    packaged: app.isPackaged,
    onStarted: (started) => {
      server = started;
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
  try {
    await host.start();
  } catch (err) {
    dialog.showErrorBox('Matchday could not start', (err as Error).message);
    app.quit();
    return;
  }
  createTray({ lanUrl: () => server?.lanUrls[0], openConsole: showWindow, quit: () => app.quit() });
  showWindow();
  startUpdater(app.isPackaged, (status) => {
    updateStatus = status;
  });

  // The server keeps running in the tray when the window closes.
  app.on('window-all-closed', () => undefined);
  app.on('activate', showWindow);
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) {
      return;
    }
    event.preventDefault();
    void host.stop().finally(() => {
      stopped = true;
      app.quit();
    });
  });
}

void main();
