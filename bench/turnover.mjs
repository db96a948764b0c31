// Figure of a server's turnover (issue 27 item 7): from a series' end to the next match's config fetched
// on that server, minus the plugin's own postgame (series_end to its reset to idle, PROTOCOL.md 6.1).
// One fake game server in its own process plays a queue of bo1s one after the other against Matchday
// headless in its own process, in simulation at a timescale.
import { fileURLToPath } from 'node:url';
import { addFleet, addTeams, buildFleet, startFleet } from './fleet.mjs';
import { ADMIN_TOKEN, adminApi, median, sleep, startAndTime, stop, tempDir } from './lib.mjs';

const CLI = fileURLToPath(new URL('../out/server-bundle/cli.js', import.meta.url));
const MATCHES = 6;
const TIMESCALE = 4;
/** The fakes' pace at timescale 1: 100 game seconds per real second; simulation multiplies it. */
const MS_PER_GAME_SECOND = 10;
const RUN_TIMEOUT_MS = 10 * 60_000;
const TARGET_MS = 1_000;

export const conditions =
  `${MATCHES} manual bo1s queued on 1 fake game server (plugin 1.4.25) in a process of its own, ` +
  `simulation at timescale ${TIMESCALE} (fakes at ${1000 / MS_PER_GAME_SECOND}x real time before it), ` +
  'Matchday headless in its own process (LOG_LEVEL=warn), loopback; Matchday share = next config fetched ' +
  "minus the plugin's reset (0 when the load was queued and fetched at the reset)";

export async function turnoverFigures() {
  const fleetScript = await buildFleet();
  const matchday = await startAndTime(CLI, {
    MATCHDAY_DATA_DIR: tempDir(),
    API_TOKENS: `bench:${ADMIN_TOKEN}`,
  });
  const fleet = await startFleet(fleetScript, [
    '--servers',
    '1',
    '--ms-per-game-second',
    String(MS_PER_GAME_SECOND),
  ]);
  try {
    const { url } = matchday;
    await addFleet(url, fleet);
    const teamIds = await addTeams(url, MATCHES * 2);
    await adminApi(url, 'PUT', '/api/settings', { simulateMatches: true, simulationTimescale: TIMESCALE });
    for (let i = 0; i < MATCHES; i++) {
      await adminApi(url, 'POST', '/api/matches', {
        team1Id: teamIds[2 * i],
        team2Id: teamIds[2 * i + 1],
        format: 'bo1',
        veto: false,
        maps: ['de_mirage'],
      });
    }
    const deadline = performance.now() + RUN_TIMEOUT_MS;
    let turnovers = [];
    while (turnovers.length < MATCHES - 1) {
      if (performance.now() > deadline) {
        throw new Error(`only ${turnovers.length} turnovers after ${RUN_TIMEOUT_MS / 60_000} minutes`);
      }
      await sleep(250);
      turnovers = (await fleet.ask('turnovers')).turnovers;
    }
    const postgames = turnovers.map((t) => t.resetAt - t.seriesEndAt);
    const shares = turnovers.map((t) => Math.max(0, t.fetchedAt - t.resetAt));
    const p50 = median(shares);
    const max = Math.max(...shares);
    return [
      {
        figure: `plugin postgame, series_end to reset (${turnovers.length} turnovers)`,
        measured: `p50 ${median(postgames).toFixed(0)} ms, max ${Math.max(...postgames).toFixed(0)} ms`,
        value: median(postgames),
        target: 'report',
        ok: null,
      },
      {
        figure: "turnover: series end to next config fetched, minus the plugin's postgame, p50",
        measured: `${p50.toFixed(0)} ms`,
        value: p50,
        target: `< ${TARGET_MS} ms`,
        ok: p50 < TARGET_MS,
      },
      {
        figure: "turnover: series end to next config fetched, minus the plugin's postgame, max",
        measured: `${max.toFixed(0)} ms`,
        value: max,
        target: `< ${TARGET_MS} ms`,
        ok: max < TARGET_MS,
      },
    ];
  } finally {
    await fleet.stop();
    await stop(matchday.child);
  }
}
