import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** The join clock, holds and no-shows (API.md decision 59) and their attention items (64). */

let now = 1_800_000_000;
const clock = { now: () => now };
let server: TestServer;
const teamIds: string[] = [];
const steamId = (team: number, player: number) => `7656119800000${team}${player}00`;

beforeAll(async () => {
  server = await startTestServer({ clock });
  await server.request('PUT', '/api/settings', { body: { autoAllocate: false } });
  for (const team of [1, 2]) {
    const res = await server.request('POST', '/api/teams', {
      body: {
        name: `Team ${team}`,
        players: [1, 2].map((p) => ({ platformId: steamId(team, p), name: `t${team}p${p}` })),
      },
    });
    teamIds.push(res.body.team.id as string);
  }
  await server.request('POST', '/api/servers', {
    body: { id: 'srv-1', name: 'Server 1', host: '127.0.0.1', port: 27999, rconPassword: 'rcon-secret' },
  });
});
afterAll(async () => {
  await server.stop();
});

const sweep = () => server.running.app.services.joinClock.sweep();
const read = async (slug: string) => (await server.request('GET', `/api/matches/${slug}`)).body.match;
const noShowItem = async (slug: string) =>
  (
    (await server.request('GET', '/api/attention')).body.items as {
      kind: string;
      matchSlug?: string;
      message: string;
    }[]
  ).find((i) => i.kind === 'no_show' && i.matchSlug === slug);
const event = (slug: string, body: Record<string, unknown>) =>
  server.request('POST', `/api/events/${slug}`, { token: 'server', body });
const connect = (slug: string, matchid: number, id: string, event_ = 'player_connect') =>
  event(slug, { player: { steamid: id, name: id, team: 'none' }, matchid, event: event_ });

