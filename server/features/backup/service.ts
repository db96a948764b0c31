import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import {
  BackupRejected,
  carryOverSessions,
  inspectBackup,
  removeDatabaseFiles,
  swapDatabaseFile,
  writeBackup,
} from '../../db/backup.js';
import { closeDatabase, openDatabase } from '../../db/open.js';
import { MIGRATIONS } from '../../db/migrations/index.js';
import type { RestoreAnswer, Snapshot, SnapshotKind } from '../../../shared/contracts/backup.js';
import {
  newestFirst,
  parseSnapshotName,
  snapshotDue,
  snapshotName,
  snapshotsToPrune,
} from './snapshot-policy.js';

/** Tables every Matchday database has had since its first version: a file without them is something else. */
const MATCHDAY_TABLES = ['app_meta', 'settings', 'teams', 'matches', 'sessions'];
/** A database with its demos fits; a runaway upload does not fill the disk. */
const UPLOAD_LIMIT_BYTES = 8 * 1024 ** 3;
const SCHEDULE_CHECK_MS = 60_000;

export interface BackupDeps {
  tournamentInProgress(): boolean;
}

export function createBackupService(ctx: AppContext, deps: BackupDeps) {
  const folder = path.join(ctx.config.dataDir, 'backups');
  const log = ctx.logger.child({ module: 'backup' });
  let timer: NodeJS.Timeout | undefined;
  let snapshotRunning: Promise<Snapshot | undefined> | undefined;

  function list(): Snapshot[] {
    if (!fs.existsSync(folder)) {
      return [];
    }
    return newestFirst(
      fs.readdirSync(folder).flatMap((name) => {
        const parsed = parseSnapshotName(name);
        return parsed ? [{ name, ...parsed, sizeBytes: fs.statSync(path.join(folder, name)).size }] : [];
      }),
    );
  }

  function describe(name: string): Snapshot {
    return { name, ...parseSnapshotName(name)!, sizeBytes: fs.statSync(path.join(folder, name)).size };
  }

  function newName(kind: SnapshotKind): string {
    fs.mkdirSync(folder, { recursive: true });
    return snapshotName(kind, ctx.clock.now(), (name) => fs.existsSync(path.join(folder, name)));
  }

  /** A temporary file in the backups folder: same disk as the data, so renames are atomic. */
  function scratchFile(): string {
    fs.mkdirSync(folder, { recursive: true });
    return path.join(folder, `scratch-${randomUUID()}.sqlite`);
  }

  async function takeSnapshot(kind: SnapshotKind): Promise<Snapshot> {
    const name = newName(kind);
    const scratch = scratchFile();
    await writeBackup(ctx.db, scratch);
    fs.renameSync(scratch, path.join(folder, name));
    for (const old of snapshotsToPrune(list())) {
      fs.rmSync(path.join(folder, old.name), { force: true });
    }
    log.info({ snapshot: name }, 'snapshot written');
    return describe(name);
  }

  async function snapshotIfDue(): Promise<Snapshot | undefined> {
    const lastAutomatic = list().find((s) => s.kind === 'automatic');
    if (!snapshotDue(deps.tournamentInProgress(), lastAutomatic?.createdAt, ctx.clock.now())) {
      return undefined;
    }
    return takeSnapshot('automatic');
  }

  /** Replaces the data with a checked file; the data it replaces is kept as a before-restore snapshot. */
  function install(incoming: string): RestoreAnswer {
    let facts;
    try {
      facts = inspectBackup(incoming, MIGRATIONS.length, MATCHDAY_TABLES);
    } catch (err) {
      removeDatabaseFiles(incoming);
      if (err instanceof BackupRejected) {
        throw new AppError('BACKUP_INVALID', 400, `${err.message} Nothing was changed.`);
      }
      throw err;
    }
    const safetyName = newName('before-restore');
    const safetyCopy = path.join(folder, safetyName);
    let undo: (() => void) | undefined;
    try {
      ctx.replaceData({
        apply: () => {
          undo = swapDatabaseFile(ctx.config.dataDir, incoming, safetyCopy);
          // Brought up to date and given this machine's sign-ins before the app opens it again.
          const restored = openDatabase(ctx.config.dataDir);
          try {
            carryOverSessions(restored, safetyCopy);
          } finally {
            closeDatabase(restored);
          }
        },
        undo: () => undo?.(),
      });
    } catch (err) {
      removeDatabaseFiles(incoming);
      log.error({ err }, 'restore failed; the previous data is back in place');
      throw new AppError(
        'BACKUP_INVALID',
        400,
        `The backup could not be opened: ${(err as Error).message}. Nothing was changed.`,
      );
    }
    log.info({ safetyCopy: safetyName, schemaVersion: facts.schemaVersion }, 'backup restored');
    return { success: true, schemaVersion: facts.schemaVersion, safetyCopy: describe(safetyName) };
  }

  return {
    folder,
    list,
    takeSnapshot: () => takeSnapshot('manual'),
    snapshotIfDue,

    /** A consistent copy of the data in a temporary file; the caller sends it and calls `done`. */
    async exportToFile(): Promise<{ file: string; downloadName: string; done(): void }> {
      const file = scratchFile();
      await writeBackup(ctx.db, file);
      const downloadName = `matchday-backup-${snapshotName('manual', ctx.clock.now(), () => false).slice('manual-'.length)}`;
      return { file, downloadName, done: () => removeDatabaseFiles(file) };
    },

    snapshotPath(name: string): string {
      const file = path.join(folder, name);
      if (!parseSnapshotName(name) || !fs.existsSync(file)) {
        throw notFound(`Snapshot "${name}"`);
      }
      return file;
    },

    /** Restores an uploaded backup: written to disk as it arrives, checked, then swapped in. */
    async restoreUpload(body: Readable, declaredLength: number | undefined): Promise<RestoreAnswer> {
      if (declaredLength !== undefined && declaredLength > UPLOAD_LIMIT_BYTES) {
        throw tooLarge();
      }
      const incoming = scratchFile();
      let size = 0;
      try {
        await pipeline(
          body,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              size += chunk.length;
              if (size > UPLOAD_LIMIT_BYTES) {
                throw tooLarge();
              }
              yield chunk;
            }
          },
          fs.createWriteStream(incoming),
        );
      } catch (err) {
        removeDatabaseFiles(incoming);
        throw err;
      }
      if (size === 0) {
        removeDatabaseFiles(incoming);
        throw new AppError('BACKUP_INVALID', 400, 'The request carried no backup file. Nothing was changed.');
      }
      return install(incoming);
    },

    /** Restores a snapshot from the backups folder (the snapshot itself stays). */
    restoreSnapshot(name: string): RestoreAnswer {
      const source = this.snapshotPath(name);
      const incoming = scratchFile();
      fs.copyFileSync(source, incoming);
      return install(incoming);
    },

    /** Checks every minute whether an automatic snapshot is due; failures are logged, never thrown. */
    startSchedule(): void {
      timer ??= setInterval(() => {
        snapshotRunning ??= snapshotIfDue()
          .catch((err: Error) => {
            log.error({ err }, 'automatic snapshot failed');
            return undefined;
          })
          .finally(() => {
            snapshotRunning = undefined;
          });
      }, SCHEDULE_CHECK_MS);
      timer.unref();
    },

    stopSchedule(): void {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

const tooLarge = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    413,
    `A backup larger than ${UPLOAD_LIMIT_BYTES / 1024 ** 3} GiB is refused.`,
  );

export type BackupService = ReturnType<typeof createBackupService>;
