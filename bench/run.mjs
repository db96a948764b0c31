// `npm run bench`: measures the figures the issues name and prints them as a table.
// It reports; a missed target does not fail the run (a broken run does).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { conditions, foundationFigures } from './foundation.mjs';
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
console.log(`foundation benchmarks: ${machine}`);
console.log(`conditions: ${conditions}`);
console.log('this takes about a minute...\n');

const started = Date.now();
const rows = await foundationFigures();
removeTempDirs();
printTable(rows);

const missed = rows.filter((r) => r.ok === false).length;
console.log(
  `\n${missed === 0 ? 'all targets met' : `${missed} target(s) missed`} (${Math.round((Date.now() - started) / 1000)} s)`,
);

const file = fileURLToPath(new URL('./results/foundation.json', import.meta.url));
fs.mkdirSync(path.dirname(file), { recursive: true });
const json = JSON.stringify({ measuredAt: new Date().toISOString(), machine, conditions, figures: rows });
// Formatted as the repo's Prettier wants it, so `npm run lint` stays green after a bench run.
const options = (await prettier.resolveConfig(file)) ?? {};
fs.writeFileSync(file, await prettier.format(json, { ...options, filepath: file }));
console.log(`written to ${path.relative(process.cwd(), file)}`);