/** A tournament of the two teams (2 a side) whose one match is loaded on srv-1 and its config fetched. */
async function fetchedMatch(settings: Record<string, unknown>) {
  await server.request('DELETE', '/api/tournament');
  const created = await server.request('POST', '/api/tournament', {
    body: { name: 'Cup', type: 'single_elimination', teamIds, settings: { teamSize: 2, ...settings } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(200);
  const list = (await server.request('GET', '/api/matches')).body.matches as {
    slug: string;
    matchid: number;
  }[];
  const { slug, matchid } = list[0]!;
  const { repos } = server.running.app.ctx;
  await repos.matches.save({
    ...(await repos.matches.get(slug))!,
    status: 'loaded',
    serverId: 'srv-1',
    loadedAt: now,
  });
  const loadId = `load-${slug}-${now}`;
  await repos.loads.insert({ loadId, matchSlug: slug, serverId: 'srv-1', createdAt: now });
  const config = await server.request('GET', `/api/matches/${slug}.json?loadId=${loadId}`, {
    token: 'server',
  });
  expect(config.status, JSON.stringify(config.body)).toBe(200);
  return { slug, matchid };
}

describe('tournament settings joinMinutes and noShowAction', () => {
  it('refuses fractional, negative or too long clocks and unknown actions, with the field named', async () => {
    await server.request('DELETE', '/api/tournament');
    for (const settings of [
      { joinMinutes: 1.5 },
      { joinMinutes: -1 },
      { joinMinutes: 241 },
      { noShowAction: 'kick' },
    ]) {
      const res = await server.request('POST', '/api/tournament', {
        body: { name: 'Cup', type: 'single_elimination', teamIds, settings },
      });
      expect(res.status, JSON.stringify(settings)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.body.details)).toContain(Object.keys(settings)[0]);
    }
    const ok = await server.request('POST', '/api/tournament', {
      body: {
        name: 'Cup',
        type: 'single_elimination',
        teamIds,
        settings: { joinMinutes: 0, noShowAction: 'walkover' },
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.tournament.settings).toMatchObject({ joinMinutes: 0, noShowAction: 'walkover' });
    // Changeable while the tournament runs: it applies to the next loads.
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const edited = await server.request('PUT', '/api/tournament', { body: { settings: { joinMinutes: 5 } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.tournament.settings.joinMinutes).toBe(5);
  });
});

describe('the join clock (API.md decision 59)', () => {
  it('starts at the config fetch, counts who is present and stops when the first map goes live', async () => {
    const { slug, matchid } = await fetchedMatch({ joinMinutes: 3 });
    expect(await read(slug)).toMatchObject({
      joinDeadline: now + 180,
      joinHeld: false,
      present: { team1: 0, team2: 0 },
    });
    await connect(slug, matchid, steamId(1, 1));
    await connect(slug, matchid, steamId(2, 1));
    await connect(slug, matchid, steamId(2, 2));
    await connect(slug, matchid, steamId(2, 2), 'player_disconnect');
    expect((await read(slug)).present).toEqual({ team1: 1, team2: 1 });

    await event(slug, { map_number: 0, matchid, event: 'going_live' });
    const live = await read(slug);
    expect(live.status).toBe('live');
    expect(live.joinDeadline).toBeNull();
    now += 600;
    await sweep();
    expect(await noShowItem(slug)).toBeUndefined();
  });

  it('is off with joinMinutes 0', async () => {
    const { slug } = await fetchedMatch({ joinMinutes: 0 });
    expect((await read(slug)).joinDeadline).toBeNull();
  });

  it('admin: the deadline puts the match in the attention queue naming who is missing, until it goes live', async () => {
    const { slug, matchid } = await fetchedMatch({ joinMinutes: 2, noShowAction: 'admin' });
    await connect(slug, matchid, steamId(1, 1));
    await connect(slug, matchid, steamId(1, 2));
    await connect(slug, matchid, steamId(2, 1));
    now += 119;
    await sweep();
    expect(await noShowItem(slug)).toBeUndefined();
    now += 1;
    await sweep();
    const item = await noShowItem(slug);
    expect(item?.message).toContain('Team 2 (1/2 present)');
    expect(item?.message).not.toContain('Team 1 (');
    await sweep();
    expect(
      ((await server.request('GET', '/api/attention')).body.items as { kind: string }[]).filter(
        (i) => i.kind === 'no_show',
      ),
    ).toHaveLength(1);
    await event(slug, { map_number: 0, matchid, event: 'going_live' });
    await sweep();
    expect(await noShowItem(slug)).toBeUndefined();
  });

  it('walkover: the side short of players forfeits; both short lands in the queue', async () => {
    const one = await fetchedMatch({ joinMinutes: 1, noShowAction: 'walkover' });
    await connect(one.slug, one.matchid, steamId(2, 1));
    await connect(one.slug, one.matchid, steamId(2, 2));
    await connect(one.slug, one.matchid, steamId(1, 1));
    now += 60;
    await sweep();
    expect(await read(one.slug)).toMatchObject({
      status: 'completed',
      winnerId: teamIds[1],
      forfeit: { reason: 'no_show', teamIds: [teamIds[0]] },
    });
    expect(await noShowItem(one.slug)).toBeUndefined();

    const both = await fetchedMatch({ joinMinutes: 1, noShowAction: 'walkover' });
    await connect(both.slug, both.matchid, steamId(1, 1));
    now += 60;
    await sweep();
    expect((await read(both.slug)).status).toBe('loaded');
    expect((await noShowItem(both.slug))?.message).toMatch(
      /Team 1 \(1\/2 present\) and Team 2 \(0\/2 present\)/,
    );
  });

  it('hold stops the clock and clears the item; release gives the full time again; wrong states are refused', async () => {
    const { slug } = await fetchedMatch({ joinMinutes: 2, noShowAction: 'walkover' });
    now += 120;
    await sweep();
    expect(await noShowItem(slug)).toBeDefined();

    const held = await server.request('POST', `/api/matches/${slug}/hold`);
    expect(held.status).toBe(200);
    expect(held.body.match).toMatchObject({ joinHeld: true, joinDeadline: null });
    expect(await noShowItem(slug)).toBeUndefined();
    expect((await server.request('POST', `/api/matches/${slug}/hold`)).body.code).toBe('JOIN_CLOCK_HELD');
    now += 3600;
    await sweep();
    expect(await read(slug)).toMatchObject({ status: 'loaded', joinHeld: true });
    expect(await noShowItem(slug)).toBeUndefined();

    const released = await server.request('POST', `/api/matches/${slug}/release`);
    expect(released.status).toBe(200);
    expect(released.body.match).toMatchObject({ joinHeld: false, joinDeadline: now + 120 });
    const again = await server.request('POST', `/api/matches/${slug}/release`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('JOIN_CLOCK_NOT_HELD');

    // Nobody came after the release either: both short, so the organiser decides.
    now += 120;
    await sweep();
    expect(await noShowItem(slug)).toBeDefined();

    expect((await server.request('POST', '/api/matches/no-such-match/hold')).status).toBe(404);
    await server.request('DELETE', '/api/tournament');
    const pending = await server.request('POST', '/api/matches', {
      body: { team1Id: teamIds[0], team2Id: teamIds[1], format: 'bo1', maps: ['de_mirage'], veto: false },
    });
    const refused = await server.request('POST', `/api/matches/${pending.body.match.slug}/hold`);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('INVALID_STATE');
    expect(
      (await server.request('POST', `/api/matches/${pending.body.match.slug}/hold`, { token: null })).status,
    ).toBe(401);
  });
});
