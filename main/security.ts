import { shell, type WebContents } from 'electron';
import { isSafeExternalUrl, isServerUrl } from './trusted-url.js';

/**
 * Electron's security checklist for the window: it may only show the embedded server's own pages;
 * other http(s) links and redirects open in the system browser; every permission is refused.
 */
export function guardWebContents(contents: WebContents, serverOrigin: () => string): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) {
      void shell.openExternal(url);
    }
    return { action: 'deny' };
  });
  const keepToServer = (event: Electron.Event, url: string) => {
    if (!isServerUrl(url, serverOrigin())) {
      event.preventDefault();
      if (isSafeExternalUrl(url)) {
        void shell.openExternal(url);
      }
    }
  };
  contents.on('will-navigate', keepToServer);
  // The server redirects to sign-in providers: those pages belong in the system browser too.
  contents.on('will-redirect', keepToServer);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  contents.session.setPermissionCheckHandler(() => false);
}
