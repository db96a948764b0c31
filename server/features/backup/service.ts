import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import {
  BackupRejected,
  carryOverSessions,
  checkReferences,
  inspectBackup,
  removeDatabaseFiles,
  swapDatabaseFile,
  writeBackup,
} from '../../db/backup.js';
import { closeDatabase, openDatabase } from '../../db/open.js';
import {
  exportToSqliteFile,
  migrateBackupFile,
  restoreFromSqliteFile,
} from '../../db/postgres/logical-backup.js';
import { MIGRATIONS } from '../../db/migrations/index.js';
import type { RestoreAnswer, Snapshot, SnapshotKind } from '../../../shared/contracts/backup.js';
import { readTarEntries, tarSize, tarStream, TarInvalid, type TarEntry, type TarSource } from './tar.js';
import { archivedFileSources, isArchivedFile, placeArchivedFiles } from './archive-files.js';
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
/** In a backup archive: the database, then the files of `archive-files.ts` (demos, round backups). */
const DATABASE_ENTRY = 'matchday.sqlite';

const invalid = (reason: string) => new AppError('BACKUP_INVALID', 400, `${reason} Nothing was changed.`);

/** A tar archive says so at byte 257; a SQLite file starts with its own header. */
function isTarArchive(file: string): boolean {
  const magic = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  try {
    return fs.readSync(fd, magic, 0, 5, 257) === 5 && magic.toString('latin1') === 'ustar';
  } finally {
    fs.closeSync(fd);
  }
}

async function extract(archive: string, entry: TarEntry, target: string): Promise<void> {
  if (entry.size === 0) {
    fs.writeFileSync(target, '');
    return;
  }
  const end = entry.offset + entry.size - 1;
  await pipeline(fs.createReadStream(archive, { start: entry.offset, end }), fs.createWriteStream(target));
}

export interface BackupDeps {
  tournamentInProgress(): Promise<boolean>;
}

