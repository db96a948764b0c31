// Figures of the web app issue: 500 SSE viewers on loopback and how fast a score change reaches them,
// the server's memory with them connected, the public pages' bundle size, and the projector's first
// bracket render in Chromium.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium.mjs';
import { ADMIN_TOKEN, median, percentile, rssMiB, sleep, startAndTime, stop, tempDir } from './lib.mjs';

const CLI = fileURLToPath(new URL('../out/server-bundle/cli.js', import.meta.url));
const RENDERER = fileURLToPath(new URL('../out/renderer', import.meta.url));
const SERVER_TOKEN = 'bench-server-token-0123456789';
const VIEWERS = 500;
const SCORE_CHANGES = 20;
const SCREEN_LOADS = 5;
const SCREEN_TEAMS = 16;

export const conditions =
  `server = out/server-bundle/cli.js in its own process on 127.0.0.1 (LOG_LEVEL=warn); ${VIEWERS} SSE viewers ` +
  `on GET /api/live, one socket each, in the bench process; ${SCORE_CHANGES} round_end POSTs to ` +
  '/api/events/<slug>, latency = POST sent -> the match message with the new score read by a viewer; ' +
  `bundle = gzip -9 of out/renderer (index.html, JS, CSS); /screen in system Chromium with a ${SCREEN_TEAMS}-team ` +
  `double elimination, median of ${SCREEN_LOADS} loads`;

async function api(url, method, route, body, headers = { Authorization: `Bearer ${ADMIN_TOKEN}` }) {
  const res = await fetch(url + route, {
    method,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) {
    throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json;
}

/**
 * One viewer: reads frames and reports when the match message carrying `team1MapScore` n arrives.
 * Frames are matched as text: parsing 500 copies of JSON would measure this process, not the server.
 */
function openViewer(url, onScore) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${url}/api/live`, { agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`viewer got ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let pending = '';
      res.on('data', (chunk) => {
        pending += chunk;
        let end;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const frame = pending.slice(0, end);
          pending = pending.slice(end + 2);
          if (frame.includes('"topic":"hello"')) {
            resolve(req);
          }
          const score = frame.includes('"topic":"match"') && frame.match(/"team1MapScore":(\d+)/);
          if (score) {
            onScore(Number(score[1]), performance.now());
          }
        }
      });
    });
    req.on('error', reject);
  });
}

const side = (score) => ({ series_score: 0, score, score_ct: 0, score_t: 0, players: [], id: '', name: 'x' });
const roundEnd = (matchid, n) =>
  JSON.stringify({
    reason: 9,
    winner: { side: '2', team: 'team1' },
    team1: side(n),
    team2: side(0),
    round_time: 0,
    round_number: n,
    map_number: 0,
    matchid,
    event: 'round_end',
  });

async function viewerFigures(url, pid) {
  const teams = [];
  for (const name of ['Alpha', 'Bravo']) {
    teams.push((await api(url, 'POST', '/api/teams', { name })).team.id);
  }
  const { match } = await api(url, 'POST', '/api/matches', {
    team1Id: teams[0],
    team2Id: teams[1],
    format: 'bo1',
    maps: ['de_dust2'],
    veto: false,
  });
  const rssBefore = rssMiB(pid);
  const arrivals = new Map();
  const viewers = [];
  for (let i = 0; i < VIEWERS; i++) {
    viewers.push(
      openViewer(url, (score, at) => {
        const list = arrivals.get(score) ?? [];
        list.push(at);
        arrivals.set(score, list);
      }),
    );
  }
  const requests = await Promise.all(viewers);
  await sleep(500);
  const rssWith = rssMiB(pid);

  const latencies = [];
  for (let n = 1; n <= SCORE_CHANGES; n++) {
    const sent = performance.now();
    await api(url, 'POST', `/api/events/${match.slug}`, roundEnd(match.matchid, n), {
      'X-Plugin-Token': SERVER_TOKEN,
    });
    const deadline = performance.now() + 5000;
    while ((arrivals.get(n)?.length ?? 0) < VIEWERS) {
      if (performance.now() > deadline) {
        throw new Error(`score ${n} reached ${arrivals.get(n)?.length ?? 0} of ${VIEWERS} viewers`);
      }
      await sleep(1);
    }
    latencies.push(...arrivals.get(n).map((at) => at - sent));
    await sleep(100);
  }
  requests.forEach((req) => req.destroy());
  const p99 = percentile(latencies, 99);
  return [
    {
      figure: `score change to ${VIEWERS} SSE viewers, p99 (p50 ${percentile(latencies, 50).toFixed(1)} ms)`,
      measured: `${p99.toFixed(1)} ms`,
      value: Number(p99.toFixed(1)),
      target: '< 150 ms',
      ok: p99 < 150,
    },
    {
      figure: `server RSS with ${VIEWERS} viewers (before: ${rssBefore.toFixed(0)} MiB)`,
      measured: `${rssWith.toFixed(0)} MiB`,
      value: Number(rssWith.toFixed(1)),
      target: 'reported',
      ok: null,
    },
  ];
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
    teamIds.push((await api(url, 'POST', '/api/teams', { name: `Screen ${i}` })).team.id);
  }
  await api(url, 'POST', '/api/tournament', {
    name: 'Bench Cup',
    type: 'double_elimination',
    format: 'bo1',
    teamIds,
  });
  await api(url, 'POST', '/api/tournament/start');
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
    const ms = median(times);
    return {
      figure: `/screen: first bracket render at 1080p (${SCREEN_TEAMS}-team double elimination)`,
      measured: `${Math.round(ms)} ms`,
      value: Math.round(ms),
      target: 'reported',
      ok: null,
    };
  } finally {
    await browser.close();
  }
}

export async function liveFigures() {
  const { child, url } = await startAndTime(CLI, {
    MATCHDAY_DATA_DIR: tempDir(),
    API_TOKENS: `bench:${ADMIN_TOKEN}`,
    SERVER_TOKEN,
  });
  try {
    const rows = await viewerFigures(url, child.pid);
    rows.push(bundleFigure());
    rows.push(await screenFigure(url));
    return rows;
  } finally {
    await stop(child);
  }
}
