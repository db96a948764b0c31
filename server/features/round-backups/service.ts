import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import type { MatchRecord } from '../matches/index.js';
import type { RoundBackupRecord } from './repo.js';

/** A round backup is the plugin's JSON of one round start: a few hundred KiB at most (API.md decision 54). */
export const ROUND_BACKUP_MAX_BYTES = 8 * 1024 * 1024;

/** Where round backups lie: one folder per match under the data folder, beside the demos (decision 72). */
export const ROUND_BACKUPS_FOLDER = 'round-backups';

export interface RoundBackupUpload {
  /** From the plugin's MatchId upload header. */
  matchId: number;
  mapNumber: number;
  /** From the RoundNumber header: rounds played when the plugin wrote it. */
  round: number;
  body: Buffer;
}

export interface RoundBackupSummary {
  mapNumber: number;
  round: number;
  team1Score: number;
  team2Score: number;
  at: number;
  bytes: number;
}

/** A match's folder: the slug made safe as one path part. */
export const matchFolder = (slug: string) => encodeURIComponent(slug).replace(/^\.+/, '_');

const invalidFile = (message: string) =>
  new AppError('VALIDATION_FAILED', 400, `${message} Nothing was stored.`, [{ path: 'body', message }]);

/** The map score the plugin wrote into the file: its values are strings (src/BackupManagement.cs). */
function scoresOf(body: Buffer): { team1Score: number; team2Score: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw invalidFile('The round backup is not JSON.');
  }
  const file = (parsed ?? {}) as Record<string, unknown>;
  const team1Score = Number(file.team1_score);
  const team2Score = Number(file.team2_score);
  if (typeof parsed !== 'object' || !Number.isInteger(team1Score) || !Number.isInteger(team2Score)) {
    throw invalidFile('The round backup carries no team1_score and team2_score.');
  }
  if (typeof file.match_config !== 'string' || typeof file.valve_backup !== 'string') {
    throw invalidFile('The round backup carries no match_config and valve_backup.');
  }
  return { team1Score, team2Score };
}

/**
 * Round backups the plugin uploads at every round start (API.md decision 54): each stored as a file
 * with a row naming its match, map and round, and handed back byte for byte to a server that loads it.
 */
export function createRoundBackupsService(ctx: AppContext) {
  const repo = ctx.repos.roundBackups;
  const matches = ctx.repos.matches;
  const root = path.join(ctx.config.filesDir, ROUND_BACKUPS_FOLDER);

  async function uploadedMatch(matchId: number): Promise<MatchRecord> {
    const match = await matches.getByMatchid(matchId);
    if (match) {
      return match;
    }
    const restarted = await matches.slugOfRetiredMatchid(matchId);
    if (restarted !== undefined) {
      throw new AppError(
        'CONFLICT',
        409,
        `This round backup belongs to an abandoned attempt of match ${restarted} (match id ${matchId}), which was restarted since; nothing was stored.`,
      );
    }
    throw notFound(`A match with match id ${matchId}`);
  }

  async function matchOf(slug: string): Promise<MatchRecord> {
    const match = await matches.get(slug);
    if (!match) {
      throw notFound(`Match "${slug}"`);
    }
    return match;
  }

  return {
    async store(upload: RoundBackupUpload): Promise<RoundBackupRecord> {
      const match = await uploadedMatch(upload.matchId);
      const scores = scoresOf(upload.body);
      const folder = matchFolder(match.slug);
      const fileName = `${folder}/map${upload.mapNumber}_round${String(upload.round).padStart(2, '0')}.json`;
      const target = path.join(root, fileName);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const partial = path.join(root, folder, `.upload-${randomBytes(8).toString('hex')}.part`);
      await fs.promises.writeFile(partial, upload.body);
      await fs.promises.rename(partial, target);
      const record: RoundBackupRecord = {
        matchSlug: match.slug,
        mapNumber: upload.mapNumber,
        round: upload.round,
        ...scores,
        sizeBytes: upload.body.length,
        fileName,
        serverId: match.serverId,
        storedAt: ctx.clock.now(),
      };
      await repo.save(record);
      ctx.logger.debug(
        { module: 'round-backups', match: match.slug, map: upload.mapNumber, round: upload.round },
        'round backup stored',
      );
      return record;
    },

    /** The match's backups, newest first. */
    async list(slug: string): Promise<RoundBackupSummary[]> {
      await matchOf(slug);
      return (await repo.forMatch(slug)).map((b) => ({
        mapNumber: b.mapNumber,
        round: b.round,
        team1Score: b.team1Score,
        team2Score: b.team2Score,
        at: b.storedAt,
        bytes: b.sizeBytes,
      }));
    },

    /** The stored file of one round, with the path to send it from. */
    async find(slug: string, mapNumber: number, round: number): Promise<{ filePath: string; bytes: number }> {
      await matchOf(slug);
      const backup = await repo.get(slug, mapNumber, round);
      if (!backup) {
        throw notFound(`The backup of round ${round} of map ${mapNumber + 1} of match "${slug}"`);
      }
      return { filePath: path.join(root, backup.fileName), bytes: backup.sizeBytes };
    },

    /** The newest backup of one map, if any. */
    async newestOfMap(slug: string, mapNumber: number): Promise<RoundBackupRecord | undefined> {
      return (await repo.forMatch(slug)).find((b) => b.mapNumber === mapNumber);
    },

    /** Removes a deleted match's files (its rows went with it). Never throws: a leftover file harms nothing. */
    removeFilesOf(slug: string): void {
      fs.promises
        .rm(path.join(root, matchFolder(slug)), { recursive: true, force: true })
        .catch((err: unknown) =>
          ctx.logger.warn({ module: 'round-backups', match: slug, err }, 'round backup files not removed'),
        );
    },
  };
}

export type RoundBackupsService = ReturnType<typeof createRoundBackupsService>;
