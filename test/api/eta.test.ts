import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Match } from '../../shared/contracts/matches.js';
import type { FakeGameServer } from '../fakes/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SseReader } from '../helpers/sse.js';
import { addFakeServers, PLAY_WAIT, postTeams, TEAM_SIZE } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const NOW = 1_900_000_000;
const servers: TestServer[] = [];
const fakes: FakeGameServer[] = [];
const readers: SseReader[] = [];

afterEach(async () => {
  readers.splice(0).forEach((r) => r.close());
  await Promise.all(fakes.splice(0).map((f) => f.stop()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

/** A fixed clock unless the test plays matches (then held servers must free as time passes). */
async function started(clock: { now(): number } | undefined = { now: () => NOW }): Promise<TestServer> {
  const server = await startTestServer({ clock });
  servers.push(server);
  return server;
}

async function startTournament(server: TestServer, teams: number, format = 'bo1', played = {}) {
  const teamIds = await postTeams(server, teams);
  const created = await server.request('POST', '/api/tournament', {
    body: {
      name: 'ETA Cup',
      type: 'single_elimination',
      format,
      teamIds,
      settings: { veto: false, seeding: 'manual', ...played },
    },
  });
  expect(created.status).toBe(201);
  expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(200);
}

const bracket = async (server: TestServer): Promise<Match[]> =>
  (await server.request('GET', '/api/tournament/bracket', { token: null })).body.matches;

/** An enabled server Matchday cannot reach: it never frees, so the queue stays as it is. */
async function addUnreachableServer(server: TestServer, id: string) {
  const res = await server.request('POST', '/api/servers', {
    body: { id, name: id, host: '127.0.0.1', port: 9, rconPassword: 'rcon-password-eta' },
  });
  expect(res.status).toBe(201);
}

describe('match ETAs (API.md decisions 42-43)', () => {
  it('are null with no enabled server, then follow the queue on the default durations', async () => {
    const server = await started();
    await startTournament(server, 4);
    expect((await bracket(server)).map((m) => m.eta)).toEqual([null, null, null]);

    const live = await SseReader.open(`${server.url}/api/live`);
    readers.push(live);
    await addUnreachableServer(server, 'lan-1');

    const matches = await bracket(server);
    const [first, second] = matches.filter((m) => m.queuePosition !== null);
    const final = matches.find((m) => m.team1 === null && m.team2 === null)!;
    // One server: the second waits for the first's default 40 minutes, the final for both.
    expect(first!.eta).toEqual({ startsAt: NOW, minutes: 0, basis: 'default', position: 1 });
    expect(second!.eta).toEqual({ startsAt: NOW + 40 * 60, minutes: 40, basis: 'default', position: 2 });
    expect(final.eta).toEqual({ startsAt: NOW + 80 * 60, minutes: 80, basis: 'default', position: null });

    // The same estimate everywhere a match is shown.
    const team = await server.request('GET', `/api/team/${second!.team1!.id}/match`, { token: null });
    expect(team.body.match.eta).toEqual(second!.eta);
    const listed = (await server.request('GET', '/api/matches', { token: null })).body.matches as Match[];
    expect(listed.find((m) => m.slug === final.slug)!.eta).toEqual(final.eta);
    const status = await server.request('GET', '/api/tournament/allocation-status', { token: null });
    expect(status.status).toBe(200);
    expect(status.body.waiting.map((w: { slug: string; eta: unknown }) => [w.slug, w.eta])).toEqual([
      [first!.slug, first!.eta],
      [second!.slug, second!.eta],
    ]);

    // The server change moved every estimate: the live stream carries the new ones.
    await waitFor(
      () => {
        const published = new Map(
          live.events.flatMap((e) =>
            e.message.topic === 'match' ? [[e.message.match.slug, e.message.match]] : [],
          ),
        );
        return matches.every((m) => published.get(m.slug)?.eta?.startsAt === m.eta!.startsAt);
      },
      { message: 'every match published with its ETA after the server was added' },
    );

    // A second server takes the second match at once; the final waits for the later of the two.
    await addUnreachableServer(server, 'lan-2');
    const two = await bracket(server);
    expect(two.find((m) => m.slug === second!.slug)!.eta).toMatchObject({ startsAt: NOW, position: 2 });
    expect(two.find((m) => m.slug === final.slug)!.eta).toMatchObject({ startsAt: NOW + 40 * 60 });
  });

  it('give a playoff seat of a groups event the end of the last group match to be played', async () => {
    const server = await started();
    const teamIds = await postTeams(server, 4);
    const created = await server.request('POST', '/api/tournament', {
      body: {
        name: 'ETA Groups',
        type: 'groups_playoffs',
        format: 'bo1',
        teamIds,
        settings: { veto: false },
        stages: [
          { kind: 'groups', type: 'round_robin', groupCount: 2, advancePerGroup: 1 },
          { kind: 'playoffs', type: 'single_elimination', format: 'bo3' },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect((await server.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(
      200,
    );
    await addUnreachableServer(server, 'lan-1');

    const matches = await bracket(server);
    const groups = matches.filter((m) => m.stage === 'groups');
    const final = matches.find((m) => m.stage === 'playoffs')!;
    // One server, one bo1 in each group: the groups end after two default 40 minutes.
    expect(groups.map((m) => m.eta?.startsAt).sort()).toEqual([NOW, NOW + 40 * 60]);
    expect(final.team1).toBeNull();
    expect(final.eta).toEqual({ startsAt: NOW + 80 * 60, minutes: 80, basis: 'default', position: null });
  });

  it('scale the default with the simulation timescale', async () => {
    const server = await started();
    await startTournament(server, 4, 'bo3');
    expect(
      (
        await server.request('PUT', '/api/settings', {
          body: { simulateMatches: true, simulationTimescale: 4 },
        })
      ).status,
    ).toBe(200);
    await addUnreachableServer(server, 'lan-1');
    const second = (await bracket(server)).find((m) => m.eta?.position === 2)!;
    // A bo3's 100 default minutes at four times the speed.
    expect(second.eta).toMatchObject({ startsAt: NOW + 25 * 60, minutes: 25, basis: 'default' });
  });

  it(
    'are measured once two matches of the format completed, and null for matches under way or done',
    async () => {
      const server = await started(undefined);
      await addFakeServers(server, 2, fakes);
      // Bots play short matches (as in the play tests).
      expect(
        (
          await server.request('PUT', '/api/settings', {
            body: { simulateMatches: true, simulationTimescale: 10 },
          })
        ).status,
      ).toBe(200);
      await startTournament(server, 8, 'bo1', {
        maxRounds: 4,
        overtimeMode: 'disabled_tiebreak',
        teamSize: TEAM_SIZE,
      });
      await waitFor(async () => (await bracket(server)).filter((m) => m.status === 'completed').length >= 2, {
        ...PLAY_WAIT,
        message: 'two completed matches',
      });
      // Nothing more is loaded: what waits keeps waiting.
      expect((await server.request('PUT', '/api/settings', { body: { autoAllocate: false } })).status).toBe(
        200,
      );

      // An allocation pass under way when the setting changed may still load a match: wait until the
      // waiting matches stay the same across two reads.
      const isWaiting = (m: { status: string }) => m.status === 'ready' || m.status === 'pending';
      let seen = '';
      const matches = await waitFor(
        async () => {
          const read = await bracket(server);
          const waitingNow = read
            .filter(isWaiting)
            .map((m) => m.slug)
            .join();
          const settled = waitingNow === seen;
          seen = waitingNow;
          return settled && read;
        },
        { ...PLAY_WAIT, intervalMs: 500, message: 'the waiting matches to stay the same across two reads' },
      );
      for (const m of matches) {
        if (['loaded', 'live', 'completed'].includes(m.status)) {
          expect(m.eta, `${m.slug} is ${m.status}`).toBeNull();
        }
      }
      const waiting = matches.filter(isWaiting);
      expect(waiting.length).toBeGreaterThan(0);
      for (const m of waiting) {
        expect(m.eta, m.slug).toMatchObject({ basis: 'measured' });
      }
      const positions = waiting.flatMap((m) => (m.eta?.position ? [m.eta.position] : []));
      expect(positions.sort((a, b) => a - b)).toEqual(positions.map((_, i) => i + 1));
    },
    PLAY_WAIT.timeoutMs * 2,
  );
});
