// Figures of the live streams at festival scale: 500, 2,000 and 4,000 SSE viewers on loopback, how fast a
// plugin's round_end is answered and reaches every viewer, and the server's memory, each next to a minimal
// SSE server measured in the same run (the floor). Then the public pages' bundle size and the projector's
// first bracket render in Chromium.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import {
  ADMIN_TOKEN,
  adminApi,
  median,
  percentile,
  roundEnd,
  rssMiB,
  sleep,
  startAndTime,
  stop,
  tempDir,
} from './lib.mjs';

const CLI = fileURLToPath(new URL('../out/server-bundle/cli.js', import.meta.url));
const FLOOR = fileURLToPath(new URL('./floor-sse.mjs', import.meta.url));
const RENDERER = fileURLToPath(new URL('../out/renderer', import.meta.url));
const SERVER_TOKEN = 'bench-server-token-0123456789';
/** 1 is the baseline: what the same POST costs on this machine, at this load, with nobody watching. */
const VIEWER_COUNTS = [1, 500, 2000, 4000];
const SCORE_CHANGES = 30;
/** Viewers connecting at once: more would overflow the listen backlog and measure SYN retries. */
const CONNECT_BATCH = 100;
const DELIVERY_TIMEOUT_MS = 10_000;
const SCREEN_LOADS = 5;
const SCREEN_TEAMS = 16;

export const conditions =
  `Matchday = out/server-bundle/cli.js in its own process on 127.0.0.1 at its default LOG_LEVEL (info), a fresh ` +
  `one per viewer count; floor = bench/floor-sse.mjs (node:http, answers then writes one Buffer to every ` +
  `viewer); ${VIEWER_COUNTS.join(', ')} viewers on GET /api/live, one bare TCP socket each (score found in ` +
  'the bytes read, no HTTP client), in the bench process; ' +
  `${SCORE_CHANGES} 5v5 round_end POSTs to /api/events/<slug> one after another; POST = sent -> answer read; ` +
  'delivery = sent -> the frame with the new score read by a viewer; RSS = highest of after connecting and ' +
  `after the changes; bundle = gzip -9 of out/renderer (index.html, JS, CSS); /screen in Chromium with a ` +
  `${SCREEN_TEAMS}-team double elimination, median of ${SCREEN_LOADS} loads`;

const HELLO = Buffer.from('"topic":"hello"');
const SCORE = Buffer.from('"team1MapScore":');
/** Bytes kept from one read for the next: a marker and its digits split between two reads are found whole. */
const KEEP = SCORE.length + 8;
const DIGIT_0 = 0x30;

/** The number written after the last SCORE marker in `bytes`, or 0. */
function lastScore(bytes) {
  let at = bytes.lastIndexOf(SCORE);
  if (at < 0) {
    return 0;
  }
  let score = 0;
  for (at += SCORE.length; at < bytes.length && bytes[at] >= DIGIT_0 && bytes[at] <= DIGIT_0 + 9; at++) {
    score = score * 10 + bytes[at] - DIGIT_0;
  }
  return score;
}

/**
 * One viewer: a bare TCP socket that sends the GET by hand and finds the score in the bytes it reads,
 * calling `onScore` the first time a `team1MapScore` higher than it saw arrives. No HTTP client, no
 * decoding or parsing of frames: thousands of viewers in one process would otherwise measure this process.
 * Digits cut by a read are found whole in the next one (with the kept bytes); a cut number is smaller
 * than the last score seen, so it is never taken for a new one.
 */
function openViewer(url, onScore) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(
        `GET /api/live HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`,
      ),
    );
    let answered = false;
    let opened = false;
    let seen = 0;
    let kept = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      if (!answered) {
        answered = true;
        if (!chunk.toString('latin1', 0, 12).startsWith('HTTP/1.1 200')) {
          socket.destroy();
          reject(new Error(`a viewer got ${chunk.toString('latin1', 0, 12)}`));
          return;
        }
      }
      const bytes = kept.length > 0 ? Buffer.concat([kept, chunk]) : chunk;
      kept = bytes.subarray(Math.max(0, bytes.length - KEEP));
      if (!opened && bytes.includes(HELLO)) {
        opened = true;
        resolve(socket);
      }
      const score = lastScore(bytes);
      if (score > seen) {
        seen = score;
        onScore(score, performance.now());
      }
    });
    socket.on('error', reject);
  });
}

