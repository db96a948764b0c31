// Figure of the match pipeline: a 64-team double elimination bo1 played start to champion by 16 fake
// game servers (their own process) in simulation at the highest timescale, against Matchday headless
// in its own process. Wall time, plugin events handled per second, peak RSS of Matchday.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { ADMIN_TOKEN, adminApi, sleep, startAndTime, stop, tempDir } from './lib.mjs';

const CLI = fileURLToPath(new URL('../out/server-bundle/cli.js', import.meta.url));
const FLEET_OUT = fileURLToPath(new URL('../out/bench-fleet', import.meta.url));
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

/** The fakes are TypeScript (test/fakes): bundled once per run, like `npm run demo:lan` does. */
async function buildFleet() {
  const bundle = await rolldown({
    input: { 'fake-fleet': fileURLToPath(new URL('./fake-fleet.ts', import.meta.url)) },
    platform: 'node',
    logLevel: 'warn',
  });
  fs.rmSync(FLEET_OUT, { recursive: true, force: true });
  await bundle.write({ dir: FLEET_OUT, format: 'esm' });
  await bundle.close();
  return `${FLEET_OUT}/fake-fleet.js`;
}

/** The fleet process, with a function that sends a command and reads the JSON line it answers. */
async function startFleet(script) {
  const child = spawn(
    process.execPath,
    [script, '--servers', String(SERVERS), '--ms-per-game-second', String(MS_PER_GAME_SECOND)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse((await lines.next()).value);
  const ask = async (command) => {
    child.stdin.write(`${command}\n`);
    return next();
  };
  return { child, ...(await next()), ask };
}

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
  const fleet = await startFleet(fleetScript);
  try {
    const { url } = matchday;
    for (const [i, port] of fleet.ports.entries()) {
      const id = `fake-${i + 1}`;
      await adminApi(url, 'POST', '/api/servers', {
        id,
        name: id,
        host: '127.0.0.1',
        port,
        rconPassword: fleet.password,
      });
    }
    const teams = Array.from({ length: TEAMS }, (_, t) => ({
      id: `team-${t + 1}`,
      name: `Team ${t + 1}`,
      tag: `T${t + 1}`,
      players: Array.from({ length: 5 }, (_, p) => ({
        platformId: String(76561198000000000n + BigInt(t * 10 + p + 1)),
        name: `player ${t + 1}.${p + 1}`,
      })),
    }));
    await adminApi(url, 'POST', '/api/teams', teams);
    await adminApi(url, 'PUT', '/api/settings', { simulateMatches: true, simulationTimescale: TIMESCALE });
    await adminApi(url, 'POST', '/api/tournament', {
      name: 'Bench Cup',
      type: 'double_elimination',
      format: 'bo1',
      teamIds: teams.map((t) => t.id),
    });
    // Every server set up and verified before the clock starts.
    const deadline = Date.now() + 60_000;
    while (
      (await adminApi(url, 'GET', '/api/servers')).servers.some((s) => s.availability.blocked !== null)
    ) {
      if (Date.now() > deadline) {
        throw new Error('the fake servers were not all ready within a minute');
      }
      await sleep(100);
    }

    const started = performance.now();
    await adminApi(url, 'POST', '/api/tournament/start');
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
    fleet.child.stdin.write('stop\n');
    await new Promise((resolve) => fleet.child.once('exit', resolve));
    await stop(matchday.child);
  }
}
