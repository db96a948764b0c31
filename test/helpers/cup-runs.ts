import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import type { FakeGameServer } from '../fakes/index.js';
import type { MatchConfig } from '../fakes/match-config.js';
import { freePort } from './free-port.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { requester, TOKEN_ENV, type TestServer } from './server.js';
import { tempDir } from './temp-dir.js';
import { addFakeServers, PLAY_WAIT, postTeams, TEAM_SIZE, waitForChampion } from './tournament-play.js';
import { waitFor } from './wait.js';

/**
 * A 4-team cup played on fake servers by Matchday in child processes (the processes a SIGKILL takes
 * down), for the tests of what a crash may cost: nothing.
 */

/** The built headless entry (`npm test` builds first). */
const CLI = path.resolve('out/server-bundle/cli.js');

type Api = Pick<TestServer, 'request'>;

/** Matchday headless in its own process on `port`, answering /health. */
async function startMatchday(
  children: ChildProcess[],
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
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
  children.push(child);
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

/** Every matchup plays the same way in every run, whichever server gets it. */
function scriptFor(config: MatchConfig) {
  const names = `${config.team1.name}|${config.team2.name}`;
  const seed = [...names].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) >>> 0, 7);
  return { seed, pace: { round: [90, 110] as [number, number], roundRestart: 7 } };
}

export interface Outcome {
  matches: Record<string, unknown>;
  /** Per match, every stored plugin event as `event map round` and its payload, in arrival order. */
  events: Record<string, { key: string; payload: string }[]>;
  ratings: Record<string, number>;
  ratingRows: Record<string, number>;
}

interface StoredEvent {
  event: string;
  mapNumber: number | null;
  payload: { round_number?: number };
}

const eventKey = (e: StoredEvent) => `${e.event} ${e.mapNumber ?? '-'} ${e.payload.round_number ?? '-'}`;

/**
 * What a run ended with: every match's result and maps, its stored events, every player's rating
 * and history rows.
 */
async function outcomeOf(api: Api): Promise<Outcome> {
  const { matches } = (await api.request('GET', '/api/matches')).body;
  const events: Outcome['events'] = {};
  for (const { slug } of matches as { slug: string }[]) {
    const stored: StoredEvent[] = (await api.request('GET', `/api/matches/${slug}/events`)).body.events;
    events[slug] = stored.map((e) => ({ key: eventKey(e), payload: JSON.stringify(e.payload) }));
  }
  const { players } = (await api.request('GET', '/api/players')).body;
  const ratingRows: Record<string, number> = {};
  for (const p of players) {
    ratingRows[p.platformId] = (
      await api.request('GET', `/api/players/${p.platformId}/rating-history`)
    ).body.history.length;
  }
  return {
    matches: Object.fromEntries(
      matches.map((m: Record<string, unknown> & { maps: Record<string, unknown>[] }) => [
        m.slug,
        {
          status: m.status,
          winnerId: m.winnerId,
          series: [m.team1SeriesScore, m.team2SeriesScore],
          maps: m.maps.map((map) => [map.name, map.team1Score, map.team2Score, map.winner]),
        },
      ]),
    ),
    events,
    ratings: Object.fromEntries(
      players.map((p: { platformId: string; rating: number }) => [p.platformId, p.rating]),
    ),
    ratingRows,
  };
}

/**
 * Which events were stored, each distinct delivery once. Arrival order differs between runs (retries
 * come late), and every delivery is stored (PROTOCOL.md 3.1.1): an event whose 2xx the kill cut off is
 * retried by the plugin byte for byte and stored again, as the plugin's own repeats are in both runs.
 */
export const distinctEvents = (events: Outcome['events']) =>
  Object.fromEntries(
    Object.entries(events).map(([slug, stored]) => [
      slug,
      [...new Map(stored.map((e) => [`${e.key} ${e.payload}`, e.key])).values()].sort(),
    ]),
  );

/** Checks a crashed run against an uncrashed one: same results, events, ratings; no round twice. */
export function expectSameOutcome(crashed: Outcome, uncrashed: Outcome): void {
  expect(Object.keys(crashed.matches)).toHaveLength(3);
  expect(crashed.matches).toEqual(uncrashed.matches);
  // Each event the plugins sent is stored, retried or not, and a round ends once: a second delivery
  // of a round_end is the same bytes again.
  expect(distinctEvents(crashed.events)).toEqual(distinctEvents(uncrashed.events));
  for (const stored of Object.values(crashed.events)) {
    const roundEnds = stored.filter((e) => e.key.startsWith('round_end '));
    expect(roundEnds.length).toBeGreaterThan(0);
    const results = new Map(roundEnds.map((e) => [e.key, new Set<string>()]));
    roundEnds.forEach((e) => results.get(e.key)!.add(e.payload));
    expect([...results.values()].every((payloads) => payloads.size === 1)).toBe(true);
  }
  // A series end applied twice would rate its players twice.
  expect(crashed.ratings).toEqual(uncrashed.ratings);
  expect(crashed.ratingRows).toEqual(uncrashed.ratingRows);
  expect(Object.values(crashed.ratingRows).some((rows) => rows === 2)).toBe(true);
}

