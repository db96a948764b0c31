import { describe, expect, it } from 'vitest';
import { desktopStatus } from '../../server/desktop-status.js';
import { createTournamentSchema } from '../../shared/contracts/tournament.js';
import { addTeams, createTestApp } from '../helpers/app.js';

describe('desktopStatus', () => {
  it('reports a tournament in progress and counts the matches being played', async () => {
    const app = await createTestApp();
    try {
      const teamIds = await addTeams(app, 4);
      expect(await desktopStatus(app.services)).toEqual({ tournamentInProgress: false, liveMatches: 0 });

      await app.services.tournament.create(
        createTournamentSchema.parse({
          name: 'Cup',
          type: 'single_elimination',
          teamIds,
          settings: { veto: false },
        }),
      );
      await app.services.tournament.start(undefined, true); // force: the checks before the start are not the subject
      expect(await desktopStatus(app.services)).toEqual({ tournamentInProgress: true, liveMatches: 0 });

      const { slug, matchid } = await app.services.matches.get('r1-m1');
      const send = (body: Record<string, unknown>) =>
        app.services.pluginEvents.ingest(Buffer.from(JSON.stringify(body)), slug);
      await send({ matchid, event: 'series_start' });
      await send({ map_number: 0, matchid, event: 'going_live' });
      expect(await desktopStatus(app.services)).toEqual({ tournamentInProgress: true, liveMatches: 1 });
    } finally {
      await app.close();
    }
  });
});