/** POSTs a body and resolves when the answer is read; a non-2xx answer fails the run. */
function post(agent, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode >= 200 && res.statusCode < 300
          ? resolve()
          : reject(new Error(`POST ${url} answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * `count` viewers on one server, then `changes` round_ends one after another, each waited for until
 * every viewer has it (or DELIVERY_TIMEOUT_MS: what is still missing then counts as missed).
 */
async function measureViewers({ url, pid, eventsUrl, headers, matchid }, count, changes = SCORE_CHANGES) {
  const arrivals = new Map();
  const onScore = (score, at) => {
    const list = arrivals.get(score) ?? [];
    list.push(at);
    arrivals.set(score, list);
  };
  const viewers = [];
  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const batch = Math.min(CONNECT_BATCH, count - i);
    viewers.push(...(await Promise.all(Array.from({ length: batch }, () => openViewer(url, onScore)))));
  }
  await sleep(500);
  const rssConnected = rssMiB(pid);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const posts = [];
  const deliveries = [];
  let missed = 0;
  try {
    for (let n = 1; n <= changes; n++) {
      const sent = performance.now();
      await post(agent, eventsUrl, headers, roundEnd(matchid, n));
      posts.push(performance.now() - sent);
      const deadline = sent + DELIVERY_TIMEOUT_MS;
      while ((arrivals.get(n)?.length ?? 0) < count && performance.now() < deadline) {
        await sleep(1);
      }
      const got = arrivals.get(n) ?? [];
      missed += count - got.length;
      deliveries.push(...got.map((at) => at - sent));
      await sleep(50);
    }
    return { posts, deliveries, missed, rss: Math.max(rssConnected, rssMiB(pid)) };
  } finally {
    agent.destroy();
    viewers.forEach((socket) => socket.destroy());
  }
}

/**
 * A fresh Matchday (its own process) with one match, `count` viewers on /api/live and `changes` score
 * changes posted as the plugin does: POST times, delivery times (ms), changes missed, peak RSS.
 */
export async function matchdayDeliveries(count, changes = SCORE_CHANGES) {
  const { child, url } = await startAndTime(CLI, {
    MATCHDAY_DATA_DIR: tempDir(),
    API_TOKENS: `bench:${ADMIN_TOKEN}`,
    SERVER_TOKEN,
    LOG_LEVEL: 'info',
  });
  try {
    const teams = [];
    for (const name of ['Alpha', 'Bravo']) {
      teams.push((await adminApi(url, 'POST', '/api/teams', { name })).team.id);
    }
    const { match } = await adminApi(url, 'POST', '/api/matches', {
      team1Id: teams[0],
      team2Id: teams[1],
      format: 'bo1',
      maps: ['de_dust2'],
      veto: false,
    });
    return await measureViewers(
      {
        url,
        pid: child.pid,
        eventsUrl: `${url}/api/events/${match.slug}`,
        headers: { 'X-Plugin-Token': SERVER_TOKEN },
        matchid: match.matchid,
      },
      count,
      changes,
    );
  } finally {
    await stop(child);
  }
}

async function floorFigures(count) {
  const { child, url } = await startAndTime(FLOOR, {});
  try {
    return await measureViewers(
      { url, pid: child.pid, eventsUrl: `${url}/api/events/floor`, headers: {}, matchid: 1 },
      count,
    );
  } finally {
    await stop(child);
  }
}

const ms = (value) => `${value.toFixed(1)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(1)}x`;

function rowsOf(count, matchday, floor) {
  const post50 = percentile(matchday.posts, 50);
  const floorPost50 = percentile(floor.posts, 50);
  const delivery99 = percentile(matchday.deliveries, 99);
  const floorDelivery99 = percentile(floor.deliveries, 99);
  const changes = count * SCORE_CHANGES;
  return [
    {
      figure:
        `${count} viewers: plugin's POST answered, p50 (p99 ${ms(percentile(matchday.posts, 99))}; floor p50 ` +
        `${ms(floorPost50)}, p99 ${ms(percentile(floor.posts, 99))}; p50 ratio ${ratio(post50, floorPost50)})`,
      measured: ms(post50),
      value: Number(post50.toFixed(1)),
      target: count === 1 ? 'baseline' : '< 10 ms',
      ok: count === 1 ? null : post50 < 10,
    },
    {
      figure:
        `${count} viewers: delivery, p99 (p50 ${ms(percentile(matchday.deliveries, 50))}; floor p50 ` +
        `${ms(percentile(floor.deliveries, 50))}, p99 ${ms(floorDelivery99)}; p99 ratio ` +
        `${ratio(delivery99, floorDelivery99)})`,
      measured: ms(delivery99),
      value: Number(delivery99.toFixed(1)),
      target: count === 2000 ? '< 100 ms' : 'reported',
      ok: count === 2000 ? delivery99 < 100 : null,
    },
    {
      figure: `${count} viewers: server RSS (floor ${floor.rss.toFixed(0)} MiB; ratio ${ratio(matchday.rss, floor.rss)})`,
      measured: `${matchday.rss.toFixed(0)} MiB`,
      value: Number(matchday.rss.toFixed(1)),
      target: count === 4000 ? '< 200 MiB' : 'reported',
      ok: count === 4000 ? matchday.rss < 200 : null,
    },
    {
      figure: `${count} viewers: changes a viewer missed, of ${changes} (floor ${floor.missed})`,
      measured: String(matchday.missed),
      value: matchday.missed,
      target: '0',
      ok: matchday.missed === 0,
    },
  ];
}

