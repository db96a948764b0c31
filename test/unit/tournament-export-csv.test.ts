import { describe, expect, it } from 'vitest';
import type { ExportMatch, TournamentExport } from '../../shared/contracts/exports.js';
import { exportTable } from '../../shared/domain/tournament-export-csv.js';

const grandFinal: ExportMatch = {
  slug: 'grand-final',
  label: 'Grand Final',
  stage: 'main',
  group: null,
  round: 1,
  matchNumber: 1,
  bracket: 'GF',
  status: 'completed',
  format: 'bo3',
  team1: { id: 'a', name: 'Alpha', tag: 'A' },
  team2: { id: 'b', name: 'Bravo', tag: 'B' },
  winnerId: 'a',
  bye: false,
  team1SeriesScore: 2,
  team2SeriesScore: 0,
  mapAdvantage: 'team1',
  maps: [{ number: 0, name: 'de_ancient', team1Score: 13, team2Score: 9, winner: 'team1' }],
  completedAt: 1_767_200_000,
};

describe('the results table', () => {
  it('gives a grand final started one map up its series score with that map, named first among the maps', () => {
    const data = { matches: [grandFinal] } as unknown as TournamentExport;
    const { header, rows } = exportTable(data, 'results');
    const row = Object.fromEntries(header.map((h, i) => [h, rows[0]![i]]));
    expect(row).toMatchObject({
      team1Score: 2,
      team2Score: 0,
      winner: 'Alpha',
      maps: 'advantage 1:0 | de_ancient 13:9',
    });
  });
});