/** Stops whatever a run left running (a failed test's processes and fakes). */
export async function stopRun(run: CupRun): Promise<void> {
  const running = run.children.splice(0).filter((c) => c.exitCode === null && c.signalCode === null);
  await Promise.all(running.map(kill));
  await Promise.all(run.fakes.splice(0).map((fake) => fake.stop()));
}

export interface CupRun {
  /** Started processes and fakes, for the test's afterEach to stop whatever a failure left running. */
  children: ChildProcess[];
  fakes: FakeGameServer[];
}

/**
 * How Matchday runs the cup: one process on its own data folder (`restart`: SIGKILLed mid-match and
 * started again on the same folder and port), or `instances` processes on one PostgreSQL database
 * behind a round-robin proxy (`killLeader`: the leader SIGKILLed mid-match for good; the others go on).
 */
export type Deployment =
  | { kind: 'single'; crash: 'none' | 'restart' }
  | { kind: 'cluster'; databaseUrl: string; instances: number; crash: 'none' | 'killLeader' };

/** The running Matchday of a deployment: the URL everyone uses, and the crash to stage. */
async function deploy(run: CupRun, deployment: Deployment) {
  if (deployment.kind === 'single') {
    const dataDir = tempDir('md-crash-');
    const port = await freePort();
    let matchday = await startMatchday(run.children, port, { MATCHDAY_DATA_DIR: dataDir });
    return {
      url: `http://127.0.0.1:${port}`,
      async crash() {
        await kill(matchday);
        return async () => {
          matchday = await startMatchday(run.children, port, { MATCHDAY_DATA_DIR: dataDir });
        };
      },
      stop: () => kill(matchday),
    };
  }
  const proxy: RoundRobinProxy = await startRoundRobinProxy();
  const instances: { child: ChildProcess; url: string }[] = [];
  for (let i = 0; i < deployment.instances; i++) {
    const port = await freePort();
    const env = {
      MATCHDAY_DATA_DIR: tempDir('md-cluster-'),
      DATABASE_URL: deployment.databaseUrl,
      PUBLIC_URL: proxy.url,
    };
    instances.push({ child: await startMatchday(run.children, port, env), url: `http://127.0.0.1:${port}` });
    proxy.backends.push(`http://127.0.0.1:${port}`);
  }
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
        timeoutMs: 30_000,
        intervalMs: 250,
        message: 'another instance to take the lead',
      });
      return async () => undefined;
    },
    async stop() {
      await Promise.all(instances.map((instance) => kill(instance.child)));
      await proxy.stop();
    },
  };
}

/** A 4-team single elimination bo1 on 2 fake servers, crashed while both first-round matches are live. */
export async function playCup(run: CupRun, deployment: Deployment): Promise<Outcome> {
  const matchday = await deploy(run, deployment);
  const api = { request: requester(matchday.url) };
  const teamIds = await postTeams(api, 4);
  await addFakeServers(api, 2, run.fakes, { msPerGameSecond: 1, script: scriptFor });
  const created = await api.request('POST', '/api/tournament', {
    body: {
      name: 'Crash Cup',
      type: 'single_elimination',
      format: 'bo1',
      teamIds,
      settings: { veto: false, teamSize: TEAM_SIZE },
    },
  });
  expect(created.status).toBe(201);
  expect((await api.request('POST', '/api/tournament/start', { body: { force: true } })).status).toBe(200);

  if (deployment.crash !== 'none') {
    await waitFor(
      async () => {
        const { matches } = (await api.request('GET', '/api/matches')).body;
        const live = matches.filter(
          (m: { status: string; team1MapScore: number; team2MapScore: number }) =>
            m.status === 'live' && m.team1MapScore + m.team2MapScore >= 3,
        );
        return live.length === 2;
      },
      { ...PLAY_WAIT, message: 'both first-round matches live, a few rounds in' },
    );
    const recover = await matchday.crash();
    if (deployment.kind === 'single') {
      // Events the plugins send meanwhile fail and wait in their retry queues.
      await waitFor(async () => run.fakes.every((fake) => fake.queuedEventCount > 0), {
        ...PLAY_WAIT,
        message: 'the plugins to queue events',
      });
    }
    await recover();
  }
  await waitForChampion(api, 90_000);
  // Demo uploads and disconnects follow the series end: every plugin has sent all it will first.
  await Promise.all(
    run.fakes.map(async (fake) => {
      await fake.matchFinished();
      await fake.settled();
    }),
  );
  await waitFor(async () => run.fakes.every((fake) => fake.queuedEventCount === 0), {
    ...PLAY_WAIT,
    message: 'the retry queues to empty',
  });
  const outcome = await outcomeOf(api);
  await matchday.stop();
  await Promise.all(run.fakes.splice(0).map((fake) => fake.stop()));
  return outcome;
}
