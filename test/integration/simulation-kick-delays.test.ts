import { describe, expect, it } from 'vitest';
import {
  addFakeServer,
  PLAY_WAIT,
  postTwoTeamsAndBo1,
  useMatchdayAndFakes,
} from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

const KINDS = ['no_demo', 'demo_no_upload', 'demo_upload'];

describe('series-end kick delays of a simulated match (API.md decision 7)', () => {
  it.each(['matchzy', 'at'] as const)(
    '%s: 10 s while it plays, the server’s own values after its series end',
    async (flavour) => {
      const matchday = await startMatchday();
      expect(
        (await matchday.request('PUT', '/api/settings', { body: { simulateMatches: true } })).status,
      ).toBe(200);
      let ready: () => void = () => {};
      const fake = await addFakeServer(matchday, 'srv-1', fakes, {
        flavour,
        msPerGameSecond: 0.02,
        demoSizeBytes: 64 * 1024,
        // Held in warmup until the delays were read.
        script: {
          seed: 3,
          readyWhen: new Promise<void>((resolve) => (ready = resolve)),
          maps: [{ score: [13, 7] }],
        },
      });
      const names = KINDS.map((kind) => `${flavour}_series_end_kick_delay_${kind}`);
      // The organiser's own choice on this server, not the plugin's default.
      await fake.execute(`${names[2]} 45`);
      const own = names.map((name) => fake.convar(name));
      expect(own).toEqual(['5', '10', '45']);

      const { slug } = await postTwoTeamsAndBo1(matchday);
      await waitFor(
        async () => (await matchday.request('GET', `/api/matches/${slug}`)).body.match.status === 'loaded',
        { ...PLAY_WAIT, message: 'the simulated match loaded' },
      );
      // The config applied: the plugin announced the series.
      await fake.waitForEvent('series_start', undefined, PLAY_WAIT.timeoutMs);
      expect(names.map((name) => fake.convar(name))).toEqual(['10', '10', '10']);
      // Over RCON, bare: 1.4.21 refuses the config's quoted numbers, and the server's own were saved first.
      const sentOverRcon = fake.commands.filter((line) => names.some((name) => line === `${name} 10`));
      expect(sentOverRcon).toHaveLength(3);

      ready();
      await fake.waitForEvent('series_end', undefined, PLAY_WAIT.timeoutMs);
      // Both versions keep a plugin setting's match value after the series (PROTOCOL.md 4.1): put back.
      await waitFor(() => names.every((name, i) => fake.convar(name) === own[i]), {
        ...PLAY_WAIT,
        message: 'the server’s own kick delays back after the series end',
      });
      await waitFor(
        async () => (await matchday.request('GET', `/api/matches/${slug}`)).body.match.status === 'completed',
        { ...PLAY_WAIT, message: 'the simulated match completed' },
      );
    },
    90_000,
  );
});
