import type { Response } from 'express';
import type { RouteTable } from '../../http/route.js';
import { exportCsvQuerySchema, tournamentExportSchema } from '../../../shared/contracts/exports.js';
import { tournamentIdParamsSchema } from '../../../shared/contracts/tournament.js';
import type { ExportsService } from './service.js';

const TAG = 'Exports';

/** Saves as `name` (an ASCII slug, so the plain form needs no encoding) instead of showing the answer. */
const attachment = (res: Response, name: string) =>
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);

export function registerExportRoutes(routes: RouteTable, exports: ExportsService): void {
  routes.add({
    method: 'get',
    path: '/api/tournaments/:id/export.csv',
    access: 'public',
    tag: TAG,
    summary:
      'One table of the tournament as CSV (UTF-8 with a byte-order mark, comma separated, a header row): `results` (decided matches), `standings` or `players` (statistics); 404 for an unknown tournament',
    params: tournamentIdParamsSchema,
    query: exportCsvQuerySchema,
    produces: 'text/csv',
    handler: async ({ params, query, res }) => {
      const { text, data } = await exports.csv(params.id, query.what);
      attachment(res, exports.fileName(data, query.what));
      res.type('text/csv; charset=utf-8').send(text);
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/tournaments/:id/export.json',
    access: 'public',
    tag: TAG,
    summary:
      'The tournament for a website: teams with rosters, stages with group tables, matches with maps and scores, standings and player statistics (nothing private); 404 for an unknown tournament',
    params: tournamentIdParamsSchema,
    response: tournamentExportSchema,
    handler: async ({ params, res }) => {
      const data = await exports.json(params.id);
      attachment(res, exports.fileName(data, 'json'));
      return data;
    },
  });
}
