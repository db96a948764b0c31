import { shell, type WebContents } from 'electron';
import { isSafeExternalUrl, isServerUrl } from './trusted-url.js';

/**
 * Electron's security checklist for the window: it may only show the embedded server's own pages;
 * other http(s) links open in the system browser; every permission request is refused.
 */
export function guardWebContents(contents: WebContents, serverOrigin: () => string): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isSafeExternalUrl(url)) {
      void shell.openExternal(url);
    }
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!isServerUrl(url, serverOrigin())) {
      event.preventDefault();
      if (isSafeExternalUrl(url)) {
        void shell.openExternal(url);
      }
    }
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
}
