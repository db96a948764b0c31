import { z } from 'zod';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import type { RouteTable } from '../../http/route.js';
import { uploadBody } from '../../http/raw-body.js';
import {
  restoreAnswerSchema,
  snapshotAnswerSchema,
  snapshotListSchema,
  snapshotNameSchema,
} from '../../../shared/contracts/backup.js';
import type { BackupService } from './service.js';
import { AUTOMATIC_SNAPSHOTS_KEPT, SNAPSHOT_INTERVAL_S } from './snapshot-policy.js';

const TAG = 'Backup';
const SQLITE_TYPE = 'application/vnd.sqlite3';
const TAR_TYPE = 'application/x-tar';
const nameParams = z.object({ name: snapshotNameSchema });

/** Sends a database file as a download; `then` runs once it is sent or the download is abandoned. */
function sendFile(res: Response, file: string, downloadName: string, then?: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    res.download(file, downloadName, { headers: { 'Content-Type': SQLITE_TYPE } }, (err) => {
      then?.();
      // A download the browser abandoned is not the server's error.
      if (err && !res.headersSent) {
        reject(err);
      } else {
        resolve();
      }
    });
  });
}

export function registerBackupRoutes(routes: RouteTable, backup: BackupService): void {
  routes.add({
    method: 'get',
    path: '/api/backup',
    access: 'admin-secrets',
    tag: TAG,
    summary:
      "Download a consistent one-file backup of all data as a SQLite file (SQLite online backup, or PostgreSQL's rows exported in one read; safe while serving); `demos=1`: a tar of it with every stored demo",
    query: z.object({ demos: z.enum(['0', '1', 'true', 'false']).optional() }),
    produces: [SQLITE_TYPE, TAR_TYPE],
    handler: async ({ query, res }) => {
      if (query.demos === '1' || query.demos === 'true') {
        const archive = await backup.exportArchive();
        res.attachment(archive.downloadName);
        res.set({ 'Content-Type': TAR_TYPE, 'Content-Length': String(archive.size) });
        // A download the browser abandons ends the stream; the scratch copy goes either way.
        await pipeline(archive.stream, res)
          .catch(() => undefined)
          .finally(archive.done);
        return;
      }
      const copy = await backup.exportToFile();
      await sendFile(res, copy.file, copy.downloadName, copy.done);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/backup/restore',
    access: 'admin',
    tag: TAG,
    summary:
      'Restore a backup file (or a backup archive with demos) sent as the raw body: checked first (SQLite integrity, schema version, a whole archive), the replaced data kept as a before-restore snapshot; a bad file changes nothing',
    rawBody: true,
    consumes: [SQLITE_TYPE, TAR_TYPE],
    response: restoreAnswerSchema,
    handler: async ({ req }) => {
      const length = Number(req.headers['content-length']);
      return backup.restoreUpload(uploadBody(req), Number.isFinite(length) ? length : undefined);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/backup/snapshots',
    access: 'admin',
    tag: TAG,
    summary:
      'Snapshots in the data folder, newest first (automatic every 10 minutes while a tournament is in progress, last 12 kept)',
    response: snapshotListSchema,
    handler: () => ({
      success: true,
      snapshots: backup.list(),
      schedule: { intervalMinutes: SNAPSHOT_INTERVAL_S / 60, keep: AUTOMATIC_SNAPSHOTS_KEPT },
    }),
  });

  routes.add({
    method: 'post',
    path: '/api/backup/snapshots',
    access: 'admin',
    tag: TAG,
    summary: 'Take a snapshot now (kept until deleted by hand)',
    status: 201,
    response: snapshotAnswerSchema,
    handler: async () => ({ success: true, snapshot: await backup.takeSnapshot() }),
  });

  routes.add({
    method: 'get',
    path: '/api/backup/snapshots/:name',
    access: 'admin-secrets',
    tag: TAG,
    summary: 'Download one snapshot',
    params: nameParams,
    produces: SQLITE_TYPE,
    handler: async ({ params, res }) => {
      await sendFile(res, backup.snapshotPath(params.name), params.name);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/backup/snapshots/:name/restore',
    access: 'admin',
    tag: TAG,
    summary: 'Restore one snapshot; the replaced data is kept as a before-restore snapshot',
    params: nameParams,
    response: restoreAnswerSchema,
    handler: ({ params }) => backup.restoreSnapshot(params.name),
  });
}
