import { describe, expect, it } from 'vitest';
import type { FakeGameServer } from '../fakes/index.js';
import type { MatchScript } from '../fakes/match-script.js';
import { TOKENS, type TestServer } from '../helpers/server.js';
import {
  addFakeServer,
  postBo1,
  postTwoTeamsAndBo1,
  useMatchdayAndFakes,
} from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

/** Warmup lasts as long as the test: the fake sends no events of its own. */
const STUCK_IN_WARMUP: MatchScript = {
  seed: 3,
  pace: { playerConnect: 100_000 },
  maps: [{ score: [13, 9] }],
};

const addServer = (server: TestServer, id: string) =>
  addFakeServer(server, id, fakes, { msPerGameSecond: 40, script: STUCK_IN_WARMUP });

const read = async (server: TestServer, slug: string) =>
  (await server.request('GET', `/api/matches/${slug}`)).body.match;

/** An event as the plugin of `sender` posts it. */
const post = (server: TestServer, sender: string, body: Record<string, unknown>) =>
  server.request('POST', `/api/events/${sender}`, {
    token: null,
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'X-Plugin-Token': TOKENS.server },
  });

const side = (score: number) => ({
  series_score: 0,
  score,
  score_ct: 0,
  score_t: 0,
  players: [],
  id: '',
  name: 'x',
});
/** A map played to `t1`:`t2`: live, its last round, its result. */
async function playMap(server: TestServer, sender: string, matchid: number, t1: number, t2: number) {
  await post(server, sender, { map_number: 0, matchid, event: 'going_live' });
  await post(server, sender, {
    reason: 9,
    winner: { side: '2', team: 'team1' },
    team1: side(t1),
    team2: side(t2),
    round_time: 0,
    round_number: t1 + t2,
    map_number: 0,
    matchid,
    event: 'round_end',
  });
  await post(server, sender, {
    winner: { side: '2', team: t1 > t2 ? 'team1' : 'team2' },
    team1: side(t1),
    team2: side(t2),
    map_number: 0,
    matchid,
    event: 'map_result',
  });
}

/** Waits until the match is loaded and the server fetched its config (the `loads`-th load of the fake). */
const loadedOn = (server: TestServer, fake: FakeGameServer, slug: string, loads = 1) =>
  waitFor(async () => fake.loads.length === loads && (await read(server, slug)).status === 'loaded', {
    timeoutMs: 20_000,
    message: `the match loaded and its config fetched ${loads} time(s)`,
  });

/** Waits until Matchday reads the server's status over RCON again (after a restart). */
const serverAnswers = (server: TestServer, id: string) =>
  waitFor(async () => (await server.request('GET', `/api/servers/${id}/status`)).body.live !== null, {
    timeoutMs: 20_000,
    message: `server ${id} to answer over RCON`,
  });

async function recover(server: TestServer) {
  const res = await server.request('POST', '/api/recovery/recover');
  expect(res.status).toBe(200);
  return res.body as { count: number; matches: { slug: string; action: string; reason: string }[] } & Record<
    string,
    unknown
  >;
}

