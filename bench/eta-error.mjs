// Figure of the ETAs (API.md decisions 42-43, issue #18): a 32-team single elimination bo1 played by fewer
// fake game servers than first-round matches, in simulation. For every match the `eta.startsAt` the public
// live stream carried when it entered the queue (status `ready`, both teams known) is compared with when a
// server really loaded it (`loadedAt`); the error is told in simulated minutes (real seconds x timescale).
import { fileURLToPath } from 'node:url';
import { addFleet, addTeams, buildFleet, startFleet } from './fleet.mjs';
import { ADMIN_TOKEN, adminApi, median, percentile, sleep, startAndTime, stop, tempDir } from './lib.mjs';

const CLI = fileURLToPath(new URL('../out/server-bundle/cli.js', import.meta.url));
const TEAMS = 32;
const SERVERS = 8;
const TIMESCALE = 10;
/**
 * The fakes' clock at real time before the timescale: Matchday's default durations (40 min a map divided
 * by the timescale) then describe the game the fakes play, as they would a real one.
 */
const MS_PER_GAME_SECOND = 1000;
const RUN_TIMEOUT_MS = 60 * 60_000;

export const conditions =
  `${TEAMS}-team single elimination bo1 (mp_maxrounds 24, overtime on, no veto) on ${SERVERS} fake game ` +
  `servers (plugin 1.4.25, own process; map scores drawn from 13-0 to 19-17, rounds of 40-115 game s), ` +
  `simulation at timescale ${TIMESCALE} with the fakes' clock at real time (game = ${TIMESCALE}x real); ` +
  'Matchday headless in its own process; ETA taken from the first /api/live message (or the bracket ' +
  'reload at start) showing the match `ready` with an eta; error = |loadedAt - eta.startsAt| x timescale';

/**
 * Follows the public live stream: `onMatch(match)` for every match message, `onBracket()` when the stream
 * says the bracket was rebuilt. Resolves once the stream is open; `close()` ends it.
 */
async function followLive(url, { onMatch, onBracket }) {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/live`, {
    headers: { Accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!res.ok) {
    throw new Error(`GET /api/live answered ${res.status}`);
  }
  const read = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data:'));
        buffer = buffer.slice(end + 2);
        const message = data === undefined ? undefined : JSON.parse(data.slice(5));
        if (message?.topic === 'match') {
          onMatch(message.match);
        } else if (message?.topic === 'bracket') {
          onBracket();
        }
      }
    }
  })().catch((err) => {
    if (err.name !== 'AbortError') {
      throw err;
    }
  });
  return {
    close: async () => {
      abort.abort();
      await read;
    },
  };
}

const simMinutes = (realSeconds) => (realSeconds * TIMESCALE) / 60;
const minutes = (value) => `${value.toFixed(1)} min`;

/** The error of the matches that waited for a server: in all, and by basis, with the bias (late > 0). */
function waitingRows(waiting) {
  return [
    ['all', waiting],
    ['default basis', waiting.filter((s) => s.basis === 'default')],
    ['measured basis', waiting.filter((s) => s.basis === 'measured')],
  ].map(([name, group]) => {
    const error = group.length > 0 ? median(group.map((s) => Math.abs(s.error))) : null;
    const details =
      group.length > 0
        ? `${group.length} matches, median wait ${minutes(median(group.map((s) => s.waited)))}, bias ` +
          `${minutes(median(group.map((s) => s.error)))}`
        : 'no match';
    return {
      figure: `ETA error of matches that waited >= 1 min, ${name}, median (${details})`,
      measured: error === null ? 'n/a' : minutes(error),
      value: error === null ? null : Number(error.toFixed(2)),
      target: 'report',
      ok: null,
    };
  });
}

export async function etaErrorFigures() {
  const fleetScript = await buildFleet();
  const matchday = await startAndTime(CLI, {
    MATCHDAY_DATA_DIR: tempDir(),
    API_TOKENS: `bench:${ADMIN_TOKEN}`,
  });
  const fleet = await startFleet(fleetScript, [
    '--servers',
    String(SERVERS),
    '--ms-per-game-second',
    String(MS_PER_GAME_SECOND),
    '--wide-scores',
  ]);
  const { url } = matchday;
  /** slug -> the ETA when the match entered the queue, and the time it did (Unix seconds). */
  const queued = new Map();
  const observe = (match) => {
    if (match.status === 'ready' && match.eta && match.team1 && match.team2 && !queued.has(match.slug)) {
      queued.set(match.slug, { eta: match.eta, at: Date.now() / 1000 });
    }
  };
  const reloadBracket = () =>
    adminApi(url, 'GET', '/api/tournament/bracket').then(({ matches }) => matches.forEach(observe));
  let live;
  try {
    await addFleet(url, fleet);
    const teamIds = await addTeams(url, TEAMS);
    await adminApi(url, 'PUT', '/api/settings', { simulateMatches: true, simulationTimescale: TIMESCALE });
    await adminApi(url, 'POST', '/api/tournament', {
      name: 'ETA Cup',
      type: 'single_elimination',
      format: 'bo1',
      teamIds,
      settings: { veto: false },
    });
    live = await followLive(url, { onMatch: observe, onBracket: () => void reloadBracket() });
    await adminApi(url, 'POST', '/api/tournament/start', { force: true });
    await reloadBracket();
    const deadline = Date.now() + RUN_TIMEOUT_MS;
    while ((await adminApi(url, 'GET', '/api/tournament')).tournament.status !== 'completed') {
      if (Date.now() > deadline) {
        throw new Error(`no champion after ${RUN_TIMEOUT_MS / 60_000} minutes`);
      }
      await sleep(1000);
    }
    const played = (await adminApi(url, 'GET', '/api/matches')).matches.filter(
      (m) => m.tournamentId !== null && m.team1 && m.team2 && m.loadedAt !== null,
    );
    const missing = played.filter((m) => !queued.has(m.slug)).map((m) => m.label);
    if (missing.length > 0) {
      throw new Error(`no ETA seen while queued for ${missing.join(', ')}`);
    }
    const samples = played.map((m) => {
      const { eta, at } = queued.get(m.slug);
      return {
        error: simMinutes(m.loadedAt - eta.startsAt),
        waited: simMinutes(m.loadedAt - at),
        basis: eta.basis,
        duration: simMinutes(m.completedAt - m.loadedAt),
      };
    });
    const absolute = samples.map((s) => Math.abs(s.error));
    const durations = samples.map((s) => s.duration);
    return [
      {
        figure: `ETA error at queueing, median |loadedAt - startsAt| (${samples.length} matches, simulated time)`,
        measured: minutes(median(absolute)),
        value: Number(median(absolute).toFixed(2)),
        target: 'report',
        ok: null,
      },
      {
        figure: 'ETA error at queueing, p90',
        measured: minutes(percentile(absolute, 90)),
        value: Number(percentile(absolute, 90).toFixed(2)),
        target: 'report',
        ok: null,
      },
      // A match that finds a free server starts at once and its ETA is trivially right: the rows below
      // look at the ones that queued, by what their estimate rested on.
      ...waitingRows(samples.filter((s) => s.waited >= 1)),
      {
        figure: `match duration (loadedAt to completedAt), min / median / max: the spread the ETAs face`,
        measured: `${minutes(Math.min(...durations))} / ${minutes(median(durations))} / ${minutes(Math.max(...durations))}`,
        value: Number(median(durations).toFixed(2)),
        target: 'report',
        ok: null,
      },
    ];
  } finally {
    await live?.close();
    await fleet.stop();
    await stop(matchday.child);
  }
}
