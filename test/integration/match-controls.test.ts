import { describe, expect, it } from 'vitest';
import type { FakeGameServer } from '../fakes/index.js';
import type { MatchScript } from '../fakes/match-script.js';
import { TOKENS, type TestServer } from '../helpers/server.js';
import { roundEnd } from '../helpers/plugin-events.js';
import { addFakeServer, postTwoTeamsAndBo1, useMatchdayAndFakes } from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

const addServer = (server: TestServer, id: string, script: MatchScript, msPerGameSecond: number) =>
  addFakeServer(server, id, fakes, { msPerGameSecond, demoSizeBytes: 16 * 1024, script });

const stats = async (server: TestServer, slug: string) =>
  (await server.request('GET', `/api/matches/${slug}/stats`)).body;

/** Two teams and a manual bo1 without veto; the allocator loads it on the free server. */
/** A match loaded on `fake`: its config fetched, not only sent (a stop before the fetch drops the load instead). */
async function loadedMatch(server: TestServer, fake: FakeGameServer): Promise<string> {
  const { slug } = await postTwoTeamsAndBo1(server);
  await waitFor(
    async () =>
      (await read(server, slug)).status === 'loaded' && fake.loads.some((load) => load.result === 'loaded'),
    { timeoutMs: 20_000, message: `match ${slug} to be loaded on the fake` },
  );
  return slug;
}

const read = async (server: TestServer, slug: string) =>
  (await server.request('GET', `/api/matches/${slug}`)).body.match;

const control = (server: TestServer, slug: string, action: string, body?: unknown) =>
  server.request('POST', `/api/matches/${slug}/${action}`, body === undefined ? {} : { body });

function expectRefused(res: { status: number; body: { code: string; error: string } }, text: RegExp) {
  expect([res.status, res.body.code]).toEqual([422, 'INVALID_STATE']);
  expect(res.body.error).toMatch(text);
}

/** Warmup lasts until an admin ends it: players take ages to connect. */
const STUCK_IN_WARMUP: MatchScript = {
  seed: 3,
  pace: { playerConnect: 100_000 },
  maps: [{ score: [13, 9] }],
};
/** Rounds of about four seconds, so a live match can be handled. */
const SLOW_LIVE: MatchScript = {
  seed: 4,
  pace: { round: [100, 100], playerConnect: 1, playerReady: 1 },
  maps: [{ score: [13, 9] }],
};

