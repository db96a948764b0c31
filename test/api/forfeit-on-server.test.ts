import { describe, expect, it } from 'vitest';
import {
  addFakeServer,
  PLAY_WAIT,
  postTwoTeamsAndBo1,
  useMatchdayAndFakes,
} from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

describe('forfeiting a live match (decision 60)', () => {
  it.each([
    { flavour: 'matchzy', version: '1.4.21' },
    { flavour: 'at', version: '2.0.0' },
  ] as const)(
    'ends it on its $flavour $version server, keeps no map score or player stats, and frees the server',
    async ({ flavour, version }) => {
      const server = await startMatchday();
      // Slow game seconds: the match stays live while the test forfeits it.
      const fake = await addFakeServer(server, 'srv-1', fakes, {
        flavour,
        pluginVersion: version,
        msPerGameSecond: 5,
      });
      const { slug } = await postTwoTeamsAndBo1(server);
      const matchOf = async () => (await server.request('GET', `/api/matches/${slug}`)).body.match;
      await waitFor(
        async () => {
          const m = await matchOf();
          return m.status === 'live' && m.team1MapScore + m.team2MapScore > 0 ? m : undefined;
        },
        { ...PLAY_WAIT, message: `a round of ${slug} played on srv-1` },
      );
      const statsOf = async () =>
        (await server.request('GET', `/api/matches/${slug}/stats`, { token: null })).body;
      expect((await statsOf()).maps).toHaveLength(1);
      const commandsBefore = fake.commands.length;

      const res = await server.request('POST', `/api/matches/${slug}/forfeit`, {
        body: { teamId: 'team2', reason: 'player left for the airport' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.match).toMatchObject({
        status: 'completed',
        winnerId: 'team1',
        team1SeriesScore: 1,
        team2SeriesScore: 0,
        team1MapScore: 0,
        team2MapScore: 0,
        maps: [],
        forfeit: { teamIds: ['team2'], reason: 'forfeit', note: 'player left for the airport' },
      });
      await waitFor(
        () =>
          fake.commands.slice(commandsBefore).some((c) => c.startsWith('css_endmatch')) ? true : undefined,
        { message: 'css_endmatch on srv-1' },
      );
      const stats = await statsOf();
      expect(stats.maps).toEqual([]);
      expect(stats.total).toEqual({ team1: [], team2: [] });
      const freed = await waitFor(
        async () => {
          const s = (await server.request('GET', '/api/servers/srv-1')).body.server;
          return s.availability.free ? s : undefined;
        },
        { message: 'srv-1 free again' },
      );
      expect(freed.availability.activeMatch).toBeNull();
      // The plugin's later events of the ended match change nothing.
      expect((await matchOf()).forfeit).toMatchObject({ reason: 'forfeit' });
    },
  );
});
