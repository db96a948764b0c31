import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeGameServer } from '../fakes/index.js';
import type { DemoOutcome } from '../fakes/match-script.js';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait.js';

const RCON_PASSWORD = 'rcon-password-demos';
let matchday: TestServer | undefined;
let fake: FakeGameServer | undefined;

afterEach(async () => {
  await fake?.stop();
  await matchday?.stop();
  matchday = fake = undefined;
});

/** A clock tests move by hand; Matchday's stored deadlines are read against it. */
function manualClock(start = 1_900_000_000) {
  const clock = { at: start, now: () => clock.at };
  return clock;
}

async function manualMatch(server: TestServer, format: 'bo1' | 'bo3' = 'bo1') {
  for (const team of [1, 2]) {
    await server.request('POST', '/api/teams', {
      body: {
        id: `team${team}`,
        name: `Team ${team}`,
        tag: `T${team}`,
        players: [{ platformId: String(76561198000000000n + BigInt(team)), name: `p${team}` }],
      },
    });
  }
  const maps = format === 'bo1' ? ['de_mirage'] : ['de_mirage', 'de_inferno', 'de_nuke'];
  const res = await server.request('POST', '/api/matches', {
    body: { team1Id: 'team1', team2Id: 'team2', format, veto: false, maps, teamSize: 1 },
  });
  return res.body.match as { slug: string; matchid: number };
}

/** A Matchday with one fake server set up, a bo1 loaded on it and played with this demo outcome. */
async function playWithDemo(
  outcome: DemoOutcome,
  clock = manualClock(),
  dataDir = tempDir('matchday-demos-'),
  { demoSizeBytes = 128 * 1024, env = {} }: { demoSizeBytes?: number; env?: Record<string, string> } = {},
) {
  matchday = await startTestServer({ clock, dataDir, env });
  fake = new FakeGameServer({
    password: RCON_PASSWORD,
    msPerGameSecond: 0.01,
    bootstrapDebounceMs: 20,
    serverHealthIntervalSeconds: 0,
    demoSizeBytes,
    script: { seed: 5, maps: [{ score: [13, 4], demo: outcome }] },
  });
  await fake.start();
  await matchday.request('POST', '/api/servers', {
    body: { id: 'srv', name: 'srv', host: '127.0.0.1', port: fake.rconPort, rconPassword: RCON_PASSWORD },
  });
  await fake.waitForEvent('server_configured');
  const { slug } = await manualMatch(matchday);
  await matchday.running.app.services.loading.loadMatch(slug, 'srv');
  await fake.matchFinished();
  return { slug, clock, dataDir };
}

const serverView = async () => (await matchday!.request('GET', '/api/servers/srv')).body.server;
const partials = (dataDir: string) =>
  fs.existsSync(path.join(dataDir, 'demos'))
    ? fs.readdirSync(path.join(dataDir, 'demos')).filter((f) => f.endsWith('.part'))
    : [];

describe('GOTV after a game-server restart', () => {
  // The server boots on the match's map with GOTV off: 1.4.21 does not change level then
  // (src/MatchManagement.cs:507-510), so Matchday reloads the idle map once the plugin says it
  // started; 2.0.0 reloads it itself at the load.
  it.each(['matchzy', 'at'] as const)(
    '%s: the first match on the map the server booted on records its demo',
    async (flavour) => {
      matchday = await startTestServer({ clock: manualClock() });
      fake = new FakeGameServer({
        flavour,
        map: 'de_mirage',
        password: RCON_PASSWORD,
        msPerGameSecond: 0.01,
        bootstrapDebounceMs: 20,
        serverHealthIntervalSeconds: 0,
        script: { seed: 5, maps: [{ score: [13, 4] }] },
      });
      await fake.start();
      await matchday.request('POST', '/api/servers', {
        body: { id: 'srv', name: 'srv', host: '127.0.0.1', port: fake.rconPort, rconPassword: RCON_PASSWORD },
      });
      await fake.waitForEvent('server_configured');
      await fake.restart();
      expect(fake.gotvActive).toBe(false);
      await fake.waitForEvent('server_configured', (e) => e.configured_by === 'Startup');
      if (flavour === 'matchzy') {
        await waitFor(() => fake!.gotvActive, { message: 'the map reload after the Startup event' });
      }
      const { slug } = await manualMatch(matchday);
      await matchday.running.app.services.loading.loadMatch(slug, 'srv');
      await fake.matchFinished();
      await fake.settled();
      expect(fake.demos.map((demo) => demo.outcome)).toEqual([200]);
    },
    30_000,
  );
});

