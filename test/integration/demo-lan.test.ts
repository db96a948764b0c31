import { afterEach, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../scripts/demo-setup.js';
import { progressLine, readDemo, type DemoSnapshot } from '../../scripts/demo-watch.js';
import { waitFor } from '../helpers/wait.js';

/** Fewer players than the demo's five: fewer events to handle, so the whole event fits in a minute. */
const TEAM_SIZE = 2;
let demo: Demo | undefined;
afterEach(async () => {
  await demo?.stop();
  demo = undefined;
});

describe('npm run demo:lan, headless', () => {
  it('plays the two-stage event on 4 fake servers to a champion, with ETAs while matches wait and player stats', async () => {
    demo = await startDemo({
      port: 0,
      servers: 4,
      teams: 16,
      type: 'groups_playoffs',
      format: 'bo1',
      speed: 200_000,
      plugin: 'mixed',
      maxRounds: 4,
      teamSize: TEAM_SIZE,
      fake: { bootstrapDebounceMs: 20, serverHealthIntervalSeconds: 0, demoSizeBytes: 64 * 1024 },
    });
    const { url } = demo;
    // Sampled while it plays: what the queue said about matches waiting for a server.
    const waited: DemoSnapshot['waiting'] = [];
    let etaLine = '';
    let last: DemoSnapshot | undefined;
    const done = await waitFor(
      async () => {
        const snapshot = await readDemo(url);
        last = snapshot;
        const queued = snapshot.waiting.filter((w) => w.reason === 'no_free_server');
        waited.push(...queued);
        if (queued.length > 0) {
          etaLine = progressLine(snapshot, Math.floor(Date.now() / 1000));
        }
        return snapshot.tournament.status === 'completed' ? snapshot : undefined;
      },
      {
        message: () =>
          `the demo's champion; last seen: ${last ? progressLine(last, Date.now() / 1000) : 'nothing'}`,
        timeoutMs: 115_000,
        intervalMs: 250,
      },
    );

    // Fewer servers than matches: matches waited, each with an estimate, measured once matches finished.
    expect(waited.length).toBeGreaterThan(0);
    expect(waited.filter((w) => w.eta === null)).toEqual([]);
    expect(waited.some((w) => w.eta!.basis === 'measured')).toBe(true);
    expect(etaLine).toMatch(/waiting, next .+ about \d+ min \((measured|default)\)/);

    // The event: 24 bo1 group matches, then 14 playoff matches in bo3 and a bo5 grand final.
    const { tournament, matches } = done;
    expect(tournament.winner).not.toBeNull();
    expect(matches.filter((m) => m.stage === 'groups' && m.format === 'bo1')).toHaveLength(24);
    const playoffs = matches.filter((m) => m.stage === 'playoffs');
    expect(playoffs).toHaveLength(14);
    const grandFinal = playoffs.find((m) => m.bracket === 'GF')!;
    expect(grandFinal).toMatchObject({ format: 'bo5', winnerId: tournament.winner!.id });
    expect(playoffs.filter((m) => m !== grandFinal).every((m) => m.format === 'bo3')).toBe(true);
    expect(matches.every((m) => m.status === 'completed')).toBe(true);

    // The fake servers posted round_end with every player's stats, and Matchday recorded them.
    const roundEnds = demo.fakes.flatMap((f) => f.events.filter((e) => e.name === 'round_end'));
    expect(roundEnds.length).toBeGreaterThan(0);
    for (const { payload } of roundEnds) {
      const sides = [payload.team1, payload.team2] as { players: { stats: { kills: number } }[] }[];
      expect(sides.map((side) => side.players.filter((p) => p.stats.kills >= 0).length)).toEqual([
        TEAM_SIZE,
        TEAM_SIZE,
      ]);
    }
    expect(done.players).toHaveLength(16 * TEAM_SIZE);
    expect(done.players.reduce((sum, p) => sum + p.kills, 0)).toBeGreaterThan(0);
    const final = await (await fetch(`${url}/api/matches/${grandFinal.slug}/stats`)).json();
    expect(final.final).toBe(true);
    expect(final.maps.length).toBeGreaterThanOrEqual(3);
    expect(final.total.team1).toHaveLength(TEAM_SIZE);
    expect(final.total.team2).toHaveLength(TEAM_SIZE);
  }, 120_000);
});
