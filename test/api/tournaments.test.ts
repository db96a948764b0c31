import { beforeEach, describe, expect, it } from 'vitest';
import { server, teamIds, useTournamentServer } from '../helpers/tournament-api.js';

useTournamentServer();

const cup = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'single_elimination',
  teamIds,
  settings: { veto: false },
  ...extra,
});

async function createAlongside(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await server.request('POST', '/api/tournaments', { body: cup(name, extra) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.tournament.id as number;
}

const list = async () => (await server.request('GET', '/api/tournaments', { token: null })).body;

// The shared hooks delete the primary only: every test here starts with no tournament at all.
beforeEach(async () => {
  for (const { id } of (await list()).tournaments as { id: number }[]) {
    expect((await server.request('DELETE', `/api/tournaments/${id}`)).status).toBe(200);
  }
});

describe('several tournaments (API.md decision 73)', () => {
  it('lists every tournament with its mode, and the first created is the primary', async () => {
    expect(await list()).toEqual({ success: true, tournaments: [] });
    const main = await createAlongside('Main Event');
    // A wingman pool holds maps played in wingman.
    expect(
      (await server.request('PUT', '/api/maps/de_inferno', { body: { modes: ['competitive', 'wingman'] } }))
        .status,
    ).toBe(200);
    const side = await createAlongside('Wingman Cup', {
      gameMode: 'wingman',
      serverTags: ['wingman'],
      settings: { veto: false, mapPool: ['de_inferno'] },
    });

    expect((await list()).tournaments).toEqual([
      {
        id: main,
        name: 'Main Event',
        type: 'single_elimination',
        status: 'setup',
        gameMode: 'competitive',
        primary: true,
      },
      {
        id: side,
        name: 'Wingman Cup',
        type: 'single_elimination',
        status: 'setup',
        gameMode: 'wingman',
        primary: false,
      },
    ]);
    const sideRead = await server.request('GET', `/api/tournaments/${side}`, { token: null });
    expect(sideRead.body.tournament).toMatchObject({
      id: side,
      serverTags: ['wingman'],
      gameMode: 'wingman',
    });
    expect(sideRead.body.tournament.settings.teamSize).toBe(2);
  });

  it('keeps the singular path on the primary, and moves it with POST /api/tournaments/:id/primary', async () => {
    const main = await createAlongside('Main Event');
    const side = await createAlongside('Side Cup');
    expect((await server.request('GET', '/api/tournament')).body.tournament.id).toBe(main);
    // The singular create still means "the one tournament": it refuses while one exists.
    expect((await server.request('POST', '/api/tournament', { body: cup('Third') })).status).toBe(409);

    const moved = await server.request('POST', `/api/tournaments/${side}/primary`);
    expect(moved.status).toBe(200);
    expect(moved.body.tournament.id).toBe(side);
    expect((await server.request('GET', '/api/tournament')).body.tournament.id).toBe(side);
    expect((await list()).tournaments.map((t: { primary: boolean }) => t.primary)).toEqual([false, true]);
  });

  it('acts on the named tournament under /api/tournaments/:id/... and leaves the others', async () => {
    const main = await createAlongside('Main Event');
    const side = await createAlongside('Side Cup');

    const renamed = await server.request('PUT', `/api/tournaments/${side}`, {
      body: { name: 'Renamed Cup' },
    });
    expect(renamed.body.tournament).toMatchObject({ id: side, name: 'Renamed Cup' });
    expect((await server.request('GET', '/api/tournament')).body.tournament.name).toBe('Main Event');

    const started = await server.request('POST', `/api/tournaments/${side}/start`, { body: { force: true } });
    expect(started.status).toBe(200);
    const sideBracket = await server.request('GET', `/api/tournaments/${side}/bracket`, { token: null });
    expect(sideBracket.body.matches.length).toBe(3);
    expect(sideBracket.body.matches.every((m: { tournamentId: number }) => m.tournamentId === side)).toBe(
      true,
    );
    expect((await server.request('GET', '/api/tournament/bracket', { token: null })).body.matches).toEqual(
      [],
    );
    expect((await server.request('GET', `/api/tournaments/${main}`)).body.tournament.status).toBe('setup');

    // The export of a tournament that is not the primary is its own.
    const exported = await server.request('GET', `/api/tournaments/${side}/export.json`, { token: null });
    expect(exported.status).toBe(200);
    expect(exported.body.tournament).toMatchObject({ id: side, name: 'Renamed Cup' });

    expect((await server.request('DELETE', `/api/tournaments/${side}`)).status).toBe(200);
    expect((await list()).tournaments.map((t: { id: number }) => t.id)).toEqual([main]);
  });

  it("lists a tournament's waiting matches under its id, at their places in the shared queue", async () => {
    const main = await createAlongside('Main Event');
    const side = await createAlongside('Side Cup');
    for (const id of [main, side]) {
      expect(
        (await server.request('POST', `/api/tournaments/${id}/start`, { body: { force: true } })).status,
      ).toBe(200);
    }
    const slugsOf = async (id: number) =>
      (
        (await server.request('GET', `/api/tournaments/${id}/bracket`, { token: null })).body.matches as {
          slug: string;
        }[]
      ).map((m) => m.slug);
    type Waiting = { slug: string; position: number };
    const waitingOf = async (path: string) =>
      (await server.request('GET', path, { token: null })).body.waiting as Waiting[];

    const all = await waitingOf('/api/tournament/allocation-status');
    const sideOnly = await waitingOf(`/api/tournaments/${side}/allocation-status`);
    const sideSlugs = await slugsOf(side);
    expect(sideOnly.length).toBeGreaterThan(0);
    expect(sideOnly.every((w) => sideSlugs.includes(w.slug))).toBe(true);
    expect(sideOnly).toEqual(all.filter((w) => sideSlugs.includes(w.slug)));
    const mainOnly = await waitingOf(`/api/tournaments/${main}/allocation-status`);
    expect(mainOnly.length + sideOnly.length).toBe(all.length);
    for (const id of [side, main]) {
      const deleted = await server.request('DELETE', `/api/tournaments/${id}`);
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one, and guards the admin routes', async () => {
    await createAlongside('Main Event');
    for (const [method, path] of [
      ['GET', '/api/tournaments/9999'],
      ['GET', '/api/tournaments/9999/bracket'],
      ['POST', '/api/tournaments/9999/start'],
      ['POST', '/api/tournaments/9999/primary'],
      ['DELETE', '/api/tournaments/9999'],
    ] as const) {
      const res = await server.request(method, path, { body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.success).toBe(false);
      expect(res.body, `${method} ${path}`).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    const malformed = await server.request('GET', '/api/tournaments/abc/bracket', { token: null });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('VALIDATION_FAILED');
    expect((await server.request('POST', '/api/tournaments', { body: cup('X'), token: null })).status).toBe(
      401,
    );
    expect(
      (await server.request('POST', '/api/tournaments', { body: cup('X'), token: 'readonly' })).status,
    ).toBe(403);
    const bad = await server.request('POST', '/api/tournaments', { body: { name: 'No type' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});
