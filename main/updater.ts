import fs from 'node:fs';
import path from 'node:path';
import { dialog } from 'electron';
import electronUpdater from 'electron-updater';
import type { DesktopInfo } from '../shared/ipc.js';
import { nextUpdateStep, parseUpdateFeed, type UpdatePhase } from './update-gate.js';
import { serveUpdateFolder } from './update-folder.js';
import { installWhenDrained, publisherNamesOf, updateTrustProblem } from './update-trust.js';

type UpdateStatus = DesktopInfo['updateStatus'];

const TICK_MS = 60_000;

export interface UpdaterOptions {
  packaged: boolean;
  /** Preference or MATCHDAY_UPDATE_SOURCE: an https URL or a folder on this computer; empty = no updates. */
  source: string;
  /** A tournament is in progress or a match is live: no download, no install. */
  eventRunning(): boolean;
  /** Drains the server; the installer starts only after it resolved. */
  stopServer(): Promise<void>;
  onStatus(status: UpdateStatus): void;
}

/** The publisher names this build pins (written by electron-builder when it signs); none when unsigned. */
function pinnedPublishers(): string[] {
  try {
    return publisherNamesOf(fs.readFileSync(path.join(process.resourcesPath, 'app-update.yml'), 'utf8'));
  } catch {
    return [];
  }
}

function log(message: string, err?: unknown): void {
  console.error(`update: ${message}${err ? `: ${(err as Error).message}` : ''}`);
}

/**
 * Runs the update gate every minute and on demand (`tick`). Every updater error is logged, never thrown:
 * a failed update must not disturb a running tournament.
 */
export async function startUpdater(options: UpdaterOptions): Promise<{ tick(): void }> {
  const { autoUpdater } = electronUpdater;
  let updatable = options.packaged && autoUpdater.isUpdaterActive();
  const trustProblem = updatable ? updateTrustProblem(process.platform, pinnedPublishers()) : undefined;
  if (trustProblem) {
    log(trustProblem);
    updatable = false;
  }
  if (updatable) {
    try {
      const feed = parseUpdateFeed(options.source);
      // The installer's own feed is a placeholder: without a configured source there is nothing to check.
      updatable = feed !== undefined;
      if (feed?.kind === 'url') {
        autoUpdater.setFeedURL({ provider: 'generic', url: feed.url });
      } else if (feed?.kind === 'folder') {
        autoUpdater.setFeedURL({ provider: 'generic', url: (await serveUpdateFolder(feed.path)).url });
      }
    } catch (err) {
      log('the update source is not usable', err);
      updatable = false;
    }
  }
  if (!updatable) {
    options.onStatus('disabled');
    return { tick: () => undefined };
  }

  autoUpdater.autoDownload = false;
  // Installing is the gate's decision, never a side effect of quitting mid-tournament.
  autoUpdater.autoInstallOnAppQuit = false;
  let phase: UpdatePhase = 'idle';
  let lastCheckAt: number | undefined;
  let postponed = false;
  let asking = false;
  const set = (next: UpdatePhase, status: UpdateStatus) => {
    phase = next;
    options.onStatus(status);
  };
  autoUpdater.on('update-available', () => set('available', 'available'));
  autoUpdater.on('update-not-available', () => set('idle', 'not-available'));
  autoUpdater.on('update-downloaded', () => set('downloaded', 'downloaded'));
  autoUpdater.on('error', (err) => {
    log('failed', err);
    // A failed download leaves nothing to install; the next check starts again.
    set('error', 'error');
  });

  const ask = async (message: string, yes: string): Promise<boolean> => {
    asking = true;
    try {
      const answer = await dialog.showMessageBox({
        type: 'info',
        message,
        buttons: [yes, 'Later'],
        defaultId: 0,
      });
      postponed = answer.response !== 0;
      return !postponed;
    } finally {
      asking = false;
    }
  };

  const tick = () => {
    if (asking) {
      return;
    }
    const step = nextUpdateStep({
      updatable,
      tournamentInProgress: options.eventRunning(),
      phase,
      lastCheckAt,
      now: Date.now(),
      postponed,
    });
    if (step === 'check') {
      lastCheckAt = Date.now();
      postponed = false;
      set('checking', 'checking');
      autoUpdater.checkForUpdates().catch((err) => {
        log('check failed', err);
        set('error', 'error');
      });
    } else if (step === 'ask-download') {
      void ask('A new version of Matchday is available. Download it now?', 'Download').then((yes) => {
        if (yes) {
          phase = 'downloading';
          autoUpdater.downloadUpdate().catch((err) => log('download failed', err));
        }
      });
    } else if (step === 'ask-install') {
      void ask('The new version of Matchday is ready. Restart Matchday to install it now?', 'Restart').then(
        (yes) => {
          if (yes) {
            // quitAndInstall starts the installer before the app quits: the server must be closed by then.
            void installWhenDrained(options.stopServer, () => autoUpdater.quitAndInstall());
          }
        },
      );
    }
  };
  setInterval(tick, TICK_MS).unref();
  tick();
  return { tick };
}
