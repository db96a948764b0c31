import { describe, expect, it } from 'vitest';
import type { FakeGameServer } from '../fakes/index.js';
import type { MatchScript, TeamSlot } from '../fakes/match-script.js';
import type { TestServer } from '../helpers/server.js';
import { addFakeServer, postBo1, postTeams, useMatchdayAndFakes } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

// Event payloads are read as loose JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { fakes, startMatchday } = useMatchdayAndFakes();
const WAIT = { timeoutMs: 45_000, intervalMs: 50 };

const wins = (team: TeamSlot, other: number, total: number): TeamSlot[] =>
  Array.from({ length: total }, (_, i): TeamSlot =>
    i < other ? (team === 'team1' ? 'team2' : 'team1') : team,
  );
/** Map 1 to team2 13-4, map 2 to team1 13-7, map 3 to team1 13-10: every server plays the same plan. */
const MAPS: TeamSlot[][] = [wins('team2', 4, 17), wins('team1', 7, 20), wins('team1', 10, 23)];
const score = (rounds: TeamSlot[]) => [
  rounds.filter((r) => r === 'team1').length,
  rounds.filter((r) => r === 'team2').length,
];

/**
 * Knife won by team1, who stays; `holdMap2BeforeRound` stops the server there (an admin pause that
 * never ends), so the test kills it at a known round.
 */
const script = (holdMap2BeforeRound?: number): MatchScript => ({
  maps: MAPS.map((rounds, map) => ({
    rounds,
    knife: { winner: 'team1', choice: 'stay' },
    ...(map === 1 && holdMap2BeforeRound
      ? { pause: { beforeRound: holdMap2BeforeRound, by: 'admin' as const, seconds: 1e7 } }
      : {}),
  })),
});

const kills = (roundEnd: Json) =>
  (['team1', 'team2'] as const)
    .flatMap((team) => (roundEnd[team].players as { stats: { kills: number } }[]) ?? [])
    .reduce((sum, p) => sum + p.stats.kills, 0);

const read = async (server: TestServer, slug: string) =>
  (await server.request('GET', `/api/matches/${slug}`)).body.match;

const settle = async (server: TestServer, patch: Json) =>
  expect((await server.request('PUT', '/api/settings', { body: patch })).status).toBe(200);

/** A bo3 on srv-1 held after 8 rounds of map 2 (all counted), with the backup of the start of round 8 stored. */
async function heldAtMap2Round8(server: TestServer, flavour: 'matchzy' | 'at') {
  const options = { flavour, msPerGameSecond: 0.02, demoSizeBytes: 16 * 1024 };
  const first = await addFakeServer(server, 'srv-1', fakes, { ...options, script: script(9) });
  await postTeams(server, 2);
  const { slug } = await postBo1(server, { format: 'bo3', maps: ['de_mirage', 'de_nuke', 'de_inferno'] });
  await waitFor(
    async () => {
      const backups = (await server.request('GET', `/api/matches/${slug}/backups`)).body.backups;
      return backups?.[0]?.mapNumber === 1 && backups[0].round === 7 ? true : undefined;
    },
    { ...WAIT, message: 'the backup of map 2 after 7 rounds stored from srv-1' },
  );
  // Round 8 counted too: the lost server reported it, the restore replays it.
  await waitFor(
    async () => {
      const m = await read(server, slug);
      return m.currentMapNumber === 1 && m.team1MapScore + m.team2MapScore === 8 ? true : undefined;
    },
    { ...WAIT, message: 'map 2 at 8 rounds on srv-1' },
  );
  return { slug, first, options };
}

/** Waits for the match to complete and checks it counted exactly the rounds the fakes played. */
async function completedWithPlayedRounds(server: TestServer, slug: string, map2Server: FakeGameServer) {
  const done = await waitFor(
    async () => {
      const m = await read(server, slug);
      return m.status === 'completed' ? m : undefined;
    },
    { ...WAIT, message: `match ${slug} completed` },
  );
  expect(done.maps.map((m: Json) => [m.team1Score, m.team2Score])).toEqual(MAPS.map(score));
  expect([done.team1SeriesScore, done.team2SeriesScore]).toEqual([2, 1]);
  // Player stats of map 2 are those of the last round the server that finished it reported: the
  // replayed round replaced the lost server's, it did not add to it.
  const map2Ends = (map2Server.delivered('round_end') as Json[]).filter((e) => e.map_number === 1);
  const stats = (await server.request('GET', `/api/matches/${slug}/stats`, { token: null })).body;
  const map2 = [...stats.maps[1].team1, ...stats.maps[1].team2] as { kills: number }[];
  expect(map2.reduce((sum, l) => sum + l.kills, 0)).toBe(kills(map2Ends.at(-1)!));
  return done;
}

