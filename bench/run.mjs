// `npm run bench`: measures the figures the issues name and prints them as a table.
// It reports; a missed target does not fail the run (a broken run does).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import * as foundation from './foundation.mjs';
import * as tournament from './tournament.mjs';
import * as events from './events.mjs';
import * as live from './live.mjs';
import * as webhooks from './webhooks.mjs';
import * as backup from './backup.mjs';
import * as demos from './demos.mjs';
import * as tournamentPlay from './tournament-play.mjs';
import * as stats from './stats.mjs';
import * as correction from './correction.mjs';
import * as etaError from './eta-error.mjs';
import * as overlay from './overlay.mjs';
import * as postgres from './postgres.mjs';
import * as failover from './failover.mjs';
import * as turnover from './turnover.mjs';
import { removeTempDirs } from './lib.mjs';

const COLUMNS = ['figure', 'measured', 'target', 'ok'];

function cell(row, column) {
  if (column === 'ok') {
    return row.ok === null ? '' : row.ok ? 'yes' : 'NO';
  }
  return String(row[column]);
}

function printTable(rows) {
  const widths = COLUMNS.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (values) =>
    values
      .map((v, i) => v.padEnd(widths[i]))
      .join(' | ')
      .trimEnd();
  console.log(line(COLUMNS));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows) {
    console.log(line(COLUMNS.map((c) => cell(row, c))));
  }
}

const machine = `Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), ${os.platform()}`;
const SUITES = [
  { name: 'foundation', conditions: foundation.conditions, run: foundation.foundationFigures },
  { name: 'tournament', conditions: tournament.conditions, run: tournament.tournamentFigures },
  { name: 'events', conditions: events.conditions, run: events.eventFigures },
  { name: 'live', conditions: live.conditions, run: live.liveFigures },
  { name: 'webhooks', conditions: webhooks.conditions, run: webhooks.webhookFigures },
  { name: 'backup', conditions: backup.conditions, run: backup.backupFigures },
  { name: 'demos', conditions: demos.conditions, run: demos.demoFigures },
  { name: 'play', conditions: tournamentPlay.conditions, run: tournamentPlay.tournamentPlayFigures },
  { name: 'stats', conditions: stats.conditions, run: stats.statsFigures },
  { name: 'correction', conditions: correction.conditions, run: correction.correctionFigures },
  { name: 'eta', conditions: etaError.conditions, run: etaError.etaErrorFigures },
  { name: 'overlay', conditions: overlay.conditions, run: overlay.overlayFigures },
  { name: 'postgres', conditions: postgres.conditions, run: postgres.postgresFigures },
  { name: 'failover', conditions: failover.conditions, run: failover.failoverFigures },
  { name: 'turnover', conditions: turnover.conditions, run: turnover.turnoverFigures },
];
// `npm run bench -- tournament` runs one suite.
const chosen = SUITES.filter((s) => process.argv.length <= 2 || process.argv.slice(2).includes(s.name));

let missed = 0;
for (const suite of chosen) {
  console.log(`\n${suite.name} benchmarks: ${machine}`);
  console.log(`conditions: ${suite.conditions}\n`);
  const started = Date.now();
  const rows = await suite.run();
  removeTempDirs();
  printTable(rows);
  const suiteMissed = rows.filter((r) => r.ok === false).length;
  missed += suiteMissed;
  console.log(
    `\n${suiteMissed === 0 ? 'all targets met' : `${suiteMissed} target(s) missed`} (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  const file = fileURLToPath(new URL(`./results/${suite.name}.json`, import.meta.url));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const json = JSON.stringify({
    measuredAt: new Date().toISOString(),
    machine,
    conditions: suite.conditions,
    figures: rows,
  });
  // Formatted as the repo's Prettier wants it, so `npm run lint` stays green after a bench run.
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(json, { ...options, filepath: file }));
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}
console.log(`\n${missed === 0 ? 'every target met' : `${missed} target(s) missed in all`}`);
