import { describe, expect, it } from 'vitest';
import {
  addFakeServer,
  addFakeServers,
  postBo1,
  postTeams,
  PLAY_WAIT,
  useMatchdayAndFakes,
} from '../helpers/tournament-play.js';
import type { TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

const statusOf = async (matchday: TestServer, slug: string) =>
  (await matchday.request('GET', `/api/matches/${slug}`)).body.match.status as string;

describe('one open load per server (issue 26 item 3)', () => {
  it('the database refuses a second open load on a server, and a load racing for it answers 409', async () => {
    const matchday = await startMatchday();
    await matchday.request('PUT', '/api/settings', { body: { autoAllocate: false } });
    await postTeams(matchday, 4);
    await addFakeServer(matchday, 'srv-1', fakes, { msPerGameSecond: 0.02, demoSizeBytes: 64 * 1024 });
    const first = await postBo1(matchday);
    const second = await postBo1(matchday, { team1Id: 'team3', team2Id: 'team4' });
    const { ctx, services } = matchday.running.app;

    const won = await services.loading.loadMatch(first.slug, 'srv-1');
    expect(won.confirmed).toBe(true);
    // Another instance's load of the same server, straight into the table: the index refuses it.
    const now = ctx.clock.now();
    expect(
      await ctx.sql.tx(() =>
        ctx.repos.loads.insert({
          loadId: 'racer',
          matchSlug: second.slug,
          serverId: 'srv-1',
          createdAt: now,
        }),
      ),
    ).toBe(false);

    // The loser of a race through the service: a clean 409, its match still waiting, the winner untouched.
    await expect(services.loading.loadMatch(second.slug, 'srv-1')).rejects.toMatchObject({
      code: 'SERVER_TAKEN',
      status: 409,
    });
    expect(await statusOf(matchday, second.slug)).toBe('ready');
    expect(await statusOf(matchday, first.slug)).toBe('loaded');
    expect((await ctx.repos.loads.current(first.slug))?.loadId).toBe(won.loadId);
    expect(await ctx.repos.loads.current(second.slug)).toBeUndefined();
  });
});

describe('server turnover (issue 27 item 7)', () => {
  it('fetches the next match within 1 s of the plugin postgame, and closes the ended load', async () => {
    const matchday = await startMatchday();
    await postTeams(matchday, 4);
    const [fake] = await addFakeServers(matchday, 1, fakes);
    // The plugin's postgame ends with its reset to idle (PROTOCOL.md 6.1); the next config fetch ends the turnover.
    let resetAt: number | undefined;
    let fetchedAt: number | undefined;
    fake!.on('status', (status: string) => {
      if (status === 'idle' && fake!.loads.length === 1) {
        resetAt ??= Date.now();
      }
    });
    fake!.on('load', (load: { outcome: unknown }) => {
      if (load.outcome === 200 && fake!.loads.length > 1) {
        fetchedAt ??= Date.now();
      }
    });
    const first = await postBo1(matchday);
    const second = await postBo1(matchday, { team1Id: 'team3', team2Id: 'team4' });

    await waitFor(async () => (await statusOf(matchday, second.slug)) === 'live', {
      ...PLAY_WAIT,
      message: `the second match ${second.slug} live on the one server after the first`,
    });
    expect(await statusOf(matchday, first.slug)).toBe('completed');
    expect(fake!.loads.at(-1)?.url).toContain(second.slug);
    expect(resetAt).toBeDefined();
    expect(fetchedAt! - resetAt!).toBeLessThan(1_000);
    const { repos } = matchday.running.app.ctx;
    expect(await repos.loads.current(first.slug)).toBeUndefined();
    expect((await repos.loads.current(second.slug))?.fetchedAt).not.toBeNull();
  });
});

describe('test matches and allocation (API.md decision 58)', () => {
  it('gives no tournament match to a server while its test match plays', async () => {
    const matchday = await startMatchday();
    await matchday.request('PUT', '/api/settings', { body: { autoAllocate: false } });
    await postTeams(matchday, 2);
    // Slow games: the test match is still in its warmup or rounds when allocation runs.
    const [fake] = await addFakeServers(matchday, 1, fakes, { msPerGameSecond: 5 });
    expect((await matchday.request('POST', '/api/servers/test-matches')).status).toBe(200);
    await waitFor(async () => fake!.loads.some((l) => l.result === 'loaded'), {
      ...PLAY_WAIT,
      message: 'the test match loaded on srv-1',
    });
    const match = await postBo1(matchday);
    await matchday.request('PUT', '/api/settings', { body: { autoAllocate: true } });
    await matchday.running.app.services.allocation.kick();

    expect(await statusOf(matchday, match.slug)).toBe('ready');
    expect(fake!.loads.filter((l) => l.result !== 'loaded' || l.url.includes(match.slug))).toEqual([]);
    const waiting = (await matchday.request('GET', '/api/tournament/allocation-status')).body;
    expect(waiting.freeServers).toBe(0);
  });
});
