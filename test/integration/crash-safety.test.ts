import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeGameServer } from '../fakes/index.js';
import type { MatchConfig } from '../fakes/match-config.js';
import { requester, TOKEN_ENV, type TestServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';
import {
  addFakeServers,
  PLAY_WAIT,
  postTeams,
  TEAM_SIZE,
  waitForChampion,
} from '../helpers/tournament-play.js';
import { waitFor } from '../helpers/wait.js';

/** The built headless entry (`npm test` builds first): the process a SIGKILL takes down. */
const CLI = path.resolve('out/server-bundle/cli.js');

const children: ChildProcess[] = [];
const fakes: FakeGameServer[] = [];
afterEach(async () => {
  children.splice(0).forEach((child) => child.kill('SIGKILL'));
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
});

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Matchday headless in its own process on `port`, answering /health. */
async function startMatchday(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      MATCHDAY_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...TOKEN_ENV,
    },
    stdio: 'ignore',
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

async function kill(child: ChildProcess): Promise<void> {
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

interface Outcome {
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
async function outcomeOf(api: Pick<TestServer, 'request'>): Promise<Outcome> {
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
 * A 4-team single elimination bo1 on 2 fake servers, Matchday in a child process. With `crash`, it is
 * SIGKILLed while both first-round matches are live and restarted on the same data folder and port.
 */
async function playCup(crash: boolean): Promise<Outcome> {
  const dataDir = tempDir('md-crash-');
  const port = await freePort();
  let matchday = await startMatchday(dataDir, port);
  const api = { request: requester(`http://127.0.0.1:${port}`) };
  const teamIds = await postTeams(api, 4);
  await addFakeServers(api, 2, fakes, { msPerGameSecond: 1, script: scriptFor });
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

  if (crash) {
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
    await kill(matchday);
    // Events the plugins send meanwhile fail and wait in their retry queues.
    await waitFor(async () => fakes.every((fake) => fake.queuedEventCount > 0), {
      ...PLAY_WAIT,
      message: 'the plugins to queue events',
    });
    matchday = await startMatchday(dataDir, port);
  }
  await waitForChampion(api, 90_000);
  // Demo uploads and disconnects follow the series end: every plugin has sent all it will first.
  await Promise.all(
    fakes.map(async (fake) => {
      await fake.matchFinished();
      await fake.settled();
    }),
  );
  await waitFor(async () => fakes.every((fake) => fake.queuedEventCount === 0), {
    ...PLAY_WAIT,
    message: 'the retry queues to empty',
  });
  const outcome = await outcomeOf(api);
  await kill(matchday);
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
  return outcome;
}

/**
 * Which events were stored, each distinct delivery once. Arrival order differs between runs (retries
 * come late), and every delivery is stored (PROTOCOL.md 3.1.1): an event whose 2xx the kill cut off is
 * retried by the plugin byte for byte and stored again, as the plugin's own repeats are in both runs.
 */
const distinct = (events: Outcome['events']) =>
  Object.fromEntries(
    Object.entries(events).map(([slug, stored]) => [
      slug,
      [...new Map(stored.map((e) => [`${e.key} ${e.payload}`, e.key])).values()].sort(),
    ]),
  );

describe('crash safety', () => {
  it('a SIGKILL mid-match and a restart end every match as an uncrashed run does; no event applied twice', async () => {
    const uncrashed = await playCup(false);
    const crashed = await playCup(true);

    expect(Object.keys(crashed.matches)).toHaveLength(3);
    expect(crashed.matches).toEqual(uncrashed.matches);
    // Each event the plugins sent is stored, retried or not, and a round ends once: a second delivery
    // of a round_end is the same bytes again.
    expect(distinct(crashed.events)).toEqual(distinct(uncrashed.events));
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
  }, 120_000);
});
