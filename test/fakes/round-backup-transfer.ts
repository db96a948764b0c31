import { randomUUID } from 'node:crypto';
import type { DemoJob } from './demo-upload.js';
import { consoleReply } from './flavours.js';
import { dotnetStatusName, isSuccess, sendRequest } from './http-out.js';
import type { MatchState } from './match-state.js';
import type { PluginCore } from './plugin-core.js';
import { readRoundBackup, roundBackupFileName, writeRoundBackup } from './round-backup.js';

/** Round backups over HTTP: the upload at every round start and the console's load from a URL. */

/**
 * The plugin writes every round start's backup and posts it with the demo uploader, in the background
 * (1.4.21 src/BackupManagement.cs CreateMatchZyRoundDataBackup -> src/Utility.cs UploadFileAsync, which
 * returns at once when no URL is set).
 */
export function uploadRoundBackup(core: PluginCore, state: MatchState): void {
  const { backupUploadUrl, backupUploadHeaderKey, backupUploadHeaderValue } = core.settings;
  const content = Buffer.from(
    writeRoundBackup(state, core.currentMap, new Date(core.clock.unixNow() * 1000)),
    'utf8',
  );
  const job: DemoJob = {
    url: backupUploadUrl,
    headerKey: backupUploadHeaderKey,
    headerValue: backupUploadHeaderValue,
    headerBrand: core.names.demoHeaderBrand,
    filename: roundBackupFileName(core.names, state.matchId, state.mapNumber, state.roundsPlayed),
    matchId: state.matchId,
    mapNumber: state.mapNumber,
    roundNumber: state.roundsPlayed,
    sizeBytes: content.length,
    outcome: 'upload',
    content,
  };
  core.runDetached((signal) => core.uploadDemo(job, signal));
}

/**
 * `<prefix>loadbackup_url <url> [<header> <value>]` (console only): the game's main thread waits for the
 * GET, saves the file and restores it (1.4.21 src/BackupManagement.cs LoadBackupFromURL,
 * RestoreRoundBackup). A failed download or an unreadable file is logged and restores nothing.
 */
export async function loadBackupFromUrl(
  core: PluginCore,
  url: string,
  headers: Record<string, string>,
): Promise<string> {
  const prefix = consoleReply(core.names, '');
  if (!/^https?:\/\/[^\s/]+/i.test(url)) {
    core.log(
      'warn',
      `[LoadBackupFromURL] Invalid URL: ${url}. Please provide a valid URL to load the backup!`,
    );
    return `${prefix}Invalid URL: ${url}`;
  }
  let response;
  try {
    const request = {
      method: 'GET',
      url,
      headers,
      timeoutMs: 100_000,
      signal: core.signal,
      unreachable: core.options.unreachable,
    } as const;
    response = await core.clock.holding(() => sendRequest(request));
  } catch (error) {
    core.log('error', `[LoadBackupFromURL - FATAL] An error occured: ${(error as Error).message}`);
    return '';
  }
  if (!isSuccess(response.status)) {
    core.log('warn', `[LoadBackupFromURL] HTTP request failed with status code: ${response.status}`);
    return `${prefix}HTTP request failed with status code: ${dotnetStatusName(response.status)}`;
  }
  let file;
  try {
    // Saved under a new name: a GUID (src/BackupManagement.cs LoadBackupFromURL).
    file = readRoundBackup(response.body, `${randomUUID()}.json`);
  } catch (error) {
    core.log('error', `[RestoreRoundBackup FATAL] An error occurred: ${(error as Error).message}`);
    return '';
  }
  // Restoring needs the match the file belongs to loaded here (the fake models no restore of a
  // match this server never loaded).
  if (!core.flow || core.flow.state.matchId !== file.matchId) {
    core.log('error', `[RestoreRoundBackup] No loaded match ${file.matchId} to restore.`);
    return '';
  }
  return core.flow.loadBackup(file);
}
