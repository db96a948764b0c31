// Figures of backup and restore: a finished 64-team single elimination with 1000 stored plugin events per
// match, backed up over HTTP (GET /api/backup) and restored over HTTP (POST /api/backup/restore).
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../out/server/config.js';
import { startServer } from '../out/server/index.js';
import { createTournamentSchema } from '../out/shared/contracts/tournament.js';
import { ADMIN_TOKEN, median, roundEnd, tempDir } from './lib.mjs';

const TEAMS = 64;
const EVENTS_PER_MATCH = 1000;
const RUNS = 3;
const SERVER_TOKEN = 'bench-server-token-0123456789';

export const conditions =
  `in-process server on 127.0.0.1 (LOG_LEVEL=warn); a finished ${TEAMS}-team single elimination, 5 players a ` +
  `team, ${EVENTS_PER_MATCH} stored 5v5 round_end events per match; median of ${RUNS} runs, no demos`;

async function finishedTournament(app) {
  const { teams, tournament, matches, pluginEvents } = app.services;
  const teamIds = Array.from({ length: TEAMS }, (_, t) => {
    const players = Array.from({ length: 5 }, (_, p) => ({
      platformId: String(76561198100000000n + BigInt(t * 5 + p)),
      name: `player ${t * 5 + p}`,
    }));
    return teams.create({ name: `Team ${t + 1}`, tag: `T${t + 1}`, players }).team.id;
  });
  tournament.create(
    createTournamentSchema.parse({
      name: 'Bench Cup',
      type: 'single_elimination',
      teamIds,
      settings: { veto: false },
    }),
  );
  await tournament.start();
  const id = tournament.get().id;
  for (;;) {
    const ready = matches.repo.queued(id);
    if (ready.length === 0) {
      break;
    }
    for (const m of ready) {
      await matches.decideWinner(m.slug, 'team1');
      const { matchid } = matches.get(m.slug);
      await Promise.all(
        Array.from({ length: EVENTS_PER_MATCH }, (_, n) =>
          pluginEvents.ingest(Buffer.from(roundEnd(matchid, n + 1)), m.slug),
        ),
      );
    }
  }
  if (tournament.get().status !== 'completed') {
    throw new Error(`the bench tournament is ${tournament.get().status}, not completed`);
  }
}

const countEvents = (app) => app.ctx.db.prepare('SELECT count(*) AS n FROM plugin_events').get().n;

export async function backupFigures() {
  const running = await startServer({
    config: loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MATCHDAY_DATA_DIR: tempDir(),
      LOG_LEVEL: 'warn',
      API_TOKENS: `bench:${ADMIN_TOKEN}`,
      SERVER_TOKEN,
    }),
  });
  const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  try {
    await finishedTournament(running.app);
    const events = countEvents(running.app);
    const file = path.join(tempDir(), 'backup.sqlite');
    const backupMs = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const res = await fetch(`${running.localUrl}/api/backup`, { headers: auth });
      if (res.status !== 200) {
        throw new Error(`GET /api/backup answered ${res.status}`);
      }
      fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
      backupMs.push(performance.now() - started);
    }
    const sizeMiB = fs.statSync(file).size / 1024 ** 2;
    const restoreMs = [];
    for (let run = 0; run < RUNS; run++) {
      const body = fs.readFileSync(file);
      const started = performance.now();
      const res = await fetch(`${running.localUrl}/api/backup/restore`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/vnd.sqlite3' },
        body,
      });
      if (res.status !== 200) {
        throw new Error(`POST /api/backup/restore answered ${res.status}: ${await res.text()}`);
      }
      restoreMs.push(performance.now() - started);
    }
    if (
      countEvents(running.app) !== events ||
      (await running.app.services.tournament.get()).status !== 'completed'
    ) {
      throw new Error('the restored data differs from the backed-up data');
    }
    const backup = median(backupMs) / 1000;
    const restore = median(restoreMs) / 1000;
    return [
      {
        figure: `GET /api/backup (${events} stored events)`,
        measured: `${backup.toFixed(2)} s`,
        value: Number(backup.toFixed(3)),
        target: '< 10 s',
        ok: backup < 10,
      },
      {
        figure: 'backup file size',
        measured: `${sizeMiB.toFixed(1)} MiB`,
        value: Number(sizeMiB.toFixed(1)),
        target: 'reported',
        ok: null,
      },
      {
        figure: 'POST /api/backup/restore (checked, swapped, reopened)',
        measured: `${restore.toFixed(2)} s`,
        value: Number(restore.toFixed(3)),
        target: '< 10 s',
        ok: restore < 10,
      },
    ];
  } finally {
    await running.stop();
  }
}
