/**
 * Lineups and swaps against the fake game server as 1.4.21 and as 2.0.0 (API.md decisions 62-63,
 * PROTOCOL.md 3.4 and 4.4): a substitute at home keeps no match in warmup, and a player swapped in
 * mid-map joins without a reload and scores for himself.
 */
import { describe, expect, it } from 'vitest';
import { FakeGameServer, type FakeGameServerOptions } from '../fakes/index.js';
import type { TestServer } from '../helpers/server.js';
import { useMatchdayAndFakes } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const RCON_PASSWORD = 'rcon-password-lineups';
const ORGANISER = '76561198000000777';
const { fakes, startMatchday } = useMatchdayAndFakes();

const player = (team: number, i: number) => ({
  platformId: String(76561198000000000n + BigInt(team * 10 + i)),
  name: `t${team}p${i}`,
});

async function addServer(server: TestServer, options: FakeGameServerOptions) {
  const fake = new FakeGameServer({
    password: RCON_PASSWORD,
    msPerGameSecond: 0.05,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    demoSizeBytes: 16 * 1024,
    ...options,
  });
  fakes.push(fake);
  await fake.start();
  const res = await server.request('POST', '/api/servers', {
    body: { id: 'srv-1', name: 'srv-1', host: '127.0.0.1', port: fake.rconPort, rconPassword: RCON_PASSWORD },
  });
  expect(res.status).toBe(201);
  await fake.waitForEvent('server_configured', (p) => p.server_id === 'srv-1');
  return fake;
}

async function postTeam(
  server: TestServer,
  team: number,
  players: { platformId: string; name: string; role?: string }[],
) {
  const res = await server.request('POST', '/api/teams', {
    body: { id: `team${team}`, name: `Team ${team}`, tag: `T${team}`, players },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** A bo1 of two players a side; team 2's roster holds a third, its substitute. */
async function twoPlayerMatchWithSubstitute(matchday: TestServer) {
  const substitute = player(2, 3);
  await postTeam(matchday, 1, [player(1, 1), player(1, 2)]);
  await postTeam(matchday, 2, [player(2, 1), player(2, 2), substitute]);
  const created = await matchday.request('POST', '/api/matches', {
    body: {
      team1Id: 'team1',
      team2Id: 'team2',
      format: 'bo1',
      veto: false,
      maps: ['de_mirage'],
      teamSize: 2,
    },
  });
  return { slug: created.body.match.slug as string, substitute };
}

const statusOf = async (server: TestServer, slug: string) =>
  (await server.request('GET', `/api/matches/${slug}`)).body.match.status as string;

const connected = (fake: FakeGameServer) =>
  fake.delivered('player_connect').map((p) => (p.player as { steamid: string }).steamid);

for (const flavour of ['matchzy', 'at'] as const) {
  const version = flavour === 'matchzy' ? '1.4.21' : '2.0.0';

  describe(`lineups on ${version}`, () => {
    it('goes live with a six-player roster whose substitute never connects; the coach and organisers are admitted', async () => {
      const matchday = await startMatchday({ env: { ADMIN_PLATFORM_IDS: ORGANISER } });
      const substitute = player(1, 6);
      const coach = { ...player(1, 7), role: 'coach' };
      const fake = await addServer(matchday, { flavour, script: { absent: [substitute.platformId] } });
      await postTeam(matchday, 1, [...[1, 2, 3, 4, 5].map((i) => player(1, i)), substitute, coach]);
      await postTeam(
        matchday,
        2,
        [1, 2, 3, 4, 5].map((i) => player(2, i)),
      );
      const created = await matchday.request('POST', '/api/matches', {
        body: { team1Id: 'team1', team2Id: 'team2', format: 'bo1', veto: false, maps: ['de_mirage'] },
      });
      expect(created.status).toBe(201);
      const slug = created.body.match.slug as string;
      await fake.waitForEvent('going_live', undefined, 30_000);
      const config = fake.match!.config;
      expect(config.team1.players.map((p) => p.steamid)).toEqual(
        [1, 2, 3, 4, 5].map((i) => player(1, i).platformId),
      );
      expect(config.spectators).toEqual([{ steamid: coach.platformId, name: coach.name }]);
      expect(config.admins).toEqual([ORGANISER]);
      expect(connected(fake)).not.toContain(substitute.platformId);
      await waitFor(async () => (await statusOf(matchday, slug)) === 'live', {
        message: 'the match to be live',
      });
    }, 60_000);

    it('swaps a player mid-map: he joins without a reload and his kills count for him', async () => {
      const matchday = await startMatchday();
      const fake = await addServer(matchday, { flavour, script: { maps: [{ score: [13, 7] }] } });
      const { slug, substitute } = await twoPlayerMatchWithSubstitute(matchday);
      await fake.waitForEvent('round_end', (p) => p.round_number === 2, 30_000);
      const out = player(2, 2).platformId;
      const swap = await matchday.request('POST', `/api/matches/${slug}/lineup/swap`, {
        body: { teamId: 'team2', out, in: substitute.platformId },
      });
      expect(swap.status, JSON.stringify(swap.body)).toBe(200);
      expect(swap.body.plugin.told).toBe(true);
      expect(swap.body.lineup.players.map((p: { platformId: string }) => p.platformId)).toEqual([
        player(2, 1).platformId,
        substitute.platformId,
      ]);
      expect(fake.commands).toContain(
        `${flavour}_addplayer ${substitute.platformId} team2 "${substitute.name}"`,
      );
      await fake.waitForEvent(
        'player_connect',
        (p) => (p.player as { steamid: string }).steamid === substitute.platformId,
        30_000,
      );
      await fake.waitForEvent(
        'player_disconnect',
        (p) => (p.player as { steamid: string }).steamid === out,
        30_000,
      );
      await waitFor(async () => (await statusOf(matchday, slug)) === 'completed', {
        timeoutMs: 60_000,
        message: 'the match to complete',
      });
      const stats = (await matchday.request('GET', `/api/matches/${slug}/stats`)).body;
      const line = (id: string) =>
        (stats.total.team2 as { platformId: string; kills: number }[]).find((l) => l.platformId === id);
      expect(line(substitute.platformId)?.kills ?? 0).toBeGreaterThan(0);
      const changes = (await matchday.request('GET', '/api/teams/team2/changes')).body.changes;
      expect(changes[0]).toMatchObject({
        kind: 'swap',
        matchSlug: slug,
        after: { in: substitute.platformId },
      });
    }, 90_000);

    it('warns that a team-2 player swapped out before going live stays listed (src/Teams.cs)', async () => {
      const matchday = await startMatchday();
      const fake = await addServer(matchday, {
        flavour,
        script: { readyWhen: new Promise(() => undefined) },
      });
      const { slug, substitute } = await twoPlayerMatchWithSubstitute(matchday);
      await waitFor(async () => (await statusOf(matchday, slug)) === 'loaded' && fake.match !== null, {
        message: 'the match loaded on the server',
      });
      const out = player(2, 2).platformId;
      const swap = await matchday.request('POST', `/api/matches/${slug}/lineup/swap`, {
        body: { teamId: 'team2', out, in: substitute.platformId },
      });
      expect(swap.status, JSON.stringify(swap.body)).toBe(200);
      expect(swap.body.plugin).toMatchObject({ told: true, warning: expect.stringContaining(out) });
      expect(fake.match!.config.team2.players.map((p) => p.steamid)).toEqual([
        player(2, 1).platformId,
        out,
        substitute.platformId,
      ]);
    }, 60_000);
  });
}
