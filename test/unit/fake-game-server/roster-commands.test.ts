/** The fake's addplayer/removeplayer, as 1.4.21 and 2.0.0 `src/Teams.cs` have them. */
import { describe, expect, it } from 'vitest';
import { matchConfig, useFakeGameServers } from '../../helpers/fake-game-server.js';

const fake = useFakeGameServers();
const { startServer, connect, configure } = fake;

const SUBSTITUTE = '76561198000000003';

describe('roster commands', () => {
  it('refuse with no match set up', async () => {
    const server = await startServer();
    const client = await connect(server);
    expect(await client.command(`plugin_addplayer ${SUBSTITUTE} team1 "sub"`)).toBe('No match is setup!');
    expect(await client.command(`plugin_removeplayer ${SUBSTITUTE}`)).toBe('No match is setup!');
  });

  it('add a player who then joins and plays; refuse an id already listed or an unknown team', async () => {
    const server = await startServer({ msPerGameSecond: 1 });
    const client = await connect(server);
    await configure(client);
    fake.receiver.matches.set('m.json', { body: matchConfig({ map_sides: ['team1_ct'] }) });
    server.setScript({ pace: { playerConnect: 0, playerReady: 0, round: [30, 30], roundRestart: 1 } });
    await client.command(`plugin_loadmatch_url "${fake.receiver.url}/matches/m.json"`);
    await server.waitForEvent('round_end', (payload) => payload.round_number === 1);

    expect(await client.command(`plugin_addplayer ${SUBSTITUTE} team4 "sub"`)).toBe(
      'Unknown team: must be one of team1, team2, spec',
    );
    expect(await client.command('plugin_addplayer 76561198000000006 team1 "bravo_one"')).toBe(
      'Failed to add player bravo_one to team1. They may already be on a team or you provided an invalid Steam ID.',
    );
    expect(await client.command(`plugin_addplayer ${SUBSTITUTE} team1 "sub"`)).toBe(
      'Player sub added to team1 successfully!',
    );
    expect(server.match?.config.team1.players.map((p) => p.steamid)).toContain(SUBSTITUTE);
    await server.waitForEvent(
      'player_connect',
      (p) => (p.player as { steamid: string }).steamid === SUBSTITUTE,
    );
  });

  it('remove only from team 1’s list, kicking the player whatever his team (RemovePlayerFromTeam)', async () => {
    const server = await startServer({ msPerGameSecond: 1 });
    const client = await connect(server);
    await configure(client);
    fake.receiver.matches.set('m.json', { body: matchConfig({ map_sides: ['team1_ct'] }) });
    server.setScript({ pace: { playerConnect: 0, playerReady: 0, round: [30, 30], roundRestart: 1 } });
    await client.command(`plugin_loadmatch_url "${fake.receiver.url}/matches/m.json"`);
    await server.waitForEvent('round_end', (payload) => payload.round_number === 1);

    expect(await client.command('plugin_removeplayer 76561198000000007')).toBe(
      'Successfully removed player 76561198000000007',
    );
    await server.waitForEvent(
      'player_disconnect',
      (p) => (p.player as { steamid: string }).steamid === '76561198000000007',
    );
    // Still listed: 1.4.21 and 2.0.0 remove from the first list only.
    expect(server.match?.config.team2.players.map((p) => p.steamid)).toContain('76561198000000007');
    expect(await client.command('plugin_removeplayer 76561198000000002')).toBe(
      'Successfully removed player 76561198000000002',
    );
    expect(server.match?.config.team1.players.map((p) => p.steamid)).not.toContain('76561198000000002');
    expect(await client.command('plugin_removeplayer nonsense')).toBe(
      'Invalid Steam64\nSuccessfully removed player 0',
    );
  });
});
