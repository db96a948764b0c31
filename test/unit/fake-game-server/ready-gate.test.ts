import { describe, expect, it } from 'vitest';
import type { FakeGameServer, MatchScript } from '../../fakes/index.js';
import { PLAYERS1, matchConfig, useFakeGameServers } from '../../helpers/fake-game-server.js';
import type { Json } from '../../helpers/fake-game-server.js';
import { waitFor } from '../../helpers/wait.js';

const fake = useFakeGameServers();
const { startServer, connect, configure } = fake;

describe('the ready gate and who may join (PROTOCOL.md 4.4)', () => {
  const SUBSTITUTE = { '76561198000000003': 'alpha_sub' };
  const withSubstitute = { id: '7', name: 'Alpha', players: { ...PLAYERS1, ...SUBSTITUTE } };
  const gateClosed = (server: FakeGameServer) =>
    waitFor(() => server.logs.find((entry) => /ready gate is closed/.test(entry.message)), {
      intervalMs: 2,
      message: 'the closed ready gate',
    });

  async function load(server: FakeGameServer, config: Record<string, unknown>, script: MatchScript) {
    fake.receiver.matches.set('gate.json', { body: config });
    server.setScript({ pace: { round: [1000, 1000] }, ...script });
    const client = await connect(server);
    await configure(client);
    await client.command(`plugin_loadmatch_url "${fake.receiver.url}/matches/gate.json"`);
    return client;
  }

  it('goes live with a substitute present once the team size of each side is ready', async () => {
    const server = await startServer();
    await load(
      server,
      matchConfig({ team1: withSubstitute, players_per_team: 2, min_players_to_ready: 2 }),
      {},
    );
    await server.waitForEvent('going_live');
    expect(fake.receiver.eventPayloads('team_ready').map((p) => p.team)).toContain('team1');
  });

  it('never readies a side with fewer present than players_per_team: only an admin start helps', async () => {
    const server = await startServer();
    // The roster length (3) as the team size: Bravo has two players.
    const client = await load(
      server,
      matchConfig({ team1: withSubstitute, players_per_team: 3, min_players_to_ready: 3 }),
      {},
    );
    await gateClosed(server);
    expect(fake.receiver.eventPayloads('player_ready')).toHaveLength(5);
    expect(fake.receiver.eventNames()).not.toContain('going_live');
    expect(fake.receiver.eventPayloads('team_ready').map((p) => p.team)).not.toContain('team2');
    expect(server.status).toBe('warmup');
    await client.command('css_start');
    await server.waitForEvent('going_live');
  });

  it('holds the match in warmup while a listed player is missing, even with both sides ready', async () => {
    const server = await startServer();
    await load(server, matchConfig({ team1: withSubstitute, min_players_to_ready: 2 }), {
      absent: ['76561198000000003'],
    });
    await gateClosed(server);
    expect(fake.receiver.eventNames()).toContain('all_players_ready');
    expect(fake.receiver.eventNames()).not.toContain('going_live');
  });

  it('kicks a visitor on no list; lets in listed spectators and per-match admins', async () => {
    const server = await startServer();
    const caster = { steamid: '76561198000000099', name: 'caster' };
    const admin = { steamid: '76561198000000100', name: 'admin' };
    const stranger = { steamid: '76561198000000101', name: 'stranger' };
    await load(
      server,
      matchConfig({ spectators: { players: { [caster.steamid]: caster.name } }, admins: [admin.steamid] }),
      { visitors: [caster, admin, stranger] },
    );
    await server.waitForEvent('going_live');
    const joined = fake.receiver
      .eventPayloads('player_connect')
      .map((p) => (p as Json).player.steamid as string);
    expect(joined).toEqual(expect.arrayContaining([caster.steamid, admin.steamid]));
    expect(joined).not.toContain(stranger.steamid);
    expect(server.logs.map((entry) => entry.message)).toContain(
      'Kicking player stranger - Not a player in this game.',
    );
  });
});
