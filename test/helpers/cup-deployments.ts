import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import type { FakeGameServer } from '../fakes/index.js';
import { freePort } from './free-port.js';
import { databaseUrlFor } from './postgres.js';
import { startRoundRobinProxy } from './round-robin-proxy.js';
import { TOKEN_ENV } from './server.js';
import { tempDir } from './temp-dir.js';
import { PLAY_WAIT } from './tournament-play.js';
import { waitFor } from './wait.js';

/** Matchday in child processes, as the crash tests deploy it: the processes a SIGKILL takes down. */

/** The built headless entry (`npm test` builds first). */
const CLI = path.resolve('out/server-bundle/cli.js');

export interface CupRun {
  /** Started processes and fakes, for the test's afterEach to stop whatever a failure left running. */
  children: ChildProcess[];
  fakes: FakeGameServer[];
}

/**
 * How Matchday runs the cup: one process on its own data folder (`restart`: SIGKILLed mid-match and
 * started again on the same folder and port), or processes on one PostgreSQL database behind a
 * round-robin proxy (`killLeaders`: the leader SIGKILLed in the first round and a new instance started,
 * then the next leader SIGKILLed in the final).
 */
export type Deployment =
  | { kind: 'single'; crash: 'none' | 'restart' }
  | { kind: 'cluster'; databaseUrl: string; instances: number; crash: 'none' | 'killLeaders' };

export interface Deployed {
  /** Where players, the fakes and the test reach Matchday. */
  url: string;
  /** Kills Matchday (the leader of a cluster) now; resolves once it serves again. */
  crash(): Promise<void>;
  /** Servers that held two open loads at once (sampled in a cluster; empty elsewhere). */
  serversWithTwoOpenLoads(): string[];
  stop(): Promise<void>;
}

/** Matchday headless in its own process on `port`, answering /health. */
async function startMatchday(run: CupRun, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...TOKEN_ENV,
      ...env,
    },
    // MATCHDAY_TEST_LOGS=1 shows the processes' logs (when a failure needs the why).
    stdio: process.env.MATCHDAY_TEST_LOGS ? 'inherit' : 'ignore',
  });
  run.children.push(child);
  await waitFor(
    async () => {
      const res = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
      return res?.status === 200;
    },
    { ...PLAY_WAIT, message: 'Matchday to answer' },
  );
  return child;
}

export async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** Stops whatever a run left running (a failed test's processes and fakes). */
export async function stopRun(run: CupRun): Promise<void> {
  const running = run.children.splice(0).filter((c) => c.exitCode === null && c.signalCode === null);
  await Promise.all(running.map(kill));
  await Promise.all(run.fakes.splice(0).map((fake) => fake.stop()));
}

async function single(run: CupRun): Promise<Deployed> {
  const dataDir = tempDir('md-crash-');
  const port = await freePort();
  // On the PostgreSQL run the restarted process finds its data in the database that stands for the folder.
  const env = { MATCHDAY_DATA_DIR: dataDir, ...(await databaseUrlFor(dataDir)) };
  let matchday = await startMatchday(run, port, env);
  return {
    url: `http://127.0.0.1:${port}`,
    async crash() {
      await kill(matchday);
      // Events the plugins send meanwhile fail and wait in their retry queues.
      await waitFor(async () => run.fakes.every((fake) => fake.queuedEventCount > 0), {
        ...PLAY_WAIT,
        message: 'the plugins to queue events',
      });
      matchday = await startMatchday(run, port, env);
    },
    serversWithTwoOpenLoads: () => [],
    stop: () => kill(matchday),
  };
}

/** Samples, while the cup plays, the servers that hold two open loads of matches on servers at once. */
function sampleOpenLoads(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const found = new Set<string>();
  let stopped = false;
  // A failed test drops the database under it: the sampler just ends.
  client.on('error', () => undefined);
  const sampling = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ server_id: string }>(
        `SELECT l.server_id FROM match_loads l JOIN matches m ON m.slug = l.match_slug
         WHERE l.ended_at IS NULL AND m.status IN ('loaded', 'live')
         GROUP BY l.server_id HAVING COUNT(*) > 1`,
      );
      rows.forEach((r) => found.add(r.server_id));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })()
    .catch(() => undefined)
    .finally(() => client.end().catch(() => undefined));
  return {
    found: () => [...found],
    stop: async () => {
      stopped = true;
      await sampling;
    },
  };
}

async function cluster(run: CupRun, databaseUrl: string, count: number): Promise<Deployed> {
  const proxy = await startRoundRobinProxy();
  const instances: { child: ChildProcess; url: string }[] = [];
  const addInstance = async () => {
    const port = await freePort();
    const env = {
      MATCHDAY_DATA_DIR: tempDir('md-cluster-'),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: proxy.url,
    };
    instances.push({ child: await startMatchday(run, port, env), url: `http://127.0.0.1:${port}` });
    proxy.backends.push(`http://127.0.0.1:${port}`);
  };
  for (let i = 0; i < count; i++) {
    await addInstance();
  }
  const loads = sampleOpenLoads(databaseUrl);
  const leaderOf = async () => {
    for (const instance of instances) {
      const health = await fetch(`${instance.url}/health`)
        .then((r) => r.json() as Promise<{ leader: boolean }>)
        .catch(() => undefined);
      if (health?.leader) {
        return instance;
      }
    }
    return undefined;
  };
  return {
    url: proxy.url,
    async crash() {
      const leader = await waitFor(leaderOf, { ...PLAY_WAIT, message: 'an instance to lead' });
      await kill(leader.child);
      instances.splice(instances.indexOf(leader), 1);
      // A new leader within 15 s of the kill (decision 71; the lease expires after 10 s).
      await waitFor(leaderOf, {
        timeoutMs: 15_000,
        intervalMs: 250,
        message: 'another instance to take the lead',
      });
      // The hall's admin starts another in its place; the balancer's list keeps the dead one (refused).
      await addInstance();
    },
    serversWithTwoOpenLoads: loads.found,
    async stop() {
      await loads.stop();
      await Promise.all(instances.map((instance) => kill(instance.child)));
      await proxy.stop();
    },
  };
}

export function deploy(run: CupRun, deployment: Deployment): Promise<Deployed> {
  return deployment.kind === 'single'
    ? single(run)
    : cluster(run, deployment.databaseUrl, deployment.instances);
}
