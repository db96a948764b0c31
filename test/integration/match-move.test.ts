import { describe, expect, it } from 'vitest';
import type { MatchScript, TeamSlot } from '../fakes/match-script.js';
import type { TestServer } from '../helpers/server.js';
import { addFakeServer, postBo1, postTeams, useMatchdayAndFakes } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

// Event payloads are read as loose JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const { fakes, startMatchday } = useMatchdayAndFakes();
const WAIT = { timeoutMs: 40_000, intervalMs: 50 };

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

/** Knife won by team1, who stays; `holdMap2BeforeRound` stops the server there (an admin pause that never ends). */
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

describe.each([
  ['1.4.21', 'matchzy'],
  ['2.0.0', 'at'],
] as const)('a live bo3 on plugin %s moved at map 2 round 8 (API.md decision 55)', (_version, flavour) => {
  // Three maps on two servers: longer than the default on a busy machine.
  it(
    'goes on from round 8 on the spare and ends with exactly the rounds played',
    { timeout: 60_000 },
    async () => {
      const server = await startMatchday();
      const options = { flavour, msPerGameSecond: 0.02, demoSizeBytes: 16 * 1024 };
      const first = await addFakeServer(server, 'srv-1', fakes, { ...options, script: script(9) });
      await postTeams(server, 2);
      const { slug } = await postBo1(server, {
        format: 'bo3',
        maps: ['de_mirage', 'de_nuke', 'de_inferno'],
      });
      // Held before round 9 of map 2: 8 rounds played, the newest backup is the start of round 8.
      await waitFor(
        async () => {
          const backups = (await server.request('GET', `/api/matches/${slug}/backups`)).body.backups;
          return backups?.[0]?.mapNumber === 1 && backups[0].round === 7 ? true : undefined;
        },
        { ...WAIT, message: 'the backup of map 2 after 7 rounds stored from srv-1' },
      );
      const spare = await addFakeServer(server, 'srv-2', fakes, { ...options, script: script() });

      const moved = await server.request('POST', `/api/matches/${slug}/move`, { body: {} });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ from: 'srv-1', to: 'srv-2', mapNumber: 1, round: 7 });
      expect(spare.commands.find((c) => c.includes('loadbackup_url'))).toMatch(
        new RegExp(`^${flavour}_loadbackup_url "http://[^"]+/api/matches/${slug}/backups/1/7" "`),
      );
      const restored = await spare.waitForEvent('backup_loaded');
      expect(restored.payload).toMatchObject({ round_number: 7, map_number: 1 });
      // The plugin pauses after a restore; the admin lifts it.
      await spare.execute('css_forceunpause');

      const done = await waitFor(
        async () => {
          const m = await read(server, slug);
          return m.status === 'completed' ? m : undefined;
        },
        { ...WAIT, message: `match ${slug} completed on srv-2` },
      );
      // The finished map stays as srv-1 played it; the moved map and the last one as the spare played them.
      expect(done.maps.map((m: Json) => [m.team1Score, m.team2Score])).toEqual(MAPS.map(score));
      expect([done.team1SeriesScore, done.team2SeriesScore]).toEqual([2, 1]);
      expect(done.winnerId).toBe(done.team1.id);

      // Every round counted once: the spare replays map 2 from round 8 and plays map 3; the figures of
      // map 2 go on from the backup's.
      const spareEnds = spare.delivered('round_end') as Json[];
      const spareMap2 = spareEnds.filter((e) => e.map_number === 1);
      expect(spareMap2).toHaveLength(MAPS[1]!.length - 7);
      expect(spareEnds.filter((e) => e.map_number === 2)).toHaveLength(MAPS[2]!.length);
      expect(spareEnds.filter((e) => e.map_number === 0)).toHaveLength(0);
      const firstMap2 = (first.delivered('round_end') as Json[]).filter((e) => e.map_number === 1);
      expect(kills(spareMap2[0]!)).toBeGreaterThan(kills(firstMap2[6]!));
      const stats = (await server.request('GET', `/api/matches/${slug}/stats`, { token: null })).body;
      const map2 = [...stats.maps[1].team1, ...stats.maps[1].team2] as { kills: number }[];
      expect(map2.reduce((sum, l) => sum + l.kills, 0)).toBe(kills(spareMap2.at(-1)!));
      const map1 = [...stats.maps[0].team1, ...stats.maps[0].team2] as { kills: number }[];
      const firstMap1 = (first.delivered('round_end') as Json[]).filter((e) => e.map_number === 0);
      expect(map1.reduce((sum, l) => sum + l.kills, 0)).toBe(kills(firstMap1.at(-1)!));
    },
  );
});
