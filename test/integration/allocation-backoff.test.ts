import { afterEach, describe, expect, it } from 'vitest';
import { PluginReceiver, RconTestClient } from '../fakes/index.js';
import {
  addFakeServer,
  postTwoTeamsAndBo1,
  RCON_PASSWORD,
  teamOf,
  useMatchdayAndFakes,
} from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';
import { buildMatchConfig } from '../../server/integrations/plugin/match-config.js';

let plugin: PluginReceiver | undefined;
// Registered first so that it runs last (hooks run as a stack): the receiver outlives Matchday.
afterEach(async () => {
  await plugin?.close();
  plugin = undefined;
});
const { fakes, startMatchday } = useMatchdayAndFakes();

describe('a server that keeps refusing a load', () => {
  it('is asked again after 1, 2, 4 … s, not every allocation round', async () => {
    const server = await startMatchday();
    // Players take ages to connect: the match loaded by hand stays in warmup.
    const fake = await addFakeServer(server, 'srv-1', fakes, {
      msPerGameSecond: 40,
      script: { seed: 3, pace: { playerConnect: 100_000 }, maps: [{ score: [13, 9] }] },
    });
    // Someone loaded a match of their own by hand: in warmup the server looks free (API.md 16), but
    // the plugin answers every load "already set up" (src/MatchManagement.cs LoadMatchDataCommand).
    plugin = await new PluginReceiver().start();
    plugin.matches.set('own.json', {
      body: buildMatchConfig({
        matchid: 999,
        format: 'bo1',
        maps: ['de_nuke'],
        workshopIds: {},
        team1: teamOf(3),
        team2: teamOf(4),
        teamSize: 2,
        spectators: [],
        maxRounds: 24,
        overtimeMode: 'enabled',
        hostnameFormat: '',
        label: 'own',
        flavour: 'plugin',
      }),
    });
    const rcon = await RconTestClient.connect(fake.rconPort);
    await rcon.auth(RCON_PASSWORD);
    await rcon.command(`plugin_loadmatch_url "${plugin.url}/matches/own.json"`);
    rcon.close();
    await fake.waitForStatus('warmup');

    const refusedAt: number[] = [];
    fake.on('load', (load) => {
      if (load.result === 'refused') {
        refusedAt.push(Date.now());
      }
    });
    const { slug } = await postTwoTeamsAndBo1(server);
    await waitFor(() => refusedAt.length >= 4, {
      message: 'the load refused by the plugin four times',
      timeoutMs: 20_000,
    });
    const gaps = refusedAt.slice(1, 4).map((at, i) => at - refusedAt[i]!);
    // Each wait at least its backoff (less a little for the allocation tick's phase).
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThanOrEqual(1_900);
    expect(gaps[2]).toBeGreaterThanOrEqual(3_900);
    // The match waits for a server meanwhile, and says so: once Matchday took the fourth refusal in,
    // well before the next ask 8 s later (a loaded machine answers the refusal late).
    await waitFor(
      async () => {
        const m = (await server.request('GET', `/api/matches/${slug}`)).body.match;
        return m.status === 'ready' && m.serverId === null ? m : undefined;
      },
      { message: 'the match waiting for a server after the fourth refusal', timeoutMs: 5_000 },
    );
  }, 40_000);
});
