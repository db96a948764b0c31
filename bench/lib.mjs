// Process and measurement helpers shared by the benchmark suites. Everything stays on 127.0.0.1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rolldown } from 'rolldown';

const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;

const tempDirs = new Set();
const children = new Set();

// A crashed or interrupted run must not leave servers listening or data folders behind.
process.once('exit', () => {
  for (const child of children) {
    child.kill('SIGKILL');
  }
  removeTempDirs();
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => process.exit(130));
}

/** The admin token every bench's Matchday accepts (API_TOKENS=bench:<token>). */
export const ADMIN_TOKEN = 'bench-admin-token-0123456789';

/** A JSON call with the admin token; a refusal fails the run with the API's answer. */
export async function adminApi(url, method, path, body) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) {
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json;
}

/**
 * A TypeScript module of the project (the fakes, test helpers) bundled for plain Node under out/bench-<name>,
 * like `npm run demo:lan` does; returns the bundle's file URL for `import()`.
 */
export async function bundleTypeScript(entry, name) {
  const outDir = fileURLToPath(new URL(`../out/bench-${name}`, import.meta.url));
  const bundle = await rolldown({
    input: { [name]: fileURLToPath(entry) },
    platform: 'node',
    logLevel: 'warn',
  });
  fs.rmSync(outDir, { recursive: true, force: true });
  await bundle.write({ dir: outDir, format: 'esm' });
  await bundle.close();
  return pathToFileURL(path.join(outDir, `${name}.js`)).href;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh, empty folder under the system temp folder; removed when the run ends. */
export function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-'));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDirs() {
  for (const dir of tempDirs) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  tempDirs.clear();
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function waitForHealth(url, deadline) {
  for (;;) {
    try {
      const res = await fetch(`${url}/health`);
      await res.arrayBuffer();
      if (res.status === 200) {
        return;
      }
    } catch {
      // Not answering yet.
    }
    if (performance.now() > deadline) {
      throw new Error(`${url}/health did not answer 200 in time`);
    }
    await sleep(2);
  }
}

/**
 * Spawns `node <script>` with a minimal environment on 127.0.0.1 and a free port, waits for its
 * "This machine: <url>" line, then polls /health until 200.
 * Resolves with the child, its URL and the milliseconds from spawn to that first 200.
 */
export async function startAndTime(script, env) {
  const started = performance.now();
  const deadline = started + START_TIMEOUT_MS;
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  const collect = (chunk) => {
    output += chunk;
  };
  child.stderr.on('data', collect);
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${script} printed no URL in time:\n${output}`)),
        START_TIMEOUT_MS,
      );
      child.stdout.on('data', (chunk) => {
        collect(chunk);
        const match = output.match(/This machine:\s+(http:\/\/127\.0\.0\.1:\d+)/);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${script} exited with ${code}:\n${output}`));
      });
    });
    await waitForHealth(url, deadline);
    // Keep draining the pipes so a chatty child never blocks on a full pipe.
    child.stdout.resume();
    return { child, url, ms: performance.now() - started };
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
}

/** SIGTERM and wait for the exit (the cli checkpoints SQLite on the way out); SIGKILL if it hangs. */
export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  child.kill('SIGTERM');
  await exited;
  clearTimeout(timer);
}

/** Resident set size of a process in MiB (Linux /proc). */
export function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = status.match(/VmRSS:\s+(\d+)\s+kB/);
  if (!match) {
    throw new Error(`no VmRSS in /proc/${pid}/status`);
  }
  return Number(match[1]) / 1024;
}

/**
 * Open-loop load at a steady rate: request i is due at start + i/rate whatever the earlier answers
 * did, and its latency counts from when it was due (a stalled server cannot hide its queue). Answers
 * the latencies in ms; any non-2xx answer fails the run.
 */
export async function pacedLoad({ url, method = 'POST', headers = {}, body, rate, seconds }) {
  const { default: http } = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.round(rate * seconds);
  const latencies = [];
  const started = performance.now();
  let next = 0;
  let failure;
  const inFlight = new Set();
  const send = (due) =>
    new Promise((resolve) => {
      const payload = body(next);
      const req = http.request(url, {
        method,
        agent,
        headers: { ...headers, 'Content-Length': Buffer.byteLength(payload) },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode < 200 || res.statusCode >= 300) {
            failure ??= new Error(`${url} answered ${res.statusCode}`);
          }
          latencies.push(performance.now() - due);
          resolve();
        });
      });
      req.on('error', (err) => {
        failure ??= err;
        resolve();
      });
      req.end(payload);
    });
  while (next < total) {
    const now = performance.now();
    while (next < total && started + (next * 1000) / rate <= now) {
      const promise = send(started + (next * 1000) / rate);
      next += 1;
      inFlight.add(promise);
      void promise.then(() => inFlight.delete(promise));
    }
    await sleep(1);
  }
  await Promise.all(inFlight);
  agent.destroy();
  if (failure) {
    throw failure;
  }
  return latencies;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const player = (i) => ({
  steamid: String(76561198000000000n + BigInt(i)),
  name: `player ${i}`,
  stats: {
    kills: 3,
    deaths: 2,
    assists: 1,
    damage: 250 + i,
    headshot_kills: 1,
    rounds_played: 5,
    score: 9,
    mvp: 0,
  },
});
const side = (score, from) => ({
  series_score: 0,
  score,
  score_ct: 0,
  score_t: 0,
  players: Array.from({ length: 5 }, (_, i) => player(from + i)),
  id: '',
  name: 'Team',
});

/** A distinct 5v5 round_end body with player stats; team1 has won `n` rounds. */
export function roundEnd(matchid, n) {
  return JSON.stringify({
    reason: 9,
    winner: { side: '2', team: 'team1' },
    team1: side(n, 1),
    team2: side(n, 6),
    round_time: 0,
    round_number: n,
    map_number: 0,
    matchid,
    event: 'round_end',
  });
}