export function createBackupService(ctx: AppContext, deps: BackupDeps) {
  const folder = path.join(ctx.config.dataDir, 'backups');
  const log = ctx.logger.child({ module: 'backup' });
  let timer: NodeJS.Timeout | undefined;
  let snapshotRunning: Promise<Snapshot | undefined> | undefined;

  /** A consistent copy of all data as one SQLite file: SQLite's online backup, or PostgreSQL's rows exported. */
  async function copyData(file: string): Promise<void> {
    await (ctx.db ? writeBackup(ctx.db, file) : exportToSqliteFile(ctx.sql, file));
  }

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
    await copyData(scratch);
    fs.renameSync(scratch, path.join(folder, name));
    for (const old of snapshotsToPrune(list())) {
      fs.rmSync(path.join(folder, old.name), { force: true });
    }
    log.info({ snapshot: name }, 'snapshot written');
    return describe(name);
  }

  async function snapshotIfDue(): Promise<Snapshot | undefined> {
    const lastAutomatic = list().find((s) => s.kind === 'automatic');
    if (!snapshotDue(await deps.tournamentInProgress(), lastAutomatic?.createdAt, ctx.clock.now())) {
      return undefined;
    }
    return takeSnapshot('automatic');
  }

  /** Replaces the data with a checked file; the data it replaces is kept as a before-restore snapshot. */
  async function install(incoming: string): Promise<RestoreAnswer> {
    let facts;
    try {
      facts = inspectBackup(incoming, MIGRATIONS.length, MATCHDAY_TABLES);
    } catch (err) {
      removeDatabaseFiles(incoming);
      if (err instanceof BackupRejected) {
        throw invalid(err.message);
      }
      throw err;
    }
    if (!ctx.db) {
      return installRows(incoming, facts.schemaVersion);
    }
    const safetyName = newName('before-restore');
    const safetyCopy = path.join(folder, safetyName);
    let undo: (() => void) | undefined;
    try {
      await ctx.replaceData({
        apply: () => {
          undo = swapDatabaseFile(ctx.config.dataDir, incoming, safetyCopy);
          // Brought up to date and given this machine's sign-ins before the app opens it again.
          const restored = openDatabase(ctx.config.dataDir);
          try {
            checkReferences(restored);
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

  /**
   * PostgreSQL: the checked file's rows replace the data in one transaction every instance sees; the
   * data it replaces is exported first as the before-restore snapshot.
   */
  async function installRows(incoming: string, schemaVersion: number): Promise<RestoreAnswer> {
    let safetyName;
    try {
      const safety = await takeSnapshot('before-restore');
      safetyName = safety.name;
      if (schemaVersion < MIGRATIONS.length) {
        migrateBackupFile(incoming);
      }
      await restoreFromSqliteFile(ctx.sql, incoming);
    } catch (err) {
      if (safetyName === undefined) {
        throw err;
      }
      // Nothing was changed: not even a snapshot of data that is still in place.
      fs.rmSync(path.join(folder, safetyName), { force: true });
      log.error({ err }, 'restore failed; nothing was changed');
      throw new AppError(
        'BACKUP_INVALID',
        400,
        `The backup could not be restored: ${(err as Error).message}. Nothing was changed.`,
      );
    } finally {
      removeDatabaseFiles(incoming);
    }
    // What this instance keeps in memory (settings, caches) is built anew on the restored rows.
    await ctx.replaceData({ apply: () => undefined, undo: () => undefined });
    log.info({ safetyCopy: safetyName, schemaVersion }, 'backup restored');
    return { success: true, schemaVersion, safetyCopy: describe(safetyName) };
  }

  /** A consistent copy of the data in a temporary file; the caller sends it and calls `done`. */
  async function exportToFile(): Promise<{ file: string; downloadName: string; done(): void }> {
    const file = scratchFile();
    await copyData(file);
    const stamp = snapshotName('manual', ctx.clock.now(), () => false).slice('manual-'.length);
    return { file, downloadName: `matchday-backup-${stamp}`, done: () => removeDatabaseFiles(file) };
  }

  /**
   * Unpacks a backup archive next to the data: its database to a scratch file, its demos and round
   * backups to a staging folder. Anything but a whole archive of exactly those is refused.
   */
  async function unpack(
    archive: string,
  ): Promise<{ database: string; staging: string; files: string[]; demos: number }> {
    let entries: TarEntry[];
    try {
      entries = readTarEntries(archive);
    } catch (err) {
      if (err instanceof TarInvalid) {
        throw invalid(err.message);
      }
      throw err;
    }
    const database = entries.find((e) => e.name === DATABASE_ENTRY);
    if (!database) {
      throw invalid(`The archive holds no ${DATABASE_ENTRY}.`);
    }
    const files = entries.filter((e) => e !== database);
    const stranger = files.find((e) => !isArchivedFile(e.name));
    if (stranger) {
      throw invalid(`The archive holds "${stranger.name}", which is not part of a Matchday backup.`);
    }
    const staging = path.join(folder, `scratch-files-${randomUUID()}`);
    const incoming = scratchFile();
    try {
      fs.mkdirSync(staging);
      await extract(archive, database, incoming);
      for (const file of files) {
        const target = path.join(staging, ...file.name.split('/'));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        await extract(archive, file, target);
      }
    } catch (err) {
      removeDatabaseFiles(incoming);
      fs.rmSync(staging, { recursive: true, force: true });
      throw err;
    }
    const names = files.map((f) => f.name);
    return {
      database: incoming,
      staging,
      files: names,
      demos: names.filter((n) => n.startsWith('demos/')).length,
    };
  }

  /** Restores an archive: the database as a backup file is, then its files beside the ones kept. */
  async function installArchive(archive: string): Promise<RestoreAnswer> {
    const unpacked = await unpack(archive).finally(() => fs.rmSync(archive, { force: true }));
    try {
      const answer = await install(unpacked.database);
      placeArchivedFiles(unpacked.staging, ctx.config.filesDir, unpacked.files);
      log.info(
        { demos: unpacked.demos, roundBackups: unpacked.files.length - unpacked.demos },
        'demos and round backups restored from the backup archive',
      );
      return { ...answer, demosRestored: unpacked.demos };
    } finally {
      fs.rmSync(unpacked.staging, { recursive: true, force: true });
    }
  }

  return {
    folder,
    list,
    takeSnapshot: () => takeSnapshot('manual'),
    snapshotIfDue,

    exportToFile,

    /** The database, every stored demo and round backup as one tar stream, its size known up front. */
    async exportArchive(): Promise<{ stream: Readable; size: number; downloadName: string; done(): void }> {
      const copy = await exportToFile();
      const database: TarSource = {
        name: DATABASE_ENTRY,
        size: fs.statSync(copy.file).size,
        mtime: ctx.clock.now(),
        open: () => fs.createReadStream(copy.file),
      };
      const sources = [database, ...archivedFileSources(ctx.config.filesDir)];
      return {
        stream: Readable.from(tarStream(sources)),
        size: tarSize(sources),
        downloadName: copy.downloadName.replace(/\.sqlite$/, '.tar'),
        done: copy.done,
      };
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
        throw invalid('The request carried no backup file.');
      }
      return isTarArchive(incoming) ? installArchive(incoming) : install(incoming);
    },

    /** Restores a snapshot from the backups folder (the snapshot itself stays). */
    restoreSnapshot(name: string): Promise<RestoreAnswer> {
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
