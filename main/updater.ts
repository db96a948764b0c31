import electronUpdater from 'electron-updater';
import type { DesktopInfo } from '../shared/ipc.js';

type UpdateStatus = DesktopInfo['updateStatus'];

/**
 * Checks for updates only in a packaged, updatable app; downloads only when asked. Every updater error
 * is logged, never thrown: a failed update must not disturb a running tournament.
 */
export function startUpdater(packaged: boolean, onStatus: (status: UpdateStatus) => void): void {
  if (!packaged) {
    onStatus('disabled');
    return;
  }
  const { autoUpdater } = electronUpdater;
  autoUpdater.autoDownload = false;
  autoUpdater.on('checking-for-update', () => onStatus('checking'));
  autoUpdater.on('update-available', () => onStatus('available'));
  autoUpdater.on('update-not-available', () => onStatus('not-available'));
  autoUpdater.on('update-downloaded', () => onStatus('downloaded'));
  autoUpdater.on('error', (err) => {
    console.error('update check failed:', err.message);
    onStatus('error');
  });
  autoUpdater.checkForUpdates().catch((err: Error) => {
    console.error('update check failed:', err.message);
    onStatus('error');
  });
}
