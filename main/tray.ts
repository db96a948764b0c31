import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Menu, Tray, clipboard, nativeImage, shell } from 'electron';

const ICON = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../resources/app/tray.png');

export interface TrayActions {
  lanUrl(): string | undefined;
  openConsole(): void;
  quit(): void;
}

/** The tray: the LAN URL players open, and the few actions an organiser needs mid-event. */
export function createTray(actions: TrayActions): Tray {
  const tray = new Tray(nativeImage.createFromPath(ICON).resize({ width: 16, height: 16 }));
  const refresh = () => {
    const url = actions.lanUrl();
    tray.setToolTip(url ? `Matchday: ${url}` : 'Matchday');
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: url ? `Players open ${url}` : 'Starting…', enabled: false },
        { label: 'Copy LAN address', enabled: Boolean(url), click: () => url && clipboard.writeText(url) },
        { type: 'separator' },
        { label: 'Open console', click: actions.openConsole },
        { label: 'Open in browser', enabled: Boolean(url), click: () => url && void shell.openExternal(url) },
        { type: 'separator' },
        { label: 'Quit Matchday', click: actions.quit },
      ]),
    );
  };
  refresh();
  tray.on('click', actions.openConsole);
  // The LAN address may change (Wi-Fi joined late); refresh when the menu is opened.
  tray.on('right-click', refresh);
  return tray;
}
