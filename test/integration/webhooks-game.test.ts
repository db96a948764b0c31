import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGameServer, PluginReceiver, RconTestClient, WebhookReceiver } from '../fakes/index.js';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';
import { buildMatchConfig } from '../../server/integrations/plugin/match-config.js';

let matchday: TestServer;
let game: FakeGameServer;
let plugin: PluginReceiver;
let website: WebhookReceiver;
let rcon: RconTestClient;

const roster = (first: number) =>
  [0, 1].map((i) => ({ platformId: String(76561198000000000n + BigInt(first + i)), name: `p${first + i}` }));

beforeAll(async () => {
  matchday = await startTestServer();
  website = await new WebhookReceiver().start();
  plugin = await new PluginReceiver().start();
  game = new FakeGameServer({
    password: 'rcon-secret',
    msPerGameSecond: 0.01,
    serverHealthIntervalSeconds: 0,
    demoSizeBytes: 16 * 1024,
  });
  await game.start();
  rcon = await RconTestClient.connect(game.rconPort);
  await rcon.auth('rcon-secret');
  await matchday.request('PUT', '/api/settings', { body: { allowPrivateWebhooks: true } });
  const created = await matchday.request('POST', '/api/webhooks', { body: { url: website.url } });
  website.secret = created.body.secret;
});
afterAll(async () => {
  rcon.close();
  await game.stop();
  await plugin.close();
  await website.close();
  await matchday.stop();
});

describe('webhooks for a match played on the fake game server', () => {
  it('delivers every event kind of a bo3, signed, in data.sequence order', async () => {
    const teams = [];
    for (const [i, name] of ['Alpha', 'Bravo'].entries()) {
      const body = { name, tag: name.slice(0, 2), players: roster(i * 5 + 1) };
      teams.push((await matchday.request('POST', '/api/teams', { body })).body.team);
    }
    const maps = ['de_mirage', 'de_nuke', 'de_inferno'];
    const { match } = (
      await matchday.request('POST', '/api/matches', {
        body: { team1Id: teams[0].id, team2Id: teams[1].id, format: 'bo3', maps, veto: false, maxRounds: 6 },
      })
    ).body;
    plugin.matches.set('m.json', {
      body: buildMatchConfig({
        matchid: match.matchid,
        format: 'bo3',
        maps,
        workshopIds: {},
        team1: teams[0],
        team2: teams[1],
        teamSize: 2,
        spectators: [],
        maxRounds: 6,
        overtimeMode: 'enabled',
        hostnameFormat: '',
        label: match.label,
        flavour: 'plugin',
      }),
    });
    game.setScript({ maps: [{ score: [4, 2] }, { score: [1, 4] }, { score: [4, 1] }] });
    // What Matchday's bootstrap would configure: events go to Matchday with the plugin token.
    await rcon.command('plugin_remote_log_header_key "X-Plugin-Token"');
    await rcon.command(`plugin_remote_log_header_value "${TOKENS.server}"`);
    await rcon.command(`plugin_remote_log_url "${matchday.url}/api/events/${match.slug}"`);
    await rcon.command(`plugin_demo_upload_url "${plugin.url}/demos/upload"`);
    await rcon.command(`plugin_loadmatch_url "${plugin.url}/matches/m.json" "X-Plugin-Token" "t0k"`);
    await game.matchFinished();
    await game.settled();

    const finished = await matchday.request('GET', `/api/matches/${match.slug}`);
    expect(finished.body.match).toMatchObject({
      status: 'completed',
      team1SeriesScore: 2,
      team2SeriesScore: 1,
    });
    const dispatcher = matchday.running.app.services.webhooks.dispatcher;
    await dispatcher.runDue();
    // A score held by the 5-second rule is dropped by the finish; nothing is left to send.
    const got = website.received.filter((r) => r.body.data.match.slug === match.slug);
    expect(got.every((r) => r.verified && r.status === 200)).toBe(true);

    const sequences = got.map((r) => r.body.data.sequence);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
    const types = got.map((r) => r.body.type);
    expect(types[0]).toBe('match.live');
    expect(types.at(-1)).toBe('match.finished');
    expect(types.filter((t) => t === 'match.map_started')).toHaveLength(3);
    expect(types.filter((t) => t === 'match.map_ended')).toHaveLength(3);
    expect(types).toContain('match.score_updated');
    const mapEnds = got.filter((r) => r.body.type === 'match.map_ended').map((r) => r.body.data.map);
    expect(mapEnds.map((m) => [m.number, m.name, m.team1_score, m.team2_score, m.winner])).toEqual([
      [0, 'de_mirage', 4, 2, 'team1'],
      [1, 'de_nuke', 1, 4, 'team2'],
      [2, 'de_inferno', 4, 1, 'team1'],
    ]);
    expect(got.at(-1)!.body.data.match).toMatchObject({
      score: { team1: 2, team2: 1 },
      winner_team_id: teams[0].id,
    });
    // Map events of one map come in play order: started before any of its scores, ended after them.
    for (const number of [0, 1, 2]) {
      const ofMap = got.filter((r) => r.body.data.map?.number === number).map((r) => r.body.type);
      expect(ofMap[0]).toBe('match.map_started');
      expect(ofMap.at(-1)).toBe('match.map_ended');
    }
  });
});
