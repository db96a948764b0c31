import { describe, expect, it } from 'vitest';
import type { InstalledBuild } from '../fakes/plugin-core.js';
import { type TestServer } from '../helpers/server.js';
import { addFakeServer, useMatchdayAndFakes } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

/** A fake server on this CS2 build, added to Matchday and set up. */
const addServer = (server: TestServer, id: string, gameBuild: InstalledBuild) =>
  addFakeServer(server, id, fakes, {
    msPerGameSecond: 40,
    gameBuild,
    // Warmup lasts as long as the test.
    script: { seed: 3, pace: { playerConnect: 100_000 }, maps: [{ score: [13, 9] }] },
  });

const serverView = async (server: TestServer, id: string) =>
  (await server.request('GET', `/api/servers/${id}`)).body.server;

describe('game build and version of each server (no internet needed)', () => {
  it('records what version and status report at setup; an older build than the LAN newest gets no match, with the reason', async () => {
    const matchday = await startMatchday();
    await addServer(matchday, 'old', { buildId: 14090, patchVersion: '1.40.9.0' });
    let old = await serverView(matchday, 'old');
    expect(old).toMatchObject({ gameBuildId: '14090', gameVersion: '1.40.9.0' });
    expect(old.availability.blockedReason).toBeNull();

    await addServer(matchday, 'new', { buildId: 14100, patchVersion: '1.41.0.2' });
    expect(await serverView(matchday, 'new')).toMatchObject({
      gameBuildId: '14100',
      gameVersion: '1.41.0.2',
      availability: { free: true, blockedReason: null },
    });
    old = await serverView(matchday, 'old');
    expect(old.availability).toMatchObject({
      free: false,
      blockedReason: 'outdated',
      blocked: expect.stringMatching(/Outdated game build/),
    });
    expect(old.availability.warnings).toContain(
      'Game build 14090 is older than build 14100 on server new: update this server',
    );
    const list = (await matchday.request('GET', '/api/servers')).body.servers;
    expect(list.map((s: { id: string; gameBuildId: string }) => [s.id, s.gameBuildId])).toEqual(
      expect.arrayContaining([
        ['old', '14090'],
        ['new', '14100'],
      ]),
    );

    // Both teams and a match: it goes to the up-to-date server only, though "old" was added first.
    for (const team of [1, 2]) {
      await matchday.request('POST', '/api/teams', {
        body: {
          id: `team${team}`,
          name: `Team ${team}`,
          players: [{ platformId: String(76561198000000000n + BigInt(team)), name: `p${team}` }],
        },
      });
    }
    const created = await matchday.request('POST', '/api/matches', {
      body: {
        team1Id: 'team1',
        team2Id: 'team2',
        format: 'bo1',
        veto: false,
        maps: ['de_mirage'],
        teamSize: 1,
      },
    });
    const slug = created.body.match.slug as string;
    await waitFor(
      async () => {
        const m = (await matchday.request('GET', `/api/matches/${slug}`)).body.match;
        return m.status === 'loaded';
      },
      { message: 'the match loaded' },
    );
    expect((await matchday.request('GET', `/api/matches/${slug}`)).body.match.serverId).toBe('new');
  }, 60_000);

  it('reads the build again on each server_health: an updated server is no longer outdated', async () => {
    const matchday = await startMatchday();
    const old = await addServer(matchday, 'old', { buildId: 14090, patchVersion: '1.40.9.0' });
    await addServer(matchday, 'new', { buildId: 14100, patchVersion: '1.41.0.2' });
    expect((await serverView(matchday, 'old')).availability.blockedReason).toBe('outdated');

    // The host updated the game files; the plugin's next health report (its database state changed)
    // makes Matchday read the build again.
    old.installedBuild = { buildId: 14100, patchVersion: '1.41.0.2' };
    old.database = { ok: false, type: 'sqlite', error: 'disk full' };
    await old.waitForEvent('server_health', (p) => p.db_ok === false);
    await waitFor(async () => (await serverView(matchday, 'old')).gameBuildId === '14100', {
      message: 'the new build read',
    });
    expect((await serverView(matchday, 'old')).availability).toMatchObject({
      free: true,
      blockedReason: null,
    });
  }, 60_000);

  it('a game update required blocks the server; after the restart its new build is recorded', async () => {
    const matchday = await startMatchday();
    const fake = await addServer(matchday, 'srv', { buildId: 14100, patchVersion: '1.41.0.2' });
    await fake.requireGameUpdate(14200, '1.41.1.0');
    expect((await serverView(matchday, 'srv')).availability.blockedReason).toBe('update_required');
    await fake.start();
    await fake.waitForEvent('server_configured', (p) => p.configured_by === 'Startup');
    await waitFor(async () => (await serverView(matchday, 'srv')).gameBuildId === '14200', {
      message: 'the updated build read',
    });
    expect(await serverView(matchday, 'srv')).toMatchObject({
      gameVersion: '1.41.1.0',
      availability: { free: true, blockedReason: null },
    });
  }, 60_000);
});
