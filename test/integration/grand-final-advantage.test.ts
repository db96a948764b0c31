/**
 * The grand-final map advantage (API.md decision 78) played on the fake game server as 1.4.21 and as
 * 2.0.0: the upper-bracket team starts the bo3 grand final 1-0, the server plays a 2-map series, and
 * Matchday counts the advantage map in every series score it stores and sends.
 */
import { describe, expect, it } from 'vitest';
import { WebhookReceiver, type MatchConfig, type MatchScript, type TeamSlot } from '../fakes/index.js';
import { waitFor } from '../helpers/wait.js';
import {
  addFakeServers,
  PLAY_WAIT,
  postTeams,
  TEAM_SIZE,
  useMatchdayAndFakes,
  waitForChampion,
} from '../helpers/tournament-play.js';
import type { TestServer } from '../helpers/server.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

interface Match {
  slug: string;
  matchid: number;
  label: string;
  bracket: string;
  status: string;
  team1: { id: string } | null;
  team2: { id: string } | null;
  winnerId: string | null;
  team1SeriesScore: number;
  team2SeriesScore: number;
  mapAdvantage: 'team1' | 'team2' | null;
  maps: { number: number; winner: string | null }[];
}

const seedOf = (team: { id: string }) => Number(team.id.replace('team', ''));

/**
 * A 4-team double elimination (bo3, simple grand final, the advantage on) played to its champion: the
 * better seed wins 2-0 everywhere, the grand final's maps go to `grandFinal` in order. Answers the grand
 * final, its config as the server got it, the fakes' console commands and the webhook bodies of it.
 */
async function playCup(flavour: 'matchzy' | 'at', grandFinal: TeamSlot[]) {
  const matchday: TestServer = await startMatchday();
  const website = await new WebhookReceiver().start();
  try {
    await matchday.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: true } });
    const hook = await matchday.request('POST', '/api/webhooks', { body: { url: website.url } });
    website.secret = hook.body.secret;
    const teamIds = await postTeams(matchday, 4);
    const created = await matchday.request('POST', '/api/tournament', {
      body: {
        name: 'Advantage Cup',
        type: 'double_elimination',
        format: 'bo3',
        teamIds,
        settings: {
          teamSize: TEAM_SIZE,
          veto: false,
          grandFinalMode: 'simple',
          grandFinalMapAdvantage: true,
          seeding: 'manual',
          maxRounds: 4,
          mapPool: ['de_ancient', 'de_anubis', 'de_dust2'],
        },
      },
    });
    expect(created.status).toBe(201);
    expect((await matchday.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const bracket = async (): Promise<Match[]> =>
      (await matchday.request('GET', '/api/tournament/bracket', { token: null })).body.matches;
    const labels = new Map((await bracket()).map((m) => [m.matchid, m.label]));
    const configs = new Map<string, MatchConfig>();
    const script = (config: MatchConfig): MatchScript => {
      const label = labels.get(config.matchId) ?? '';
      configs.set(label, config);
      if (label === 'Grand Final') {
        return { maps: grandFinal.map((winner) => ({ winner })) };
      }
      const better: TeamSlot = seedOf(config.team1) < seedOf(config.team2) ? 'team1' : 'team2';
      return { maps: [{ winner: better }, { winner: better }] };
    };
    await addFakeServers(matchday, 2, fakes, { script, flavour, msPerGameSecond: 0.02 });
    const champion = (await waitForChampion(matchday, 90_000)).winner as { id: string };
    const final = (await bracket()).find((m) => m.bracket === 'GF')!;
    await matchday.running.app.services.webhooks.dispatcher.runDue();
    const hooks = website.received
      .filter((r) => r.body.data.match.slug === final.slug)
      .map(
        (r) => r.body as { type: string; data: { match: Record<string, unknown>; map?: { number: number } } },
      );
    return {
      matchday,
      champion,
      final,
      config: configs.get('Grand Final')!,
      commands: fakes.flatMap((f) => f.commands),
      hooks,
    };
  } finally {
    await website.close();
  }
}

for (const [flavour, version] of [
  ['matchzy', '1.4.21'],
  ['at', '2.0.0'],
] as const) {
  describe(`the grand-final map advantage on ${version}`, () => {
    it('the upper team takes the first map: champion 2:0 after one played map, the series ended on the server', async () => {
      const { champion, final, config, commands, hooks, matchday } = await playCup(flavour, [
        'team1',
        'team1',
      ]);
      // The server was sent a 2-map series (the decider can never be reached).
      expect([config.numMaps, config.maps.length]).toEqual([2, 2]);
      expect(final).toMatchObject({
        status: 'completed',
        mapAdvantage: 'team1',
        team1SeriesScore: 2,
        team2SeriesScore: 0,
        winnerId: final.team1!.id,
      });
      expect(final.maps.map((m) => [m.number, m.winner])).toEqual([[0, 'team1']]);
      expect(champion.id).toBe(final.team1!.id);
      // The plugin would load map 2: Matchday ended the series there.
      expect(commands).toContain('css_endmatch');
      // The played map keeps its demo: the plugin's stop and upload timers outlive css_endmatch.
      await waitFor(
        async () => {
          const res = await matchday.request('GET', `/api/matches/${final.slug}`, { token: null });
          return (res.body.match.maps as { demo: { available: boolean } | null }[])[0]?.demo?.available;
        },
        { ...PLAY_WAIT, message: 'the demo of the grand final map played before the stop' },
      );

      const mapEnded = hooks.filter((h) => h.type === 'match.map_ended');
      expect(mapEnded.map((h) => [h.data.map?.number, h.data.match.score])).toEqual([
        [0, { team1: 2, team2: 0 }],
      ]);
      const finished = hooks.find((h) => h.type === 'match.finished')!;
      expect(finished.data.match).toMatchObject({
        score: { team1: 2, team2: 0 },
        map_advantage: 'team1',
        winner_team_id: final.team1!.id,
      });
      expect(hooks.filter((h) => h.type === 'match.live')[0]?.data.match.score).toEqual({
        team1: 1,
        team2: 0,
      });
    }, 180_000);

    const deciderWinner: TeamSlot = flavour === 'matchzy' ? 'team2' : 'team1';
    it(`the lower team takes it to the decider, won by ${deciderWinner}: the plugin's own series end read with the advantage`, async () => {
      const { champion, final, hooks, commands } = await playCup(flavour, ['team2', deciderWinner]);
      // Both maps of the server's series played: the plugin ends it itself, nothing is stopped there.
      expect(commands).not.toContain('css_endmatch');
      const expected = deciderWinner === 'team1' ? { team1: 2, team2: 1 } : { team1: 1, team2: 2 };
      expect(final).toMatchObject({
        status: 'completed',
        team1SeriesScore: expected.team1,
        team2SeriesScore: expected.team2,
        winnerId: final[deciderWinner]!.id,
      });
      expect(final.maps.map((m) => [m.number, m.winner])).toEqual([
        [0, 'team2'],
        [1, deciderWinner],
      ]);
      expect(champion.id).toBe(final[deciderWinner]!.id);
      const mapEnded = hooks.filter((h) => h.type === 'match.map_ended');
      expect(mapEnded.map((h) => [h.data.map?.number, h.data.match.score])).toEqual([
        [0, { team1: 1, team2: 1 }],
        [1, expected],
      ]);
      const finished = hooks.find((h) => h.type === 'match.finished')!;
      expect(finished.data.match).toMatchObject({
        score: expected,
        winner_team_id: final[deciderWinner]!.id,
      });
    }, 180_000);
  });
}
