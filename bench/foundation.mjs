// Figures of the foundation issue: start time, idle memory, API throughput.
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ADMIN_TOKEN, median, rssMiB, sleep, startAndTime, stop, tempDir } from './lib.mjs';

const CLI = fileURLToPath(new URL('../out/server-bundle/cli.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-express.mjs', import.meta.url));
const COLD_RUNS = 7;
const FIRST_RUNS = 5;
const IDLE_MS = 30_000;
const TEAMS = 100;
const PLAYERS_PER_TEAM = 5;
const LOAD = { connections: 10, warmupSeconds: 1, seconds: 5 };

export const conditions =
  `servers on 127.0.0.1 with LOG_LEVEL=warn; load: autocannon, ${LOAD.connections} connections, ` +
  `${LOAD.warmupSeconds} s warm-up then ${LOAD.seconds} s per route, same server and headers for both routes`;

/** One table row; `value` and `samples` keep the raw numbers for the JSON file. */
function row({ figure, value, unit = '', digits = 0, target, ok = null, samples }) {
  return {
    figure,
    measured: `${value.toFixed(digits)}${unit}`,
    value: Number(value.toFixed(digits + 1)),
    ...(samples ? { samples: samples.map((v) => Number(v.toFixed(1))) } : {}),
    target,
    ok,
  };
}

async function startMs(script, env) {
  const { child, ms } = await startAndTime(script, env);
  await stop(child);
  return ms;
}

/** Cold start on an existing data folder, interleaved with bare Express so machine noise hits both alike. */
async function coldStarts() {
  const existing = tempDir();
  // Untimed: creates the database and brings both programs' files into the page cache.
  await startMs(CLI, { MATCHDAY_DATA_DIR: existing });
  await startMs(BARE, {});
  const bare = [];
  const cold = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    bare.push(await startMs(BARE, {}));
    cold.push(await startMs(CLI, { MATCHDAY_DATA_DIR: existing }));
  }
  return { bare, cold };
}

async function firstStarts() {
  const samples = [];
  for (let i = 0; i < FIRST_RUNS; i++) {
    samples.push(await startMs(CLI, { MATCHDAY_DATA_DIR: tempDir() }));
  }
  return samples;
}

function benchTeams() {
  return Array.from({ length: TEAMS }, (_, t) => ({
    name: `Bench Team ${t}`,
    tag: `B${t}`,
    players: Array.from({ length: PLAYERS_PER_TEAM }, (_, p) => ({
      platformId: String(76561198000000000n + BigInt(t * PLAYERS_PER_TEAM + p)),
      name: `player-${t}-${p}`,
    })),
  }));
}

async function requestsPerSecond(url, headers) {
  const options = { url, connections: LOAD.connections, headers };
  await autocannon({ ...options, duration: LOAD.warmupSeconds });
  const result = await autocannon({ ...options, duration: LOAD.seconds });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result.requests.average;
}

/** One server: idle RSS after the quiet period, then throughput of the list against the no-op route. */
async function idleAndThroughput() {
  const { child, url } = await startAndTime(CLI, {
    MATCHDAY_DATA_DIR: tempDir(),
    API_TOKENS: `bench:${ADMIN_TOKEN}`,
  });
  try {
    const startRss = rssMiB(child.pid);
    await sleep(IDLE_MS);
    const idleRss = rssMiB(child.pid);

    // The token goes to both routes so the ratio measures the route's own work, not the auth check.
    const headers = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${url}/api/teams`, {
      method: 'POST',
      headers,
      body: JSON.stringify(benchTeams()),
    });
    const body = await created.json();
    if (created.status !== 201 || body.stats?.successful !== TEAMS) {
      throw new Error(
        `creating the bench teams answered ${created.status}: ${JSON.stringify(body).slice(0, 300)}`,
      );
    }
    const listed = await (await fetch(`${url}/api/teams`, { headers })).json();
    if (listed.count !== TEAMS) {
      throw new Error(`GET /api/teams listed ${listed.count} teams, not ${TEAMS}`);
    }
    const noop = await requestsPerSecond(`${url}/health`, headers);
    const list = await requestsPerSecond(`${url}/api/teams`, headers);
    return { startRss, idleRss, noop, list };
  } finally {
    await stop(child);
  }
}

export async function foundationFigures() {
  const { bare, cold } = await coldStarts();
  const first = await firstStarts();
  const { startRss, idleRss, noop, list } = await idleAndThroughput();

  const bareMs = median(bare);
  const coldMs = median(cold);
  const firstMs = median(first);
  const ratio = list / noop;
  return [
    row({
      figure: `bare Express 5 start to first 200 /health (median of ${COLD_RUNS})`,
      value: bareMs,
      unit: ' ms',
      target: 'yardstick',
      samples: bare,
    }),
    row({
      figure: `cold start, existing data folder (median of ${COLD_RUNS})`,
      value: coldMs,
      unit: ' ms',
      target: '< 400 ms',
      ok: coldMs < 400,
      samples: cold,
    }),
    row({
      figure: 'cold start vs bare Express',
      value: coldMs / bareMs,
      unit: 'x',
      digits: 2,
      target: '<= 2x',
      ok: coldMs / bareMs <= 2,
    }),
    row({
      figure: `first start, empty data folder (median of ${FIRST_RUNS})`,
      value: firstMs,
      unit: ' ms',
      target: '< 1000 ms',
      ok: firstMs < 1000,
      samples: first,
    }),
    row({
      figure: 'RSS right after start',
      value: startRss,
      unit: ' MiB',
      digits: 1,
      target: 'for reference',
    }),
    row({
      figure: `idle RSS after ${IDLE_MS / 1000} s`,
      value: idleRss,
      unit: ' MiB',
      digits: 1,
      target: '< 90 MiB',
      ok: idleRss < 90,
    }),
    row({ figure: 'GET /health (no-op route)', value: noop, unit: ' req/s', target: 'yardstick' }),
    row({
      figure: `GET /api/teams, ${TEAMS} teams x ${PLAYERS_PER_TEAM} players`,
      value: list,
      unit: ' req/s',
      target: 'see ratio',
    }),
    row({
      figure: 'GET /api/teams vs no-op route',
      value: ratio,
      digits: 2,
      target: '>= 0.5',
      ok: ratio >= 0.5,
    }),
  ];
}
