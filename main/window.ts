import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserWindow, screen } from 'electron';
import { guardWebContents } from './security.js';
import { restoreWindowState, type WindowState } from './window-state.js';

const PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'preload.cjs');

export function createMainWindow(saved: unknown, serverOrigin: () => string): BrowserWindow {
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  const state = restoreWindowState(saved, workAreas);
  const window = new BrowserWindow({
    ...state.bounds,
    minWidth: 400,
    minHeight: 300,
    show: false,
    backgroundColor: '#0f1115',
    title: 'Matchday',
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    },
  });
  guardWebContents(window.webContents, serverOrigin);
  if (state.maximized) {
    window.maximize();
  }
  window.once('ready-to-show', () => window.show());
  return window;
}

export function currentWindowState(window: BrowserWindow): WindowState {
  return { bounds: window.getNormalBounds(), maximized: window.isMaximized() };
}