describe('demos and server freeing', () => {
  it('a demo upload that starts and never reports back holds the server about 5 minutes, across a restart, then frees it with a warning', async () => {
    const { clock, dataDir } = await playWithDemo('never-reports');
    await fake!.waitForEvent('demo_upload_start');
    // The upload stalls: the server is held as from the map end, tv_delay + 15 s + the 150 s timeout.
    let server = await serverView();
    expect(server.demoHold).toMatchObject({ uploading: true, until: clock.at + 135 + 15 + 150 });
    expect(server.availability).toMatchObject({ free: false, blockedReason: 'holding_demo' });

    // A restart keeps the deadline: it is stored.
    await matchday!.stop();
    clock.at += 4 * 60;
    matchday = await startTestServer({ clock, dataDir });
    server = await serverView();
    expect(server.demoHold).toMatchObject({ uploading: true });
    expect(await matchday.running.app.services.servers.releaseExpiredHolds()).toEqual([]);

    clock.at += 60;
    expect(await matchday.running.app.services.servers.releaseExpiredHolds()).toEqual(['srv']);
    server = await serverView();
    expect(server.demoHold).toBeNull();
    expect(server.availability.free).toBe(true);
    expect(matchday.logs.some((l) => l.includes('never reported back in time'))).toBe(true);
  });

  it('holds after a map end for tv_delay + 15 s + 150 s when no upload starts, then frees it with a warning', async () => {
    const clock = manualClock();
    matchday = await startTestServer({ clock });
    const { slug, matchid } = await manualMatch(matchday);
    const app = matchday.running.app;
    // A server nobody answers for (its setup fails), and the match live on it.
    await matchday.request('POST', '/api/servers', {
      body: { id: 'quiet', name: 'quiet', host: '127.0.0.1', port: 1, rconPassword: 'unused-password' },
    });
    const matches = app.ctx.repos.matches;
    await matches.save({ ...(await matches.get(slug))!, serverId: 'quiet', status: 'live' });
    const post = (body: object) =>
      matchday!.request('POST', '/api/events/quiet', {
        token: null,
        body,
        headers: { 'X-Plugin-Token': TOKENS.server },
      });
    const team = (score: number) => ({
      id: 't',
      name: 't',
      series_score: 0,
      score,
      score_ct: 0,
      score_t: 0,
      players: [],
    });
    expect(
      (
        await post({
          event: 'map_result',
          matchid,
          map_number: 0,
          team1: team(13),
          team2: team(5),
          winner: { side: '3', team: 'team1' },
        })
      ).status,
    ).toBe(200);
    const held = (await matchday.request('GET', '/api/servers/quiet')).body.server;
    expect(held.demoHold).toMatchObject({ uploading: false, until: clock.at + 135 + 15 + 150 });
    clock.at += 299;
    expect(await app.services.servers.releaseExpiredHolds()).toEqual([]);
    clock.at += 1;
    expect(await app.services.servers.releaseExpiredHolds()).toEqual(['quiet']);
    expect(matchday.logs.some((l) => l.includes('never reported back'))).toBe(true);
  });

  it('a failed upload (file not found) reports back at once: no hold, no demo, the failure shown', async () => {
    const { slug } = await playWithDemo('file-not-found');
    await fake!.settled();
    expect((await serverView()).demoHold).toBeNull();
    const match = (await matchday!.request('GET', `/api/matches/${slug}`)).body.match;
    expect(match.maps[0].demo).toBeNull();
    const live = (await matchday!.request('GET', `/api/matches/${slug}/live`)).body.live;
    expect(live.demos).toEqual([expect.objectContaining({ mapNumber: 0, state: 'failed' })]);
  });

  it('an interrupted upload leaves no partial file; the plugin retries and then reports the failure', async () => {
    const { slug, dataDir } = await playWithDemo('interrupted');
    await fake!.settled();
    expect(fake!.demos.map((d) => d.outcome)).toEqual(['error', 'error', 'error']);
    // Matchday notices the broken connection on its own schedule.
    await expect.poll(() => partials(dataDir), { timeout: 3_000 }).toEqual([]);
    expect((await matchday!.request('GET', `/api/matches/${slug}`)).body.match.maps[0].demo).toBeNull();
    expect((await serverView()).demoHold).toBeNull();
  });

  it('stores a demo sent to the URL of another match of the event with the match it was recorded for, and logs it', async () => {
    matchday = await startTestServer();
    const first = await manualMatch(matchday);
    const second = await manualMatch(matchday);
    const res = await fetch(`${matchday.url}/api/demos/${first.slug}/upload`, {
      method: 'POST',
      headers: {
        'X-Plugin-Token': TOKENS.server,
        'Content-Type': 'application/octet-stream',
        'MatchZy-MatchId': String(second.matchid),
        'MatchZy-MapNumber': '0',
        'MatchZy-FileName': 'late.dem',
      },
      body: Buffer.alloc(1000, 9),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { demo: { matchSlug: string } }).demo.matchSlug).toBe(second.slug);
    const download = (slug: string) =>
      fetch(`${matchday!.url}/api/demos/${slug}/0`, { headers: { 'X-API-Token': TOKENS.admin } });
    expect((await download(first.slug)).status).toBe(404);
    expect((await (await download(second.slug)).arrayBuffer()).byteLength).toBe(1000);
    expect(
      matchday.logs.some((l) => l.includes(`recorded for match ${second.slug}`) && l.includes('"level":40')),
    ).toBe(true);
  });

  it('keeps demos under MATCHDAY_FILES_DIR when set (a volume every instance shares), not the data folder', async () => {
    const dataDir = tempDir('matchday-data-');
    const filesDir = tempDir('matchday-files-');
    matchday = await startTestServer({ dataDir, env: { MATCHDAY_FILES_DIR: filesDir } });
    const { slug, matchid } = await manualMatch(matchday);
    const res = await fetch(`${matchday.url}/api/demos/${slug}/upload`, {
      method: 'POST',
      headers: {
        'X-Plugin-Token': TOKENS.server,
        'Content-Type': 'application/octet-stream',
        'MatchZy-MatchId': String(matchid),
        'MatchZy-MapNumber': '0',
        'MatchZy-FileName': 'shared.dem',
      },
      body: Buffer.alloc(2000, 7),
    });
    expect(res.status).toBe(200);
    expect(fs.readdirSync(path.join(filesDir, 'demos'))).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, 'demos'))).toBe(false);
    const download = await fetch(`${matchday.url}/api/demos/${slug}/0`, {
      headers: { 'X-API-Token': TOKENS.admin },
    });
    expect((await download.arrayBuffer()).byteLength).toBe(2000);
  });

  it('refuses a demo whose match id is no match of the event (409), too large (413); nothing stored', async () => {
    const dataDir = tempDir('matchday-demos-');
    matchday = await startTestServer({ dataDir, env: { DEMO_MAX_MB: '1' } });
    const { slug, matchid } = await manualMatch(matchday);
    const upload = (matchId: number, bytes: number) =>
      fetch(`${matchday!.url}/api/demos/${slug}/upload`, {
        method: 'POST',
        headers: {
          'X-Plugin-Token': TOKENS.server,
          'Content-Type': 'application/octet-stream',
          'MatchZy-MatchId': String(matchId),
          'MatchZy-MapNumber': '0',
          'MatchZy-FileName': 'x.dem',
        },
        body: Buffer.alloc(bytes, 7),
      });
    const wrong = await upload(matchid + 1000, 1000);
    expect([wrong.status, ((await wrong.json()) as { code: string }).code]).toEqual([
      409,
      'DEMO_MATCH_MISMATCH',
    ]);
    const big = await upload(matchid, 2 * 1024 * 1024);
    expect(big.status).toBe(413);
    expect(partials(dataDir)).toEqual([]);
    const ok = await upload(matchid, 1000);
    expect(ok.status).toBe(200);
    // Not public before the match is completed; an admin may download it.
    expect((await fetch(`${matchday.url}/api/demos/${slug}/0`)).status).toBe(403);
    const admin = await fetch(`${matchday.url}/api/demos/${slug}/0`, {
      headers: { 'X-API-Token': TOKENS.admin },
    });
    expect((await admin.arrayBuffer()).byteLength).toBe(1000);
  });

  it("refuses, naming the match, a demo of an attempt the match's restart abandoned", async () => {
    matchday = await startTestServer();
    const { slug, matchid } = await manualMatch(matchday);
    const event = await matchday.request('POST', `/api/events/${slug}`, {
      token: null,
      body: JSON.stringify({ matchid, event: 'series_start' }),
      headers: { 'Content-Type': 'application/json', 'X-Plugin-Token': TOKENS.server },
    });
    expect(event.body.outcome).toBe('applied');
    expect((await matchday.request('POST', `/api/matches/${slug}/restart`)).status).toBe(200);
    const res = await fetch(`${matchday.url}/api/demos/${slug}/upload`, {
      method: 'POST',
      headers: {
        'X-Plugin-Token': TOKENS.server,
        'Content-Type': 'application/octet-stream',
        'MatchZy-MatchId': String(matchid),
        'MatchZy-MapNumber': '0',
        'MatchZy-FileName': 'x.dem',
      },
      body: Buffer.alloc(1000, 7),
    });
    const body = (await res.json()) as { code: string; error: string };
    expect([res.status, body.code]).toEqual([409, 'DEMO_MATCH_MISMATCH']);
    expect(body.error).toContain(`abandoned attempt of match ${slug}`);
  });

  it('a demo over DEMO_MAX_MB is refused with 413: no partial file, no demo, and the server is free again', async () => {
    const { slug, dataDir } = await playWithDemo('upload', manualClock(), tempDir('matchday-demos-'), {
      demoSizeBytes: 3 * 1024 * 1024,
      env: { DEMO_MAX_MB: '1' },
    });
    await fake!.settled();
    expect(fake!.demos.map((d) => d.outcome)).toEqual([413]);
    expect(partials(dataDir)).toEqual([]);
    expect((await matchday!.request('GET', `/api/matches/${slug}`)).body.match.maps[0].demo).toBeNull();
    const server = await serverView();
    expect(server.demoHold).toBeNull();
    expect(server.availability.free).toBe(true);
  });

  it('streams a 200 MB demo to disk without holding it in memory', async () => {
    const dataDir = tempDir('matchday-demos-');
    matchday = await startTestServer({ dataDir });
    const { slug, matchid } = await manualMatch(matchday);
    const size = 200 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 3);
    const url = new URL(`${matchday.url}/api/demos/${slug}/upload`);
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: {
          'X-Plugin-Token': TOKENS.server,
          'Content-Type': 'application/octet-stream',
          'Content-Length': size,
          'Plugin-MatchId': matchid,
          'Plugin-MapNumber': 0,
          'Plugin-FileName': 'big.dem',
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          sent += chunk.length;
          peak = Math.max(peak, process.memoryUsage().rss);
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(200);
    expect((peak - rssBefore) / 1024 / 1024).toBeLessThan(64);
    const stored = fs.readdirSync(path.join(dataDir, 'demos')).filter((f) => f.endsWith('.dem'));
    expect(stored).toHaveLength(1);
    expect(fs.statSync(path.join(dataDir, 'demos', stored[0]!)).size).toBe(size);
  });
});
