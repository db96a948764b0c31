import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** A platform id of this file: each test uses its own players, so none depends on another. */
const id = (n: number) => String(76561198000000000n + BigInt(n));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const count = async () => (await server.request('GET', '/api/players')).body.count as number;

async function addPlayer(platformId: string, name: string, chatId?: string) {
  const res = await server.request('POST', '/api/players', { body: { platformId, name, chatId } });
  expect(res.status).toBe(201);
}

describe('players', () => {
  it('creates a player with the default rating of 1500', async () => {
    const res = await server.request('POST', '/api/players', { body: { platformId: id(11), name: 'one' } });
    expect(res.status).toBe(201);
    expect(res.body.player).toMatchObject({ platformId: id(11), name: 'one', rating: 1500, chatId: null });
  });

  it.each([
    ['16 digits', { platformId: '7656119800000001', name: 'x' }],
    ['18 digits', { platformId: '765611980000000111', name: 'x' }],
    ['letters', { platformId: '7656119800000001a', name: 'x' }],
    ['a number, not a string', { platformId: 76561198000000000, name: 'x' }],
    ['no name', { platformId: id(12) }],
    ['a rating that is text', { platformId: id(12), name: 'x', rating: 'high' }],
  ])('refuses a platform id or field that is wrong (%s) with 400, saving nothing', async (_what, body) => {
    const before = await count();
    const res = await server.request('POST', '/api/players', { body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details.length).toBeGreaterThan(0);
    expect(await count()).toBe(before);
  });

  it('stores a player given as STEAM_0:1:123 under the 17-digit id', async () => {
    const res = await server.request('POST', '/api/players', {
      body: { platformId: 'STEAM_0:1:123', name: 'legacy' },
    });
    expect(res.status).toBe(201);
    expect(res.body.player.platformId).toBe('76561197960265975');
    expect((await server.request('GET', '/api/players/76561197960265975')).body.player.name).toBe('legacy');
  });

  it.each([
    ['an unknown form', 'steam:123', /STEAM_0:1:123, \[U:1:123\]/],
    ['a custom profile address', 'https://steamcommunity.com/id/someone', /cannot be looked up offline/],
  ])('refuses %s with 400 naming the forms that work', async (_what, platformId, message) => {
    const res = await server.request('POST', '/api/players', { body: { platformId, name: 'x' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.details)).toMatch(message);
    expect(JSON.stringify(res.body.details)).toMatch(/steamcommunity\.com\/profiles/);
  });

  it('hides the chat id from the public and shows it to admins and read-only tokens', async () => {
    const player = id(21);
    await addPlayer(player, 'hidden');
    await server.request('PUT', `/api/players/${player}`, { body: { chatId: 'discord-21' } });
    expect(
      (await server.request('GET', `/api/players/${player}`, { token: null })).body.player,
    ).not.toHaveProperty('chatId');
    expect((await server.request('GET', `/api/players/${player}`)).body.player.chatId).toBe('discord-21');
    expect(
      (await server.request('GET', `/api/players/${player}`, { token: 'readonly' })).body.player.chatId,
    ).toBe('discord-21');
  });

  it('finds players by chat id as a list, empty when none', async () => {
    const player = id(31);
    await addPlayer(player, 'found', 'discord-31');
    const hit = await server.request('GET', '/api/players/by-discord-id/discord-31', { token: 'readonly' });
    expect(hit.body.players.map((p: { platformId: string }) => p.platformId)).toEqual([player]);
    const none = await server.request('GET', '/api/players/by-discord-id/nobody', { token: 'readonly' });
    expect(none.status).toBe(200);
    expect(none.body.players).toEqual([]);
  });

  it('import fills an empty chat id only, and never overwrites one set or cleared by hand', async () => {
    const [P1, P2, P3] = [id(41), id(42), id(43)];
    await addPlayer(P1, 'one');
    await server.request('PUT', `/api/players/${P1}`, { body: { chatId: 'discord-1' } }); // set by hand
    await addPlayer(P2, 'two');
    await addPlayer(P3, 'three');
    await server.request('PUT', `/api/players/${P3}`, { body: { chatId: null } }); // cleared by hand
    const res = await server.request('POST', '/api/players', {
      body: [
        { platformId: P1, name: 'one', chatId: 'from-import-1' }, // set by hand before
        { platformId: P2, name: 'two renamed', chatId: 'from-import-2' }, // empty
        { platformId: P3, name: 'three', chatId: 'from-import-3' }, // cleared by hand
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.successful.map((s: { result: string }) => s.result)).toEqual([
      'updated',
      'updated',
      'updated',
    ]);
    const chat = async (id: string) => (await server.request('GET', `/api/players/${id}`)).body.player.chatId;
    expect(await chat(P1)).toBe('discord-1');
    expect(await chat(P2)).toBe('from-import-2');
    expect(await chat(P3)).toBeNull();
    expect((await server.request('GET', `/api/players/${P2}`)).body.player.name).toBe('two renamed');

    // A second import does not replace the chat id it filled in.
    await server.request('POST', '/api/players', {
      body: [{ platformId: P2, name: 'two', chatId: 'other' }],
    });
    expect(await chat(P2)).toBe('from-import-2');
  });

  it('answers 207 for an import with bad entries and applies the good ones', async () => {
    const res = await server.request('POST', '/api/players', {
      body: [
        { platformId: '76561198000000099', name: 'new' },
        { platformId: '123', name: 'bad' },
      ],
    });
    expect(res.status).toBe(207);
    expect(res.body.stats).toEqual({ total: 2, successful: 1, failed: 1 });
    expect(res.body.failed[0]).toMatchObject({ index: 1, id: '123', code: 'VALIDATION_FAILED' });
  });

  it('refuses to delete a player on a team roster, and deletes one who is not', async () => {
    const [rostered, free] = [id(51), id(52)];
    await server.request('POST', '/api/teams', {
      body: { name: 'Rostered', players: [{ platformId: rostered, name: 'two' }] },
    });
    await addPlayer(free, 'free');
    const refused = await server.request('DELETE', `/api/players/${rostered}`);
    expect(refused.status).toBe(409);
    expect((await server.request('DELETE', `/api/players/${free}`)).status).toBe(200);
    expect((await server.request('GET', `/api/players/${free}`, { token: null })).status).toBe(404);
  });

  it('answers 409 for a duplicate and 404 for an unknown player', async () => {
    await addPlayer(id(61), 'first');
    expect(
      (await server.request('POST', '/api/players', { body: { platformId: id(61), name: 'x' } })).status,
    ).toBe(409);
    expect(
      (await server.request('PUT', '/api/players/76561198000000098', { body: { name: 'x' } })).status,
    ).toBe(404);
  });
});