describe('admin controls in warmup (loaded, not live)', () => {
  it('broadcast, swap teams, reallocate and end warmup act on the fake; live-only controls are refused', async () => {
    const matchday = await startMatchday();
    const first = await addServer(matchday, 'srv-1', STUCK_IN_WARMUP, 40);
    const slug = await loadedMatch(matchday, first);
    const second = await addServer(matchday, 'srv-2', STUCK_IN_WARMUP, 40);
    expect((await read(matchday, slug)).serverId).toBe('srv-1');

    for (const action of ['pause', 'unpause', 'restart-round', 'end-match']) {
      expectRefused(await control(matchday, slug, action), /while the match is loaded/);
    }
    expectRefused(
      await control(matchday, slug, 'add-time', { seconds: 30 }),
      /Cannot add round time while the match is loaded/,
    );

    // The plugin prints the raw rest of the line: no quotes, no `;` that would run the rest (5.3).
    const message = 'GL HF; "kick all" see you';
    expect((await control(matchday, slug, 'broadcast', { message })).status).toBe(200);
    expect(first.commands).toContain('css_asay GL HF kick all see you');
    const onlySeparators = await control(matchday, slug, 'broadcast', { message: ';"' });
    expect([onlySeparators.status, onlySeparators.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    // No plugin can swap sides mid-match; mp_swapteams would put every later score on the wrong team.
    expectRefused(await control(matchday, slug, 'swap-teams'), /cannot swap sides during a match/);
    expect(first.commands).not.toContain('mp_swapteams');

    const moved = await control(matchday, slug, 'reallocate', { serverId: 'srv-2' });
    expect(moved.status).toBe(200);
    expect(moved.body.match).toMatchObject({ status: 'loaded', serverId: 'srv-2' });
    expect(second.loads.at(-1)).toMatchObject({ outcome: 200, result: 'loaded' });
    await first.waitForStatus('idle');

    expect((await control(matchday, slug, 'end-warmup')).status).toBe(200);
    await second.waitForEvent('going_live');
    expect((await read(matchday, slug)).status).toBe('live');
    expectRefused(
      await control(matchday, slug, 'reallocate'),
      /Cannot reallocate the server while the match is live/,
    );
    expectRefused(await control(matchday, slug, 'skip-veto'), /Cannot skip the veto while the match is live/);
  }, 60_000);
});

describe('controls the plugin refuses or ignores are reported as refused, nothing stored', () => {
  /** A long knife round, four-round maps with a long halftime break: 40 real ms per game second. */
  const REFUSALS: MatchScript = {
    seed: 5,
    pace: { playerConnect: 1, playerReady: 1, knifeRound: 200, round: [20, 20], halftime: 150 },
    maps: [{ score: [3, 1] }, { score: [3, 1] }],
  };

  for (const flavour of ['matchzy', 'at'] as const) {
    it(`${flavour === 'matchzy' ? '1.4.21' : '2.0.0'}: end warmup in the knife round; pause and restore at halftime and between maps`, async () => {
      const matchday = await startMatchday();
      const fake = await addFakeServer(matchday, 'srv-1', fakes, {
        flavour,
        msPerGameSecond: 40,
        demoSizeBytes: 16 * 1024,
        script: REFUSALS,
      });
      // 300 game s (12 real s) between the maps of the bo3.
      await fake.execute('mp_match_restart_delay 300');
      const { slug } = await postTwoTeamsAndBo1(matchday, {
        maxRounds: 4,
        format: 'bo3',
        maps: ['de_mirage', 'de_inferno', 'de_nuke'],
      });
      await fake.waitForEvent('knife_round_started', undefined, 30_000);
      expect((await read(matchday, slug)).status).toBe('loaded');
      const start = await control(matchday, slug, 'end-warmup');
      expect([start.status, start.body.code]).toEqual([409, 'PLUGIN_REFUSED']);
      expect(start.body.error).toContain('Start command cannot be used if match is already started!');
      expect((await read(matchday, slug)).status).toBe('loaded');

      await fake.waitForEvent('halftime_started', undefined, 30_000);
      const pause = await control(matchday, slug, 'pause');
      expect([pause.status, pause.body.code]).toEqual([409, 'PLUGIN_REFUSED']);
      expect(pause.body.error).toContain('You cannot use this command during halftime.');
      const restore = await control(matchday, slug, 'restore-backup', { round: 1 });
      expect([restore.status, restore.body.code]).toEqual([409, 'PLUGIN_REFUSED']);
      expect(restore.body.error).toContain('You cannot load a backup during halftime.');
      expect((await read(matchday, slug)).phase).not.toBe('paused');
      expect(fake.delivered('match_paused')).toHaveLength(0);
      expect(fake.delivered('backup_loaded')).toHaveLength(0);

      // Once the next round is under way the same pause is taken and confirmed by its event.
      await fake.waitForEvent('round_started', (p) => p.round_number === 3, 30_000);
      const paused = await control(matchday, slug, 'pause');
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      expect(paused.body.match.phase).toBe('paused');
      expect((await control(matchday, slug, 'unpause')).status).toBe(200);

      // Between the maps: a pause is refused in words, a restore ignored without any.
      await fake.waitForEvent('map_result', undefined, 30_000);
      const late = await control(matchday, slug, 'pause');
      expect([late.status, late.body.code]).toEqual([409, 'PLUGIN_REFUSED']);
      expect(late.body.error).toContain('You cannot use this command after the game has ended.');
      const ignored = await control(matchday, slug, 'restore-backup', { round: 1 });
      expect([ignored.status, ignored.body.code]).toEqual([409, 'PLUGIN_REFUSED']);
      expect(ignored.body.error).toMatch(/no backup_loaded within 5 s/);
      expect(fake.delivered('backup_loaded')).toHaveLength(0);
      expect(fake.delivered('match_paused')).toHaveLength(1);
    }, 120_000);
  }
});

describe('admin controls on a live match', () => {
  it('pause, unpause, restart round, restore, add time, end match; then nothing but reading', async () => {
    const matchday = await startMatchday();
    const fake = await addServer(matchday, 'srv-1', SLOW_LIVE, 40);
    const slug = await loadedMatch(matchday, fake);
    await fake.waitForEvent('round_end', (p) => p.round_number === 2, 30_000);

    const seen = await read(matchday, slug);
    const paused = await control(matchday, slug, 'pause');
    expect(
      paused.status,
      JSON.stringify([seen.status, seen.phase, fake.status, fake.events.map((e) => e.name).slice(-8)]),
    ).toBe(200);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.match.phase).toBe('paused');
    await fake.waitForStatus('paused');
    expect(fake.commands).toContain('css_forcepause');
    expectRefused(await control(matchday, slug, 'pause'), /Cannot pause while the match is paused/);
    await waitFor(async () => (await read(matchday, slug)).phase === 'paused', {
      timeoutMs: 20_000,
      message: 'the match to be paused',
    });
    const unpaused = await control(matchday, slug, 'unpause');
    expect(unpaused.status, JSON.stringify(unpaused.body)).toBe(200);
    expect(unpaused.body.match.phase).toBe('live');
    await fake.waitForStatus('playing');
    expectRefused(await control(matchday, slug, 'unpause'), /Cannot unpause while the match is live/);

    const started = fake.events.filter((e) => e.name === 'round_started').length;
    await waitFor(async () => fake.events.filter((e) => e.name === 'round_started').length > started, {
      timeoutMs: 20_000,
      message: 'the next round to start',
    });
    // The plugin's backups are numbered by rounds played: the round in progress is backup t1+t2 (5.3).
    const before = await read(matchday, slug);
    const played = before.team1MapScore + before.team2MapScore;
    const restarted = await control(matchday, slug, 'restart-round');
    expect(restarted.status, JSON.stringify(restarted.body)).toBe(200);
    await fake.waitForEvent('backup_loaded', (p) => p.round_number === played);
    expect(fake.match?.roundsPlayed).toBe(played);
    // Round 1 as players count it is the start of the map: backup 0.
    expect((await control(matchday, slug, 'restore-backup', { round: 1 })).status).toBe(200);
    await fake.waitForEvent('backup_loaded', (p) => p.round_number === 0);
    expect(fake.match?.roundsPlayed).toBe(0);
    const missing = await control(matchday, slug, 'restore-backup', { round: 40 });
    expect([missing.status, missing.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(missing.body.error).toContain('round 40');
    const zero = await control(matchday, slug, 'restore-backup', { round: 0 });
    expect([zero.status, zero.body.code]).toEqual([400, 'VALIDATION_FAILED']);

    expect((await control(matchday, slug, 'add-time', { seconds: 30 })).status).toBe(200);
    expect(fake.commands.filter((c) => c.startsWith('mp_roundtime_defuse ')).at(-1)).toBe(
      'mp_roundtime_defuse 2.42',
    );
    const bad = await control(matchday, slug, 'add-time', { seconds: 0 });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);

    const ended = await control(matchday, slug, 'end-match');
    expect(ended.status).toBe(200);
    // The current score decides; a level one waits for an admin decision.
    const m = ended.body.match;
    expect(m.status).toBe(m.team1MapScore === m.team2MapScore ? 'needs_decision' : 'completed');
    await fake.waitForStatus('idle');
    for (const action of ['pause', 'end-match', 'end-warmup', 'broadcast']) {
      expect(
        (await control(matchday, slug, action, action === 'broadcast' ? { message: 'x' } : undefined)).status,
      ).toBe(422);
    }
  }, 90_000);

  it('restart reloads from the start; force cancel works with the server offline and frees it', async () => {
    const matchday = await startMatchday();
    const fake = await addServer(matchday, 'srv-1', SLOW_LIVE, 40);
    const slug = await loadedMatch(matchday, fake);
    await fake.waitForEvent('round_end', (p) => p.round_number === 1, 30_000);
    await waitFor(async () => (await stats(matchday, slug)).maps.length === 1, {
      timeoutMs: 10_000,
      message: "round 1's player statistics",
    });
    const firstAttempt = (await read(matchday, slug)).matchid as number;
    const restarted = await control(matchday, slug, 'restart');
    expect(restarted.status).toBe(200);
    expect(restarted.body.match).toMatchObject({
      status: 'loaded',
      team1MapScore: 0,
      team2MapScore: 0,
      maps: [],
    });
    // Everything played is forgotten, the players' figures too.
    expect((await stats(matchday, slug)).total).toEqual({ team1: [], team2: [] });
    await waitFor(async () => fake.loads.filter((l) => l.result === 'loaded').length === 2, {
      timeoutMs: 20_000,
      message: 'the match loaded again after the restart',
    });
    // The new attempt plays under a new match id: the abandoned one's retried events count for nothing.
    const secondAttempt = fake.loads.filter((l) => l.result === 'loaded')[1]!.matchId;
    expect(secondAttempt).not.toBe(firstAttempt);
    expect((await read(matchday, slug)).matchid).toBe(secondAttempt);
    const retried = await matchday.request('POST', '/api/events/srv-1', {
      token: null,
      body: JSON.stringify(roundEnd(firstAttempt, 0, 12, 0)),
      headers: { 'Content-Type': 'application/json', 'X-Plugin-Token': TOKENS.server },
    });
    expect(retried.body).toMatchObject({
      outcome: 'ignored',
      message: expect.stringMatching(new RegExp(`abandoned attempt of match ${slug}`)),
    });
    expect((await read(matchday, slug)).team1MapScore).toBe(0);

    await fake.stop();
    const cancelled = await control(matchday, slug, 'force-cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.match.status).toBe('cancelled');
    const server = (await matchday.request('GET', '/api/servers/srv-1')).body.server;
    expect(server.availability.activeMatch).toBeNull();
    expectRefused(
      await control(matchday, slug, 'force-cancel'),
      /Cannot force cancel while the match is cancelled/,
    );
  }, 60_000);
});

describe('POST /api/servers/actions', () => {
  it('runs an action on the match of each server and reports the ones that cannot', async () => {
    const matchday = await startMatchday();
    const fake = await addServer(matchday, 'srv-1', STUCK_IN_WARMUP, 40);
    await loadedMatch(matchday, fake);
    await addServer(matchday, 'srv-2', STUCK_IN_WARMUP, 40);
    const res = await matchday.request('POST', '/api/servers/actions', {
      body: { serverIds: ['srv-1', 'srv-2', 'nope'], action: 'broadcast', message: 'Dinner in 10' },
    });
    expect(res.status).toBe(207);
    expect(
      res.body.results.map((r: { serverId: string; ok: boolean; code?: string }) => [
        r.serverId,
        r.ok,
        r.code,
      ]),
    ).toEqual([
      ['srv-1', true, undefined],
      ['srv-2', false, 'INVALID_STATE'],
      ['nope', false, 'NOT_FOUND'],
    ]);
    expect(fake.commands).toContain('css_asay Dinner in 10');
    const missing = await matchday.request('POST', '/api/servers/actions', {
      body: { serverIds: ['srv-1'], action: 'add-time' },
    });
    expect(missing.body.results[0].code).toBe('VALIDATION_FAILED');
  }, 60_000);
});