describe('POST /api/recovery/recover', () => {
  it('keeps a match its server has set up (report requested), and sets it live when the server plays it', async () => {
    const matchday = await startMatchday();
    const fake = await addServer(matchday, 'srv-1');
    const { slug } = await postTwoTeamsAndBo1(matchday);
    await loadedOn(matchday, fake, slug);

    const reportsBefore = fake.reports.length;
    const synced = await recover(matchday);
    expect(synced).toMatchObject({
      success: true,
      count: 1,
      matches: [
        {
          slug,
          serverId: 'srv-1',
          server: { status: 'warmup', match: expect.any(String) },
          action: 'in_sync',
          statusBefore: 'loaded',
          statusAfter: 'loaded',
          reportRequested: true,
        },
      ],
    });
    // Asked for once the recovery committed: it may reach the server just after the answer.
    await waitFor(() => (fake.commands.includes('plugin_match_report') ? true : undefined), {
      message: 'the report request on srv-1',
    });
    await waitFor(async () => fake.reports.length > reportsBefore, {
      timeoutMs: 20_000,
      message: 'a new report from the plugin',
    });

    await fake.execute('plugin_tournament_status playing');
    const live = await recover(matchday);
    expect(live.matches[0]).toMatchObject({ action: 'mark_live', statusAfter: 'live' });
    expect((await read(matchday, slug)).status).toBe('live');
  });

  it('requeues a loaded match its restarted server lost; leaves a live one to the admin; keeps one whose server is down', async () => {
    const matchday = await startMatchday();
    // Recovery's own verdicts: with failover on, the live match's start-up would load it again first.
    expect(
      (await matchday.request('PUT', '/api/settings', { body: { failoverAfterSeconds: 0 } })).status,
    ).toBe(200);
    const fake = await addServer(matchday, 'srv-1');
    const { slug, matchid } = await postTwoTeamsAndBo1(matchday);
    await loadedOn(matchday, fake, slug);

    await fake.restart();
    await serverAnswers(matchday, 'srv-1');
    const requeued = await recover(matchday);
    expect(requeued.matches[0]).toMatchObject({
      action: 'requeue',
      statusBefore: 'loaded',
      server: { status: 'warmup', match: null },
    });
    // Waiting for a server again, and loaded at once on the free one.
    await loadedOn(matchday, fake, slug, 2);
    expect(fake.loads.at(-1)).toMatchObject({ outcome: 200, result: 'loaded' });

    await post(matchday, 'srv-1', { map_number: 0, matchid, event: 'going_live' });
    expect((await read(matchday, slug)).status).toBe('live');
    await fake.restart();
    await serverAnswers(matchday, 'srv-1');
    const lost = await recover(matchday);
    expect(lost.matches[0]).toMatchObject({ action: 'needs_attention', statusAfter: 'live' });
    expect(lost.matches[0]!.reason).toMatch(/no longer plays the match.*choose the winner/);
    expect(matchday.logs.some((line) => line.includes('"action":"needs_attention"'))).toBe(true);

    await fake.stop();
    const down = await recover(matchday);
    expect(down.matches[0]).toMatchObject({ action: 'unreachable', statusAfter: 'live', server: null });
    expect((await read(matchday, slug)).status).toBe('live');
  });

  it('decides a series whose maps ran out without a series end: on recovery, and on an idle report', async () => {
    const matchday = await startMatchday();
    // Maps are played by posted events here: no demo would ever come to free the server.
    expect((await matchday.request('PUT', '/api/settings', { body: { demoRecording: false } })).status).toBe(
      200,
    );
    // Created before its server exists: an event the server sent early is stored, not applied.
    const { slug, matchid } = await postTwoTeamsAndBo1(matchday);
    const early = await post(matchday, 'srv-1', {
      player: { steamid: '76561198000000011', name: 'p1', user_id: 1, side: 'ct', is_bot: false },
      matchid,
      event: 'player_connect',
    });
    expect(early.body.outcome).toBe('ignored');
    const fake = await addServer(matchday, 'srv-1');
    await loadedOn(matchday, fake, slug);
    // The plugin's first status report lists who is connected (nobody on a fake): replayed after it, the
    // early connect is what the live view keeps.
    await waitFor(
      async () =>
        (await matchday.request('GET', `/api/matches/${slug}/live`)).body.live.report ? true : undefined,
      { message: `the first status report of srv-1 for ${slug}` },
    );
    const replayed = await matchday.request('POST', `/api/recovery/replay/${slug}`);
    expect(replayed.body).toMatchObject({ newlyApplied: 1, changed: true, seriesEnded: false });
    const live = (await matchday.request('GET', `/api/matches/${slug}/live`)).body;
    expect(JSON.stringify(live)).toContain('76561198000000011');
    expect((await matchday.request('POST', `/api/recovery/replay/${slug}`)).body).toMatchObject({
      newlyApplied: 0,
      changed: false,
    });

    await playMap(matchday, 'srv-1', matchid, 13, 9);
    expect((await read(matchday, slug)).status).toBe('live');
    // The server ends the match without a series end (status idle, its match convar still names it).
    await fake.execute('css_endmatch');
    await fake.waitForStatus('idle');
    const ended = await recover(matchday);
    expect(ended.matches[0]).toMatchObject({ action: 'end_series', statusAfter: 'completed' });
    expect(await read(matchday, slug)).toMatchObject({ status: 'completed', winnerId: 'team1' });
    // The server is free again: the next match is loaded on it.
    const level = await postBo1(matchday, { overtimeMode: 'disabled_draw' });
    await loadedOn(matchday, fake, level.slug, 2);
    await playMap(matchday, 'srv-1', level.matchid, 12, 12);
    await fake.execute('css_endmatch');
    await fake.waitForStatus('idle');
    await fake.execute('plugin_match_report');
    // Level on maps, rounds and damage: an admin decides; the server is freed.
    await waitFor(async () => (await read(matchday, level.slug)).status === 'needs_decision', {
      timeoutMs: 20_000,
      message: 'the level series to need a decision',
    });
    const srv = (await matchday.request('GET', '/api/servers/srv-1')).body.server;
    expect(srv.availability.activeMatch).toBeNull();
  });
});
