// Figure of the result correction issue: a forced correction whose downstream holds 10 matches (the
// champion's first match in a 1024-team single elimination with a third place match: 9 later rounds on
// its path and the third place match its semi-final fed), measured through the service.
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../out/server/config.js';
import { createApp } from '../out/server/index.js';
import { median, tempDir } from './lib.mjs';

const TEAMS = 1024;
const RUNS = 7;
const DOWNSTREAM = 10;

export const conditions =
  'in-process through the tournament service on a temporary SQLite file (LOG_LEVEL=silent), sequential';

/** Decides every queued match, the better seed (team 1) winning, until none is left. */
async function playQueued(app, id) {
  const { tournament, matches } = app.services;
  for (;;) {
    const ready = await matches.repo.queued(id);
    if (ready.length === 0) {
      return;
    }
    for (const m of ready) {
      await tournament.recordSeriesResult(m.slug, { winner: 'team1', action: 'decide_winner' });
    }
  }
}

export async function correctionFigures() {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MATCHDAY_DATA_DIR: tempDir(),
    LOG_LEVEL: 'silent',
  });
  const app = await createApp({ config });
  const samples = [];
  try {
    const { teams, tournament, matches } = app.services;
    const teamIds = [];
    for (let i = 0; i < TEAMS; i++) {
      teamIds.push((await teams.create({ name: `Bench ${i + 1}`, tag: '', players: [] })).team.id);
    }
    await tournament.create({
      name: 'Bench corrections',
      type: 'single_elimination',
      format: 'bo1',
      teamIds,
      settings: { veto: false, thirdPlaceMatch: true },
    });
    await tournament.start();
    const id = (await tournament.get()).id;
    await playQueued(app, id);
    for (let run = 0; run < RUNS; run++) {
      // The champion's first match: its correction reaches every round after it.
      const champion = (await tournament.get()).winner.id;
      const first = (await matches.repo.listOfTournament(id)).find(
        (m) => m.round === 1 && !m.isBye && m.winnerId === champion,
      );
      const winner = first.team1Id === champion ? 'team2' : 'team1';
      const started = performance.now();
      const outcome = await tournament.correction.correct(first.slug, { winner, force: true }, null);
      samples.push(performance.now() - started);
      const reached = outcome.reset.length + outcome.repaired.length;
      if (reached !== DOWNSTREAM) {
        throw new Error(`the correction reached ${reached} matches, not ${DOWNSTREAM}`);
      }
      await playQueued(app, id);
    }
  } finally {
    await app.close();
  }
  const ms = median(samples);
  return [
    {
      figure: `Forced correction with ${DOWNSTREAM} downstream matches, ${TEAMS}-team single elimination (median of ${RUNS})`,
      measured: `${ms.toFixed(1)} ms`,
      value: Number(ms.toFixed(2)),
      samples: samples.map((v) => Number(v.toFixed(2))),
      target: '< 50 ms',
      ok: ms < 50,
    },
  ];
}
