import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Menu, Tray, clipboard, nativeImage, shell, type MenuItemConstructorOptions } from 'electron';
import type { ServerStatus } from '../shared/ipc.js';
import { liveMatchesLabel } from './shell-policy.js';

const ICON = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../resources/app/tray.png');

export interface TrayActions {
  /** What players open, best first. */
  lanUrls(): readonly string[];
  status(): ServerStatus;
  openConsole(): void;
  openDataFolder(): void;
  /** Shows the server's log file, which the error messages point at. */
  showServerLog(): void;
  quit(): void;
}

/** The tray: the LAN URL players open, the live match count, and the few actions needed mid-event. */
export function createTray(actions: TrayActions): { refresh(): void } {
  const tray = new Tray(nativeImage.createFromPath(ICON).resize({ width: 16, height: 16 }));
  const refresh = () => {
    const [url, ...others] = actions.lanUrls();
    const live = liveMatchesLabel(actions.status());
    tray.setToolTip(url ? `Matchday: ${url} (${live})` : `Matchday (${live})`);
    const template: MenuItemConstructorOptions[] = [
      { label: url ? `Players open ${url}` : 'No LAN address: check the network', enabled: false },
      { label: live, enabled: false },
      { label: 'Copy LAN address', enabled: Boolean(url), click: () => url && clipboard.writeText(url) },
      ...(others.length > 0
        ? [
            {
              label: 'Other addresses',
              submenu: others.map((other) => ({ label: other, click: () => clipboard.writeText(other) })),
            },
          ]
        : []),
      { type: 'separator' },
      { label: 'Open console', click: actions.openConsole },
      { label: 'Open in browser', enabled: Boolean(url), click: () => url && void shell.openExternal(url) },
      { label: 'Open data folder', click: actions.openDataFolder },
      { label: 'Show server log', click: actions.showServerLog },
      { type: 'separator' },
      { label: 'Quit Matchday', click: actions.quit },
    ];
    tray.setContextMenu(Menu.buildFromTemplate(template));
  };
  refresh();
  tray.on('click', actions.openConsole);
  return { refresh };
}
