// Figure of the match pipeline: a 64-team double elimination bo1 played start to champion by 16 fake
// game servers (their own process) in simulation at the highest timescale, against Matchday headless
// in its own process. Wall time, plugin events handled per second, peak RSS of Matchday.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addFleet, addTeams, buildFleet, startFleet } from './fleet.mjs';
import { ADMIN_TOKEN, adminApi, sleep, startAndTime, stop, tempDir } from './lib.mjs';

const CLI = fileURLToPath(new URL('../out/server-bundle/cli.js', import.meta.url));
const TEAMS = 64;
const SERVERS = 16;
const TIMESCALE = 10;
/** The fakes' pace at timescale 1: 100 game seconds per real second; simulation multiplies it. */
const MS_PER_GAME_SECOND = 10;
const RUN_TIMEOUT_MS = 15 * 60_000;

export const conditions =
  `${TEAMS}-team double elimination bo1, ${SERVERS} fake game servers (plugin 1.4.25) in a process of ` +
  `their own, simulation at timescale ${TIMESCALE} (fakes at ${1000 / MS_PER_GAME_SECOND}x real time before it), ` +
  'Matchday headless in its own process (LOG_LEVEL=warn); peak RSS is VmHWM';

function peakRssMiB(pid) {
  const match = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)\s+kB/);
  return Number(match[1]) / 1024;
}

export async function tournamentPlayFigures() {
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
  ]);
  try {
    const { url } = matchday;
    await addFleet(url, fleet);
    const teamIds = await addTeams(url, TEAMS);
    await adminApi(url, 'PUT', '/api/settings', { simulateMatches: true, simulationTimescale: TIMESCALE });
    await adminApi(url, 'POST', '/api/tournament', {
      name: 'Bench Cup',
      type: 'double_elimination',
      format: 'bo1',
      teamIds,
    });

    const started = performance.now();
    await adminApi(url, 'POST', '/api/tournament/start', { force: true });
    const runDeadline = started + RUN_TIMEOUT_MS;
    let tournament;
    do {
      await sleep(250);
      tournament = (await adminApi(url, 'GET', '/api/tournament')).tournament;
      if (performance.now() > runDeadline) {
        throw new Error(`no champion after ${RUN_TIMEOUT_MS / 60_000} minutes`);
      }
    } while (tournament.status !== 'completed');
    const seconds = (performance.now() - started) / 1000;
    const { events, timescales } = await fleet.ask('count');
    if (timescales.join() !== String(TIMESCALE)) {
      throw new Error(`the matches played at timescales ${timescales.join(', ')}, not ${TIMESCALE}`);
    }
    const { matches } = await adminApi(url, 'GET', '/api/matches');
    const played = matches.filter((m) => m.team1 && m.team2 && m.status === 'completed').length;
    const peak = peakRssMiB(matchday.child.pid);
    return [
      {
        figure: `${TEAMS}-team DE bo1 on ${SERVERS} servers, start to champion (${played} matches)`,
        measured: `${seconds.toFixed(1)} s`,
        value: Number(seconds.toFixed(2)),
        target: 'report',
        ok: null,
      },
      {
        figure: 'plugin events handled',
        measured: `${Math.round(events / seconds)} events/s (${events} events)`,
        value: Math.round(events / seconds),
        target: 'report',
        ok: null,
      },
      {
        figure: 'Matchday peak RSS during the tournament',
        measured: `${peak.toFixed(0)} MiB`,
        value: Number(peak.toFixed(1)),
        target: '< 300 MiB',
        ok: peak < 300,
      },
    ];
  } finally {
    await fleet.stop();
    await stop(matchday.child);
  }
}
