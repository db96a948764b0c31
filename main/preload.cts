// Sandboxed preloads cannot be ES modules, hence .cts (compiled to CommonJS).
import electron = require('electron');
import type { DesktopApi, DesktopInfo } from '../shared/ipc.js';

// Inlined: a sandboxed preload can only require electron and a few Node modules, not our files.
// test/main/preload.test.ts checks these equal IPC_CHANNELS in shared/ipc.ts.
const CHANNELS = {
  appInfo: 'app:get-info',
  openExternal: 'shell:open-external',
  showDataFolder: 'shell:show-data-folder',
};

const { contextBridge, ipcRenderer } = electron;

const desktop = {
  getInfo: () => ipcRenderer.invoke(CHANNELS.appInfo) as Promise<DesktopInfo>,
  openInBrowser: (url: string) => ipcRenderer.invoke(CHANNELS.openExternal, url) as Promise<void>,
  showDataFolder: () => ipcRenderer.invoke(CHANNELS.showDataFolder) as Promise<void>,
} satisfies DesktopApi;

contextBridge.exposeInMainWorld('desktop', desktop);
