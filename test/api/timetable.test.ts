import { describe, expect, it } from 'vitest';
import type { Match } from '../../shared/contracts/matches.js';
import type { TestServer } from '../helpers/server.js';
import {
  addFakeServers,
  PLAY_WAIT,
  postTeams,
  TEAM_SIZE,
  useMatchdayAndFakes,
} from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

/** Real time moved on by `ahead` seconds: held servers still free as time passes, and a test jumps. */
function movableClock() {
  const clock = { ahead: 0, now: () => Math.floor(Date.now() / 1000) + clock.ahead };
  return clock;
}

async function createCup(server: TestServer, teams: number, schedule: object) {
  const teamIds = await postTeams(server, teams);
  const created = await server.request('POST', '/api/tournament', {
    body: {
      name: 'Timetable Cup',
      type: 'single_elimination',
      format: 'bo1',
      teamIds,
      settings: { veto: false, seeding: 'manual', schedule },
    },
  });
  expect(created.status).toBe(201);
  return created.body.tournament;
}

const bracket = async (server: TestServer): Promise<Match[]> =>
  (await server.request('GET', '/api/tournament/bracket', { token: null })).body.matches;

const firstRound = async (server: TestServer) => (await bracket(server)).filter((m) => m.round === 1);

async function waitingReasons(server: TestServer): Promise<Record<string, string>> {
  const res = await server.request('GET', '/api/tournament/allocation-status', { token: null });
  return Object.fromEntries(
    (res.body.waiting as { slug: string; reason: string }[]).map((w) => [w.slug, w.reason]),
  );
}

/** Waits until every match of `slugs` is held by the timetable (an allocation round has seen them). */
const heldByTimetable = (server: TestServer, slugs: readonly string[], what: string) =>
  waitFor(
    async () => {
      const reasons = await waitingReasons(server);
      return slugs.every((slug) => reasons[slug] === 'timetable') && reasons;
    },
    { message: `${what} held by the timetable` },
  );

const loaded = (server: TestServer, slugs: readonly string[], what: string) =>
  waitFor(
    async () => {
      const list = await bracket(server);
      return slugs.every((slug) => list.find((m) => m.slug === slug)?.status !== 'ready') && list;
    },
    { ...PLAY_WAIT, message: `${what} to be loaded` },
  );