/** The viewer-count rows: Matchday and the floor at each count, one after the other. */
export async function viewerScaleFigures() {
  const load = os.loadavg()[0];
  const rows = [];
  for (const count of VIEWER_COUNTS) {
    const matchday = await matchdayDeliveries(count);
    const floor = await floorFigures(count);
    rows.push(...rowsOf(count, matchday, floor));
  }
  rows.push({
    figure: 'load average (1 min) at the start and the end of the viewer runs, 2 cores shared',
    measured: `${load.toFixed(1)} / ${os.loadavg()[0].toFixed(1)}`,
    value: Number(load.toFixed(1)),
    target: 'reported',
    ok: null,
  });
  return rows;
}

function bundleFigure() {
  const files = [];
  const walk = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).forEach((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (/\.(js|css|html)$/.test(entry.name)) {
        files.push(full);
      }
    });
  walk(RENDERER);
  const bytes = files.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length, 0);
  const kb = bytes / 1024;
  return {
    figure: `web app bundle, gzip (${files.length} files; the public pages load all of it)`,
    measured: `${kb.toFixed(1)} KB`,
    value: Number(kb.toFixed(1)),
    target: '< 300 KB',
    ok: kb < 300,
  };
}

async function screenFigure(url) {
  const teamIds = [];
  for (let i = 1; i <= SCREEN_TEAMS; i++) {
    teamIds.push((await adminApi(url, 'POST', '/api/teams', { name: `Screen ${i}` })).team.id);
  }
  await adminApi(url, 'POST', '/api/tournament', {
    name: 'Bench Cup',
    type: 'double_elimination',
    format: 'bo1',
    teamIds,
  });
  await adminApi(url, 'POST', '/api/tournament/start', { force: true });
  const browser = await chromium.launch({ executablePath: (await findChromium()).path, args: CHROMIUM_ARGS });
  try {
    const times = [];
    for (let i = 0; i < SCREEN_LOADS; i++) {
      const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      await page.goto(`${url}/screen`, { waitUntil: 'commit' });
      await page.waitForSelector('[data-testid="bracket"] .match-card');
      // Milliseconds since navigation start, read in the page right after the cards appeared.
      times.push(await page.evaluate(() => performance.now()));
      await page.close();
    }
    const renderMs = median(times);
    return {
      figure: `/screen: first bracket render at 1080p (${SCREEN_TEAMS}-team double elimination)`,
      measured: `${Math.round(renderMs)} ms`,
      value: Math.round(renderMs),
      target: 'reported',
      ok: null,
    };
  } finally {
    await browser.close();
  }
}

export async function liveFigures() {
  const rows = await viewerScaleFigures();
  const { child, url } = await startAndTime(CLI, {
    MATCHDAY_DATA_DIR: tempDir(),
    API_TOKENS: `bench:${ADMIN_TOKEN}`,
    SERVER_TOKEN,
  });
  try {
    return [...rows, bundleFigure(), await screenFigure(url)];
  } finally {
    await stop(child);
  }
}
