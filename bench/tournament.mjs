// Figures of the tournament engine issue: a 1024-team double elimination played through the service,
// Swiss pairing at 256 teams, GET /api/tournament/bracket at 256 teams over HTTP, and the start of a
// 64-team event in 8 groups with playoffs.
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../out/server/config.js';
import { createApp, startServer } from '../out/server/index.js';
import { pairFirstRound, pairNextRound } from '../out/shared/domain/swiss.js';
import { seededRandom } from '../out/shared/domain/seed-order.js';
import { ADMIN_TOKEN, median, tempDir } from './lib.mjs';

const BIG_BRACKET = 1024;
const SWISS_TEAMS = 256;
const BRACKET_REQUESTS = 200;
const STAGED_TEAMS = 64;
const STAGED_GROUPS = 8;
const STAGED_RUNS = 5;

export const conditions =
  'engine figures in-process on a temporary SQLite file (LOG_LEVEL=silent); bracket reads over HTTP on 127.0.0.1, sequential';

const config = (extra = {}) =>
  loadConfig({ PORT: '0', HOST: '127.0.0.1', MATCHDAY_DATA_DIR: tempDir(), LOG_LEVEL: 'silent', ...extra });

async function addTeams(app, count) {
  const ids = [];
  for (let i = 0; i < count; i++) {
    ids.push((await app.services.teams.create({ name: `Bench ${i + 1}`, tag: '', players: [] })).team.id);
  }
  return ids;
}

/** Generates and plays a whole tournament through `recordSeriesResult`, a round of ready matches at a time. */
async function playToChampion(app, random) {
  const { tournament, matches } = app.services;
  // force: the checks before the start (preflight) are not what these figures measure.
  await tournament.start(undefined, true);
  const id = (await tournament.get()).id;
  let played = 0;
  for (;;) {
    const ready = await matches.repo.queued(id);
    if (ready.length === 0) {
      break;
    }
    for (const m of ready) {
      // Decided as an admin would: the matches never reach a server here.
      await tournament.recordSeriesResult(m.slug, {
        winner: random() < 0.5 ? 'team1' : 'team2',
        action: 'decide_winner',
      });
      played++;
    }
  }
  return { played, winner: (await tournament.get()).winner };
}

async function bigDoubleElimination() {
  const app = await createApp({ config: config() });
  try {
    const teamIds = await addTeams(app, BIG_BRACKET);
    await app.services.tournament.create({
      name: 'Bench DE',
      type: 'double_elimination',
      format: 'bo1',
      teamIds,
      settings: { veto: false, grandFinalMode: 'double' },
    });
    const started = performance.now();
    const { played, winner } = await playToChampion(app, seededRandom(7));
    const ms = performance.now() - started;
    if (!winner || played < 2 * BIG_BRACKET - 2) {
      throw new Error(`the 1024-team bracket ended without a champion after ${played} matches`);
    }
    return { ms, played };
  } finally {
    await app.close();
  }
}

