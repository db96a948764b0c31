import { z } from 'zod';
import type { Request } from 'express';
import type { RouteTable } from '../../http/route.js';
import { uploadBody } from '../../http/raw-body.js';
import { AppError } from '../../errors.js';
import { isAdmin } from '../../auth/principal.js';
import { FLAVOUR_NAMES } from '../../integrations/plugin/flavours.js';
import type { DemosService } from './service.js';

const TAG = 'Demos';

/** The plugin sends each upload header twice, under its brand and as Get5 (PROTOCOL.md 3.3). */
const HEADER_PREFIXES = [...Object.values(FLAVOUR_NAMES).map((n) => n.demoHeaderPrefix), 'Get5'];

function uploadHeader(req: Request, name: string): string | undefined {
  for (const prefix of HEADER_PREFIXES) {
    const value = req.headers[`${prefix}-${name}`.toLowerCase()];
    if (typeof value === 'string' && value !== '') {
      return value;
    }
  }
  return undefined;
}

function intHeader(req: Request, name: string): number {
  const raw = uploadHeader(req, name);
  const value = Number(raw);
  if (raw === undefined || !Number.isInteger(value) || value < 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      400,
      `The ${name} header must be a whole number (got "${raw ?? ''}").`,
      [{ path: `headers.${name}`, message: 'required whole number' }],
    );
  }
  return value;
}

const demoSchema = z.object({
  matchSlug: z.string(),
  mapNumber: z.number().int(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  storedAt: z.number().int(),
});

export function registerDemoRoutes(routes: RouteTable, demos: DemosService): void {
  routes.add({
    method: 'post',
    path: '/api/demos/:matchSlug/upload',
    access: 'server',
    tag: TAG,
    summary:
      'Demo upload from the plugin (raw body, streamed to disk); the MatchId header must be the match of the slug (else 409)',
    params: z.object({ matchSlug: z.string().min(1).max(64) }),
    rawBody: true,
    response: z.object({ success: z.literal(true), demo: demoSchema }),
    handler: async ({ req, res, params }) => {
      try {
        const declared = Number(req.headers['content-length']);
        const demo = await demos.upload({
          matchSlug: params.matchSlug,
          matchId: intHeader(req, 'MatchId'),
          mapNumber: intHeader(req, 'MapNumber'),
          pluginFileName: uploadHeader(req, 'FileName') ?? '',
          declaredBytes: Number.isInteger(declared) ? declared : undefined,
          serverId: null,
          body: uploadBody(req),
        });
        return { success: true, demo };
      } catch (err) {
        // A refused upload's connection closes once it is answered (the error handler drops the rest).
        if (!req.readableEnded) {
          res.setHeader('Connection', 'close');
        }
        throw err;
      }
    },
  });

  routes.add({
    method: 'get',
    path: '/api/demos/:matchSlug/:mapNumber',
    access: 'public',
    tag: TAG,
    summary: 'Download the demo of one map (map numbers are 0-based); public once the match is completed',
    params: z.object({
      matchSlug: z.string().min(1).max(64),
      mapNumber: z.coerce.number().int().min(0).max(4),
    }),
    produces: 'application/octet-stream',
    handler: async ({ params, principal, res }) => {
      const demo = await demos.find(params.matchSlug, params.mapNumber);
      const mayRead = isAdmin(principal) || principal?.role === 'readonly';
      if (!mayRead && (await demos.matchStatus(params.matchSlug)) !== 'completed') {
        throw new AppError(
          'FORBIDDEN',
          403,
          'Demos can be downloaded by everyone once the match is completed.',
        );
      }
      res.download(demo.filePath, demo.fileName, (err) => {
        if (err && !res.headersSent) {
          res.status(404).json({
            success: false,
            error: 'The demo file is missing from the data folder.',
            code: 'NOT_FOUND',
          });
        }
      });
      return undefined;
    },
  });
}
