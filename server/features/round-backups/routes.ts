import { z } from 'zod';
import type { Request } from 'express';
import type { RouteTable } from '../../http/route.js';
import { readRawBody } from '../../http/raw-body.js';
import { AppError } from '../../errors.js';
import { FLAVOUR_NAMES } from '../../integrations/plugin/flavours.js';
import { ROUND_BACKUP_MAX_BYTES, type RoundBackupsService } from './service.js';

const TAG = 'Round backups';

/**
 * The plugin posts a round backup with the demo uploader, so with its headers: each twice, under its
 * brand and as Get5 (sivert-io/MatchZy-Enhanced src/Utility.cs UploadFileAsync; PROTOCOL.md 3.4).
 */
const HEADER_PREFIXES = [...Object.values(FLAVOUR_NAMES).map((n) => n.demoHeaderPrefix), 'Get5'];

function wholeHeader(req: Request, name: string): number {
  let raw: string | undefined;
  for (const prefix of HEADER_PREFIXES) {
    const value = req.headers[`${prefix}-${name}`.toLowerCase()];
    if (typeof value === 'string' && value !== '') {
      raw = value;
      break;
    }
  }
  const value = Number(raw);
  if (raw === undefined || !Number.isInteger(value) || value < 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      `The ${name} header must be a whole number (got "${raw ?? ''}"); nothing was stored.`,
      [{ path: `headers.${name}`, message: 'required whole number' }],
    );
  }
  return value;
}

const slugParams = z.object({ slug: z.string().min(1).max(64) });

const backupSchema = z.object({
  mapNumber: z.number().int(),
  round: z.number().int(),
  team1Score: z.number().int(),
  team2Score: z.number().int(),
  at: z.number().int(),
  bytes: z.number().int(),
});

export function registerRoundBackupRoutes(routes: RouteTable, backups: RoundBackupsService): void {
  routes.add({
    method: 'post',
    path: '/api/matches/backups',
    access: 'server',
    tag: TAG,
    summary:
      'A round backup from the plugin (its JSON as the raw body; match, map and round from the upload headers); over 8 MiB 413, an unknown match 404, nothing stored',
    rawBody: true,
    consumes: ['application/octet-stream', 'application/json'],
    response: z.object({ success: z.literal(true), backup: backupSchema }),
    status: 201,
    handler: async ({ req }) => {
      const matchId = wholeHeader(req, 'MatchId');
      const mapNumber = wholeHeader(req, 'MapNumber');
      const round = wholeHeader(req, 'RoundNumber');
      const body = await readRawBody(req, ROUND_BACKUP_MAX_BYTES);
      const stored = await backups.store({ matchId, mapNumber, round, body });
      return {
        success: true,
        backup: {
          mapNumber: stored.mapNumber,
          round: stored.round,
          team1Score: stored.team1Score,
          team2Score: stored.team2Score,
          at: stored.storedAt,
          bytes: stored.sizeBytes,
        },
      };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/matches/:slug/backups',
    access: 'admin',
    tag: TAG,
    summary: "The match's stored round backups, newest first",
    params: slugParams,
    response: z.object({ success: z.literal(true), backups: z.array(backupSchema) }),
    handler: async ({ params }) => ({ success: true, backups: await backups.list(params.slug) }),
  });

  routes.add({
    method: 'get',
    path: '/api/matches/:slug/backups/:mapNumber/:round',
    access: 'server-or-admin',
    tag: TAG,
    summary:
      'One stored round backup byte for byte (map numbers 0-based; round = rounds played when it was written); the plugin loads it from here',
    params: slugParams.extend({
      mapNumber: z.coerce.number().int().min(0).max(8),
      round: z.coerce.number().int().min(0).max(999),
    }),
    produces: 'application/json',
    handler: async ({ params, res }) => {
      const file = await backups.find(params.slug, params.mapNumber, params.round);
      res.setHeader('Content-Type', 'application/json');
      res.sendFile(file.filePath, (err) => {
        if (err && !res.headersSent) {
          res.status(404).json({
            success: false,
            error: 'The round backup file is missing from the data folder.',
            code: 'NOT_FOUND',
          });
        }
      });
      return undefined;
    },
  });
}