describe('timetable (API.md decision 75)', () => {
  it('refuses a break ending before it starts, an unknown round key and a past automatic start', async () => {
    const clock = movableClock();
    const server = await startMatchday({ clock });
    const now = clock.now();
    await postTeams(server, 2);
    const res = await server.request('POST', '/api/tournament', {
      body: {
        name: 'Bad Timetable',
        type: 'single_elimination',
        teamIds: ['team1', 'team2'],
        settings: {
          schedule: {
            rounds: {
              'main.R1': { notBefore: now },
              'playoffs.final': { notBefore: now },
              'main.R0': { notBefore: now },
            },
            breaks: [{ name: 'Lunch', from: now + 600, to: now + 60 }],
            autoStartAt: now - 3600,
          },
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'settings.schedule.autoStartAt',
      'settings.schedule.breaks.0.to',
      'settings.schedule.rounds.main.R0',
      'settings.schedule.rounds.playoffs.final',
    ]);
  });

  it('loads no match before its round may start, then loads it; the ETA waits for it too', async () => {
    const clock = movableClock();
    const server = await startMatchday({ clock });
    const notBefore = clock.now() + 3600;
    await createCup(server, 4, { rounds: { 'main.R1': { notBefore } } });
    await addFakeServers(server, 2, fakes);
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const slugs = (await firstRound(server)).map((m) => m.slug);

    await heldByTimetable(server, slugs, 'the first round before its notBefore');
    for (const m of await firstRound(server)) {
      expect(m.status).toBe('ready');
      expect(m.eta?.startsAt).toBeGreaterThanOrEqual(notBefore);
    }

    clock.ahead += 3600;
    await loaded(server, slugs, 'the first round once its notBefore passed');
  });

  it('holds new loads in a break while a live match plays on; the ETA moves past the break', async () => {
    const clock = movableClock();
    const server = await startMatchday({ clock });
    const lunch = { name: 'Lunch', from: clock.now() + 600, to: clock.now() + 4200 };
    const teamIds = await postTeams(server, 4);
    const created = await server.request('POST', '/api/tournament', {
      body: {
        name: 'Lunch Cup',
        type: 'single_elimination',
        teamIds,
        settings: {
          veto: false,
          maxRounds: 4,
          overtimeMode: 'disabled_tiebreak',
          teamSize: TEAM_SIZE,
          schedule: { breaks: [lunch] },
        },
      },
    });
    expect(created.status).toBe(201);
    // Bots play the match (as in the play tests), slowly enough that it still plays when lunch begins.
    const simulate = { simulateMatches: true, simulationTimescale: 10 };
    expect((await server.request('PUT', '/api/settings', { body: simulate })).status).toBe(200);
    await addFakeServers(server, 1, fakes, { msPerGameSecond: 3 });
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const first = await waitFor(
      async () => (await firstRound(server)).find((m) => m.status === 'loaded' || m.status === 'live'),
      { ...PLAY_WAIT, message: 'a first-round match on the server' },
    );
    const second = (await firstRound(server)).find((m) => m.slug !== first.slug)!;

    clock.ahead += 600;
    const t = (await server.request('GET', '/api/tournament', { token: null })).body.tournament;
    expect(t.timetable.currentBreak).toEqual(lunch);
    const onServer = (await bracket(server)).find((m) => m.slug === first.slug)!;
    expect(['loaded', 'live']).toContain(onServer.status);

    await waitFor(
      async () => (await bracket(server)).find((m) => m.slug === first.slug)?.status === 'completed',
      { ...PLAY_WAIT, message: 'the match on the server to finish during the break' },
    );
    await heldByTimetable(server, [second.slug], 'the second match during the break');
    const waiting = (await bracket(server)).find((m) => m.slug === second.slug)!;
    expect(waiting.eta?.startsAt).toBeGreaterThanOrEqual(lunch.to);

    clock.ahead += 3600;
    await loaded(server, [second.slug], 'the second match after the break');
  }, 90_000);

  it('pause holds new loads of the tournament and resume releases them; 404 for another id', async () => {
    const clock = movableClock();
    const server = await startMatchday({ clock });
    const t = await createCup(server, 4, {});
    expect((await server.request('POST', `/api/tournaments/${t.id + 1}/pause`)).status).toBe(404);
    expect((await server.request('POST', `/api/tournaments/${t.id}/pause`, { token: null })).status).toBe(
      401,
    );

    const paused = await server.request('POST', `/api/tournaments/${t.id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body.tournament.timetable).toMatchObject({ paused: true, pausedAt: clock.now() });
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    await addFakeServers(server, 2, fakes);
    const slugs = (await firstRound(server)).map((m) => m.slug);
    await heldByTimetable(server, slugs, 'the first round while paused');

    const resumed = await server.request('POST', `/api/tournaments/${t.id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.tournament.timetable.paused).toBe(false);
    await loaded(server, slugs, 'the first round after the resume');
  });

  it('starts the tournament at autoStartAt, and shows why when the start is refused', async () => {
    const clock = movableClock();
    const server = await startMatchday({ clock });
    const at = clock.now() + 600;
    // One team: the start is refused.
    const teamIds = await postTeams(server, 2);
    const created = await server.request('POST', '/api/tournament', {
      body: {
        name: 'Auto Cup',
        type: 'single_elimination',
        teamIds: [teamIds[0]],
        // Teams of two, so the checks before the start pass (the automatic start runs them too).
        settings: { veto: false, teamSize: 2, schedule: { autoStartAt: at } },
      },
    });
    expect(created.status).toBe(201);
    clock.ahead += 600;
    const refused = await waitFor(
      async () =>
        (await server.request('GET', '/api/tournament', { token: null })).body.tournament.timetable
          .autoStartProblem,
      { message: 'the refused automatic start on the tournament page' },
    );
    expect(refused).toMatch(/team/i);
    expect(server.logs.some((line) => line.includes('the automatic start was refused'))).toBe(true);

    // A new time is a new try.
    const fixed = await server.request('PUT', '/api/tournament', {
      body: { teamIds, settings: { schedule: { autoStartAt: clock.now() + 60 } } },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.tournament.timetable.autoStartProblem).toBeNull();
    clock.ahead += 60;
    await waitFor(
      async () =>
        (await server.request('GET', '/api/tournament', { token: null })).body.tournament.status ===
        'in_progress',
      { message: 'the tournament to start at autoStartAt' },
    );
  });

  it('warns when a round cannot start before the next planned round', async () => {
    const clock = movableClock();
    const server = await startMatchday({ clock });
    const now = clock.now();
    // One server and two first-round matches of 40 min: the second starts after the final's planned time.
    await createCup(server, 4, {
      rounds: { 'main.R1': { notBefore: now }, 'main.final': { notBefore: now + 1800 } },
    });
    const res = await server.request('POST', '/api/servers', {
      body: { id: 'lan-1', name: 'lan-1', host: '127.0.0.1', port: 9, rconPassword: 'rcon-password-tt' },
    });
    expect(res.status).toBe(201);
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    const t = (await server.request('GET', '/api/tournament', { token: null })).body.tournament;
    expect(t.timetable.warnings).toEqual([
      expect.objectContaining({ round: 'main.R1', nextRound: 'main.final', nextNotBefore: now + 1800 }),
    ]);
  });
});