describe.each([
  ['1.4.21', 'matchzy'],
  ['2.0.0', 'at'],
] as const)('automatic failover on plugin %s (API.md decision 56)', (_version, flavour) => {
  // Three maps on two servers, with a failover deadline: longer than the default on a busy machine.
  it(
    'moves a live bo3 killed at map 2 round 8 to the spare, which goes on from round 8',
    { timeout: 90_000 },
    async () => {
      const server = await startMatchday();
      await settle(server, { failoverAfterSeconds: 2 });
      const { slug, first, options } = await heldAtMap2Round8(server, flavour);
      const spare = await addFakeServer(server, 'srv-2', fakes, { ...options, script: script() });

      // Killed: RCON refuses and nothing more is posted.
      await first.stop();
      const restored = await spare.waitForEvent('backup_loaded', () => true, WAIT.timeoutMs);
      expect(restored.payload).toMatchObject({ round_number: 7, map_number: 1 });
      expect(spare.commands.find((c) => c.includes('loadbackup_url'))).toMatch(
        new RegExp(`^${flavour}_loadbackup_url "http://[^"]+/api/matches/${slug}/backups/1/7" "`),
      );
      const moved = await read(server, slug);
      expect(moved.serverId).toBe('srv-2');
      const servers = (await server.request('GET', '/api/servers')).body.servers as Json[];
      expect(servers.find((s) => s.id === 'srv-1')?.availability).toMatchObject({ free: false });

      // A late round of the old server (its retry queue, say) changes nothing.
      const late = (first.delivered('round_end') as Json[]).filter((e) => e.map_number === 1).at(-1)!;
      const { event, ...rest }: Json = { ...late, round_time: Number(late.round_time ?? 0) + 1 };
      const answer = await server.request('POST', '/api/events/srv-1', {
        token: null,
        body: JSON.stringify({ ...rest, event }),
        headers: { 'Content-Type': 'application/json', 'X-Plugin-Token': 'server-token-0123456789' },
      });
      expect(answer.body).toMatchObject({ outcome: 'ignored', message: 'the match moved to srv-2' });
      expect(await read(server, slug)).toMatchObject({
        team1MapScore: moved.team1MapScore,
        team2MapScore: moved.team2MapScore,
      });

      // The plugin pauses after a restore; the admin lifts it.
      await spare.execute('css_forceunpause');
      await completedWithPlayedRounds(server, slug, spare);
      const spareEnds = spare.delivered('round_end') as Json[];
      // Round 8 of map 2 both servers reported: counted once, as the spare played it.
      expect((first.delivered('round_end') as Json[]).filter((e) => e.map_number === 1)).toHaveLength(8);
      expect(spareEnds.filter((e) => e.map_number === 1)).toHaveLength(MAPS[1]!.length - 7);
      expect(spareEnds.filter((e) => e.map_number === 2)).toHaveLength(MAPS[2]!.length);
      expect(spareEnds.filter((e) => e.map_number === 0)).toHaveLength(0);
    },
  );

  it('gives the match back to a server that starts up again in time', { timeout: 90_000 }, async () => {
    const server = await startMatchday();
    const { slug, first } = await heldAtMap2Round8(server, flavour);
    const loadsBefore = first.loads.length;
    // The crash ends the pause; the plugin comes back with no match (plugin-core.ts start).
    first.setScript(script());
    await first.restart();
    const restored = await first.waitForEvent(
      'backup_loaded',
      (p) => p.round_number === 7 && p.map_number === 1,
      WAIT.timeoutMs,
    );
    expect(restored.payload).toMatchObject({ round_number: 7, map_number: 1 });
    expect(first.loads.length).toBe(loadsBefore + 1);
    expect((await read(server, slug)).serverId).toBe('srv-1');
    await first.execute('css_forceunpause');
    await completedWithPlayedRounds(server, slug, first);
  });

  it('puts a lost server in the attention queue when autoFailover is off', { timeout: 90_000 }, async () => {
    const server = await startMatchday();
    await settle(server, { failoverAfterSeconds: 2, autoFailover: false });
    const { slug, first, options } = await heldAtMap2Round8(server, flavour);
    const spare = await addFakeServer(server, 'srv-2', fakes, { ...options, script: script() });
    await first.stop();
    const item = await waitFor(
      async () =>
        ((await server.request('GET', '/api/attention')).body.items as Json[]).find(
          (i) => i.kind === 'server_lost' && i.matchSlug === slug,
        ),
      { ...WAIT, message: `a server_lost attention item for ${slug}` },
    );
    expect(item).toMatchObject({ serverId: 'srv-1' });
    expect(item.message).toContain('srv-1');
    expect((await read(server, slug)).serverId).toBe('srv-1');
    expect(spare.loads).toHaveLength(0);

    // The organiser moves it: the item leaves by itself, read from the queue (any leader clears it).
    const moved = await server.request('POST', `/api/matches/${slug}/move`, { body: { serverId: 'srv-2' } });
    expect(moved.status).toBe(200);
    await waitFor(
      async () =>
        ((await server.request('GET', '/api/attention')).body.items as Json[]).some(
          (i) => i.kind === 'server_lost' && i.matchSlug === slug,
        )
          ? undefined
          : true,
      { ...WAIT, message: `the server_lost item of ${slug} cleared after the move` },
    );
  });
});
