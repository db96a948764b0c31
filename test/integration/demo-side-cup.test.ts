import { afterEach, describe, expect, it } from 'vitest';
import { startDemoCaster, type GoPress } from '../../scripts/demo-caster.js';
import { startDemo, type Demo } from '../../scripts/demo-setup.js';
import { STAGE_TAG, WINGMAN_TAG } from '../../scripts/demo-side-cup.js';
import { progressLine, readDemo, type DemoSnapshot } from '../../scripts/demo-watch.js';
import type { Match } from '../../shared/contracts/matches.js';
import { waitFor } from '../helpers/wait.js';

/** Fewer players than the demo's five: fewer events to handle, so both events fit in a minute and a half. */
const TEAM_SIZE = 2;
/** Lunch starts early, in the group stage, and lasts long enough for matches to wait through it. */
const LUNCH = { afterSeconds: 4, lastsSeconds: 8 };
/** A load Matchday decided on just before the break may reach the fake a moment into it. */
const LOAD_SLACK_MS = 2500;
const GO_AFTER_MS = 500;

/** A match config a fake server loaded, when, and how it set the game up. */
interface SeenLoad {
  at: number;
  serverId: string;
  matchId: number;
  wingman: boolean;
  gameMode: string;
}

let demo: Demo | undefined;
let stopCaster: (() => void) | undefined;
afterEach(async () => {
  stopCaster?.();
  await demo?.stop();
  demo = undefined;
});

async function get<T>(url: string): Promise<T> {
  const res = await fetch(url);
  expect(res.status, `GET ${url}`).toBe(200);
  return (await res.json()) as T;
}

describe('npm run demo:lan -- --side-cup, headless', () => {
  it('plays the main event and a wingman cup to champions on shared fake servers, with lunch and a stage queue', async () => {
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
      sideCup: true,
      lunch: LUNCH,
    });
    const { url, serverIds, serverTags, lunch } = demo;
    const [mainId, cupId] = demo.tournamentIds as [number, number];
    const stageServer = serverIds.filter((_, i) => serverTags[i]!.includes(STAGE_TAG));
    const wingmanServers = serverIds.filter((_, i) => serverTags[i]!.includes(WINGMAN_TAG));
    expect(stageServer).toHaveLength(1);
    expect(wingmanServers.length).toBeGreaterThan(0);

    const loads: SeenLoad[] = [];
    const goingLive = new Map<number, number>();
    demo.fakes.forEach((fake, i) => {
      fake.on('load', (record) => {
        if (record.result === 'loaded' && fake.match) {
          const { config } = fake.match;
          const seen = { at: Date.now(), serverId: serverIds[i]!, matchId: config.matchId };
          loads.push({ ...seen, wingman: config.wingman, gameMode: fake.convar('game_mode') });
        }
      });
      fake.on('event', ({ payload }) => {
        const matchId = Number(payload.matchid);
        if (payload.event === 'going_live' && !goingLive.has(matchId)) {
          goingLive.set(matchId, Date.now());
        }
      });
    });
    const caster = await startDemoCaster(
      demo,
      { tournamentId: mainId, goAfterMs: GO_AFTER_MS },
      () => undefined,
    );
    stopCaster = caster.stop;
    const presses: GoPress[] = caster.presses;

    // Sampled while both play: who is on a server, what waits for the timetable, what the bracket says.
    const players = new Map(
      (await demo.running.app.ctx.repos.teams.list()).map((t) => [t.id, t.players.map((p) => p.platformId)]),
    );
    const twiceLoaded: string[] = [];
    const heldByLunch = new Set<string>();
    const lunchShown = new Set<string>();
    let last: DemoSnapshot[] = [];
    const done = await waitFor(
      async () => {
        const [main, cup] = await Promise.all([readDemo(url, mainId), readDemo(url, cupId)]);
        last = [main, cup];
        const { matches } = await get<{ matches: Match[] }>(`${url}/api/matches`);
        const onServers = matches
          .filter((m) => m.status === 'loaded' || m.status === 'live')
          .flatMap((m) => [m.team1?.id, m.team2?.id].flatMap((id) => (id ? players.get(id)! : [])));
        twiceLoaded.push(...onServers.filter((p, i) => onServers.indexOf(p) !== i));
        for (const w of main.waiting.filter((x) => x.reason === 'timetable')) {
          heldByLunch.add(w.slug);
        }
        if (main.tournament.timetable.currentBreak) {
          lunchShown.add(main.tournament.timetable.currentBreak.name);
        }
        return main.tournament.status === 'completed' && cup.tournament.status === 'completed'
          ? { main, cup, matches }
          : undefined;
      },
      {
        message: () =>
          `both champions; last seen: ${last.map((s) => progressLine(s, Date.now() / 1000)).join(' / ') || 'nothing'}`,
        timeoutMs: 150_000,
        intervalMs: 250,
      },
    );
    const { main, cup, matches } = done;
    expect(main.tournament.winner).not.toBeNull();
    expect(cup.tournament.winner).not.toBeNull();
    expect(twiceLoaded).toEqual([]);
    const tournamentOf = new Map(matches.map((m) => [m.matchid, m.tournamentId]));
    const mainLoads = loads.filter((l) => tournamentOf.get(l.matchId) === mainId);
    const cupLoads = loads.filter((l) => tournamentOf.get(l.matchId) === cupId);

    // The cup: seven 2v2 matches, only on wingman servers, each loaded in game mode 2 as the plugin does.
    const cupMatches = matches.filter((m) => m.tournamentId === cupId);
    expect(cupMatches).toHaveLength(7);
    expect(cupMatches.every((m) => m.status === 'completed' && wingmanServers.includes(m.serverId!))).toBe(
      true,
    );
    expect(cupLoads.length).toBeGreaterThanOrEqual(7);
    expect(cupLoads.filter((l) => !wingmanServers.includes(l.serverId) || !l.wingman)).toEqual([]);
    expect(cupLoads.every((l) => l.gameMode === '2')).toBe(true);
    // (The main event's 2v2 plays wingman too: Matchday sends `wingman: true` for any team size of 2.)

    // Lunch: the main event's matches waited through it and none was loaded meanwhile.
    expect(lunchShown).toEqual(new Set(['Lunch']));
    expect(heldByLunch.size).toBeGreaterThan(0);
    const inLunch = mainLoads.filter(
      (l) => l.at >= lunch!.from * 1000 + LOAD_SLACK_MS && l.at < lunch!.to * 1000,
    );
    expect(inLunch).toEqual([]);
    expect(mainLoads.some((l) => l.at >= lunch!.to * 1000)).toBe(true);

    // The stage: the upper, lower and grand final played on the stage server, each live only after Go.
    const staged = matches.filter((m) => m.tournamentId === mainId && m.onStage);
    expect(staged.map((m) => m.bracket).sort()).toEqual(['GF', 'LB', 'UB']);
    for (const m of staged) {
      expect(m, m.label).toMatchObject({
        status: 'completed',
        serverId: stageServer[0],
        goAt: expect.any(Number),
      });
      const press = presses.find((p) => p.slug === m.slug && p.map === 0);
      expect(press, `Go for ${m.label}`).toBeDefined();
      expect(goingLive.get(m.matchid), `${m.label} going live`).toBeGreaterThanOrEqual(press!.pressedAt);
      // Every later map waited in warmup too, until the caster pressed Go again.
      const later = presses.filter((p) => p.slug === m.slug && p.map > 0).map((p) => p.map);
      expect(later, m.label).toEqual(m.maps.slice(1).map((map) => map.number));
    }
  }, 180_000);
});
