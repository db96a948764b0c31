import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { playList, type MatchRecord } from '../matches/index.js';
import type { ServersService } from '../servers/index.js';
import type { DemoRecord } from './repo.js';

export interface DemoUpload {
  matchSlug: string;
  /** From the plugin's MatchId header: it must be the match of the slug. */
  matchId: number;
  mapNumber: number;
  pluginFileName: string;
  declaredBytes: number | undefined;
  serverId: string | null;
  body: Readable;
}

export interface DemosDeps {
  servers: Pick<ServersService, 'demoBytesArriving'>;
}

/** How often (clock seconds) arriving bytes renew the hold of the server that recorded the demo. */
const HOLD_REFRESH_S = 5;

/** Fewer, larger disk writes: a demo is hundreds of MiB arriving in 64 KiB network chunks. */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** A file name safe on every desktop OS, built by Matchday (never the plugin's name as is). */
const safePart = (text: string) =>
  text
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);

/**
 * Demo uploads stream straight to a temporary file next to the demos and are renamed into place
 * only when complete: an interrupted or refused upload leaves nothing behind.
 */
export function createDemosService(ctx: AppContext, deps: DemosDeps) {
  const repo = ctx.repos.demos;
  const matches = ctx.repos.matches;
  const demoDir = path.join(ctx.config.filesDir, 'demos');

  function tooLarge(): AppError {
    const mib = Math.round(ctx.config.demoMaxBytes / 1024 / 1024);
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      413,
      `The demo is larger than the ${mib} MiB limit (DEMO_MAX_MB).`,
    );
  }

  /**
   * The match the demo was recorded for: the plugin's MatchId header decides. A demo sent to the URL of
   * another match of the same event is stored with its own match (the plugin keeps an upload URL until
   * the next load sets a new one); a match id of no match of this event is refused.
   */
  async function recordedMatch(upload: DemoUpload): Promise<MatchRecord> {
    const named = await matches.get(upload.matchSlug);
    if (!named) {
      throw notFound(`Match "${upload.matchSlug}"`);
    }
    if (upload.matchId === named.matchid) {
      return named;
    }
    const recorded = await matches.getByMatchid(upload.matchId);
    const restarted = recorded ? undefined : await matches.slugOfRetiredMatchid(upload.matchId);
    if (restarted !== undefined) {
      throw new AppError(
        'DEMO_MATCH_MISMATCH',
        409,
        `This demo was recorded by an abandoned attempt of match ${restarted} (match id ${upload.matchId}), which was restarted since; nothing was stored.`,
      );
    }
    if (!recorded || recorded.tournamentId !== named.tournamentId) {
      throw new AppError(
        'DEMO_MATCH_MISMATCH',
        409,
        `This demo was recorded for match id ${upload.matchId}, which is no match of the event of ${named.slug} (match id ${named.matchid}); nothing was stored.`,
      );
    }
    ctx.logger.warn(
      { module: 'demos', match: recorded.slug, url: named.slug, matchid: upload.matchId },
      `a demo sent for match ${named.slug} was recorded for match ${recorded.slug}: it is stored with ${recorded.slug}`,
    );
    return recorded;
  }

  return {
    async upload(upload: DemoUpload): Promise<DemoRecord> {
      const match = await recordedMatch(upload);
      if (upload.declaredBytes !== undefined && upload.declaredBytes > ctx.config.demoMaxBytes) {
        throw tooLarge();
      }
      await fs.promises.mkdir(demoDir, { recursive: true });
      const mapName = playList(match).maps[upload.mapNumber] ?? `map${upload.mapNumber + 1}`;
      const fileName = `${match.matchid}_${safePart(match.slug)}_map${upload.mapNumber + 1}_${safePart(mapName)}.dem`;
      const partial = path.join(demoDir, `.upload-${randomBytes(8).toString('hex')}.part`);
      let size = 0;
      const limit = ctx.config.demoMaxBytes;
      const firstByteAt = ctx.clock.now();
      let heldAt = -Infinity;
      const counter = new Transform({
        highWaterMark: WRITE_BUFFER_BYTES,
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          // Bytes still arriving: the server that recorded the demo stays held (not on every chunk).
          const now = ctx.clock.now();
          if (now - heldAt >= HOLD_REFRESH_S) {
            heldAt = now;
            deps.servers
              .demoBytesArriving(match.slug, firstByteAt)
              .catch((err: unknown) =>
                ctx.logger.warn(
                  { module: 'demos', match: match.slug, err },
                  'the demo hold was not extended',
                ),
              );
          }
          callback(size > limit ? tooLarge() : null, chunk);
        },
      });
      try {
        await pipeline(
          upload.body,
          counter,
          fs.createWriteStream(partial, { highWaterMark: WRITE_BUFFER_BYTES }),
        );
        if (upload.declaredBytes !== undefined && size !== upload.declaredBytes) {
          throw new AppError(
            'BAD_REQUEST',
            400,
            `The upload ended after ${size} of ${upload.declaredBytes} bytes.`,
          );
        }
        const previous = await repo.get(match.slug, upload.mapNumber);
        await fs.promises.rename(partial, path.join(demoDir, fileName));
        const demo: DemoRecord = {
          matchSlug: match.slug,
          mapNumber: upload.mapNumber,
          fileName,
          pluginFileName: upload.pluginFileName,
          sizeBytes: size,
          serverId: upload.serverId,
          storedAt: ctx.clock.now(),
        };
        await repo.save(demo);
        ctx.live.matches(match.slug);
        if (previous && previous.fileName !== fileName) {
          await fs.promises.rm(path.join(demoDir, previous.fileName), { force: true });
        }
        ctx.logger.info(
          { module: 'demos', match: match.slug, map: upload.mapNumber, bytes: size },
          'demo stored',
        );
        return demo;
      } catch (err) {
        await fs.promises.rm(partial, { force: true });
        if (err instanceof AppError) {
          throw err;
        }
        ctx.logger.warn(
          { module: 'demos', match: match.slug, err: (err as Error).message },
          'demo upload interrupted',
        );
        throw new AppError('BAD_REQUEST', 400, 'The demo upload was interrupted; nothing was stored.');
      }
    },

    /** The stored demo of one map, with the path to stream it from. */
    async find(slug: string, mapNumber: number): Promise<DemoRecord & { filePath: string }> {
      const demo = await repo.get(slug, mapNumber);
      if (!demo) {
        throw notFound(`The demo of map ${mapNumber + 1} of match "${slug}"`);
      }
      return { ...demo, filePath: path.join(demoDir, demo.fileName) };
    },

    forMatch: (slug: string) => repo.forMatch(slug),

    /** The demo files of these matches, to remove once their rows are gone. */
    filesOf: async (slugs: readonly string[]): Promise<string[]> => {
      const files: string[] = [];
      for (const slug of slugs) {
        files.push(...(await repo.forMatch(slug)).map((d) => path.join(demoDir, d.fileName)));
      }
      return files;
    },
    matchStatus: async (slug: string) => (await matches.get(slug))?.status,
  };
}

export type DemosService = ReturnType<typeof createDemosService>;