function swissPairing() {
  const teams = Array.from({ length: SWISS_TEAMS }, (_, i) => ({ id: `t${i}`, seed: i + 1 }));
  const random = seededRandom(3);
  const results = [];
  let pairings = pairFirstRound(teams);
  const samples = [];
  for (let round = 2; round <= 8; round++) {
    for (const p of pairings) {
      const team1Wins = random() < 0.5;
      results.push({
        team1: p.team1,
        team2: p.team2,
        winner: p.team2 === null || team1Wins ? p.team1 : p.team2,
        team1Rounds: team1Wins ? 13 : 7,
        team2Rounds: team1Wins ? 7 : 13,
      });
    }
    const started = performance.now();
    pairings = pairNextRound(teams, results);
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * `extra` adds to the config (DATABASE_URL: the same reads on PostgreSQL); `front` as in the events suite's throughput: more instances and a balancer before this one. */
export async function bracketReads(
  extra = {},
  front = async (direct) => ({ url: direct, stop: async () => {} }),
) {
  const running = await startServer({
    config: config({ API_TOKENS: `bench:${ADMIN_TOKEN}`, ...extra }),
  });
  let fronted;
  try {
    const teamIds = await addTeams(running.app, SWISS_TEAMS);
    await running.app.services.tournament.create({
      name: 'Bench bracket',
      type: 'double_elimination',
      format: 'bo3',
      teamIds,
      settings: { veto: true },
    });
    await running.app.services.tournament.start(undefined, true);
    fronted = await front(running.localUrl, { API_TOKENS: `bench:${ADMIN_TOKEN}`, ...extra });
    const samples = [];
    for (let i = 0; i < BRACKET_REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(`${fronted.url}/api/tournament/bracket`);
      const body = await res.json();
      samples.push(performance.now() - started);
      if (res.status !== 200 || body.matches.length < 2 * SWISS_TEAMS - 2) {
        throw new Error(`GET /api/tournament/bracket answered ${res.status}`);
      }
    }
    return samples;
  } finally {
    await fronted?.stop();
    await running.stop();
  }
}

/**
 * `POST /api/tournament/start` of a groups_playoffs event through the service: 8 round-robin groups
 * of 8 (224 matches) and a 16-team double elimination of empty seats (30 matches), one run per app.
 */
export async function stagedGeneration() {
  const samples = [];
  // CPU time too: on a machine shared with other work the wall time mostly measures the wait.
  const cpuSamples = [];
  let created = 0;
  for (let i = 0; i < STAGED_RUNS; i++) {
    const app = await createApp({ config: config() });
    try {
      const teamIds = await addTeams(app, STAGED_TEAMS);
      await app.services.tournament.create({
        name: 'Bench stages',
        type: 'groups_playoffs',
        format: 'bo1',
        teamIds,
        settings: { veto: true },
        stages: [
          { kind: 'groups', type: 'round_robin', groupCount: STAGED_GROUPS, advancePerGroup: 2 },
          {
            kind: 'playoffs',
            type: 'double_elimination',
            format: 'bo3',
            rounds: { grand_final: { format: 'bo5' } },
          },
        ],
      });
      const cpu = process.cpuUsage();
      const started = performance.now();
      await app.services.tournament.start(undefined, true);
      samples.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpuSamples.push((used.user + used.system) / 1000);
      created = (await app.services.matches.repo.list()).length;
    } finally {
      await app.close();
    }
  }
  if (created < 254) {
    throw new Error(`the staged event generated ${created} matches`);
  }
  return { samples, cpuSamples, created };
}

const BIG_RUNS = 3;

export async function tournamentFigures() {
  // Median of a few runs: one run is a couple of seconds, so machine noise weighs on a single sample.
  const runs = [];
  for (let i = 0; i < BIG_RUNS; i++) {
    runs.push(await bigDoubleElimination());
  }
  const de = { ms: median(runs.map((r) => r.ms)), played: runs[0].played };
  const swiss = swissPairing();
  const reads = await bracketReads();
  const staged = await stagedGeneration();
  const stagedMs = median(staged.samples);
  const worstSwiss = Math.max(...swiss);
  const p50 = median(reads);
  return [
    {
      figure: `${BIG_BRACKET}-team double elimination generated and played (${de.played} matches, service, median of ${BIG_RUNS})`,
      measured: `${Math.round(de.ms)} ms`,
      value: Math.round(de.ms),
      samples: runs.map((r) => Math.round(r.ms)),
      target: '< 2000 ms',
      ok: de.ms < 2000,
    },
    {
      figure: `${SWISS_TEAMS}-team Swiss: one round paired (worst of rounds 2-8)`,
      measured: `${worstSwiss.toFixed(1)} ms`,
      value: Number(worstSwiss.toFixed(2)),
      samples: swiss.map((v) => Number(v.toFixed(2))),
      target: '< 50 ms',
      ok: worstSwiss < 50,
    },
    {
      figure: `GET /api/tournament/bracket, ${SWISS_TEAMS} teams double elimination (p50 of ${BRACKET_REQUESTS})`,
      measured: `${p50.toFixed(1)} ms`,
      value: Number(p50.toFixed(2)),
      target: 'p50 < 50 ms',
      ok: p50 < 50,
    },
    {
      figure: `${STAGED_TEAMS}-team event in ${STAGED_GROUPS} round-robin groups + double-elimination playoffs generated (${staged.created} matches, start, median of ${STAGED_RUNS})`,
      measured: `${Math.round(stagedMs)} ms (CPU ${Math.round(median(staged.cpuSamples))} ms)`,
      value: Math.round(stagedMs),
      samples: staged.samples.map((v) => Math.round(v)),
      target: '< 200 ms',
      ok: stagedMs < 200,
    },
  ];
}
