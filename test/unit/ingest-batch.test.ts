import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createSqlitePort } from '../../server/db/sqlite-driver.js';
import type { MatchRecord } from '../../server/features/matches/index.js';
import type { RunApplier } from '../../server/features/plugin-events/apply-run.js';
import type { EventLog } from '../../server/features/plugin-events/event-log.js';
import { createIngestBatch, type PostedEvent } from '../../server/features/plugin-events/ingest-batch.js';
import type { IngestOne, Ingested } from '../../server/features/plugin-events/ingest.js';
import { parsePluginEvent } from '../../server/features/plugin-events/normalise.js';
import { tempDir } from '../helpers/temp-dir.js';

const MATCH = { slug: 'm', matchid: 7 } as MatchRecord;

const delivery = (body: Record<string, unknown>): PostedEvent => {
  const raw = Buffer.from(JSON.stringify(body));
  return { raw, e: parsePluginEvent(raw), sender: 'm' };
};
const round = (n: number) =>
  delivery({
    team1: { score: n, players: [] },
    team2: { score: 0, players: [] },
    round_number: n,
    map_number: 0,
    matchid: MATCH.matchid,
    event: 'round_end',
  });

/** The batch step over a real transaction, with the steps around it recording what they were given. */
function setup(applyRun: (write: (what: string) => Promise<unknown>) => RunApplier['applyRun']) {
  const db = new Database(path.join(tempDir('md-ingest-batch-'), 'x.sqlite'));
  db.exec('CREATE TABLE e (what TEXT)');
  const sql = createSqlitePort(db, { onTransactionWaited: 'throw' });
  const write = sql.prepare<[string]>('INSERT INTO e (what) VALUES (?)');
  const written = () => db.prepare('SELECT what FROM e').pluck().all() as string[];
  const stored: string[] = [];
  const log = {
    hashOf: (raw: Buffer) => raw.toString(),
    isRepeat: () => Promise.resolve(false),
    async store(_hash: string, _raw: Buffer, e: { round_number?: unknown }, _s: unknown, outcome: string) {
      await write.run(`stored ${String(e.round_number)} ${outcome}`);
      stored.push(`${String(e.round_number)} ${outcome}`);
      return {
        topic: 'plugin.event' as const,
        event: 'round_end',
        matchid: 7,
        sender: 'm',
        outcome,
        receivedAt: 0,
      };
    },
  } as unknown as EventLog;
  const alone: string[] = [];
  const logs: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => logs.push(line) });
  const ingestOne: IngestOne = async (_raw, e) => {
    alone.push(String(e.round_number ?? e.event));
    await write.run(`alone ${String(e.round_number ?? e.event)}`);
    if (e.round_number === 3) {
      throw new Error('round 3 cannot be stored');
    }
    return { answer: { outcome: 'applied' } };
  };
  const ingestBatch = createIngestBatch(
    { sql, logger },
    log,
    { matchFor: () => Promise.resolve({ outcome: 'applied', match: MATCH }) },
    () => Promise.resolve(MATCH),
    { applyRun: applyRun((what) => write.run(what)) },
    ingestOne,
  );
  const run = (batch: readonly PostedEvent[]) => sql.tx(() => ingestBatch(batch));
  return { run, written, stored, alone, logs };
}

describe('a group commit of plugin events (ingest-batch)', () => {
  it('applies the rounds of a match together; another event goes alone after the rounds before it', async () => {
    const runs: number[][] = [];
    const { run, stored, alone } = setup(() => (_match, effects) => {
      runs.push(effects.map((e) => ('round' in e ? e.round : -1)));
      return Promise.resolve(effects.map((_, i) => (i === 0 ? undefined : ({ match: MATCH } as never))));
    });
    const results = await run([
      round(1),
      round(2),
      delivery({ matchid: 7, event: 'round_started' }),
      round(4),
      round(5),
    ]);
    expect(runs).toEqual([
      [1, 2],
      [4, 5],
    ]);
    expect(alone).toEqual(['round_started']);
    expect(stored).toEqual([
      '1 ignored: changes nothing',
      '2 applied',
      '4 ignored: changes nothing',
      '5 applied',
    ]);
    expect(results.map((r) => (r as Ingested).answer.outcome)).toEqual([
      'ignored',
      'applied',
      'applied',
      'ignored',
      'applied',
    ]);
  });

  it('applies rounds one by one when they cannot be applied together: one that fails answers its error alone', async () => {
    const { run, written, alone, logs } = setup((write) => async () => {
      await write('joint attempt');
      throw new Error('the rounds cannot be applied together');
    });
    const results = await run([round(1), round(2), round(3), round(4)]);
    expect(alone).toEqual(['1', '2', '3', '4']);
    expect(results.map((r) => (r instanceof Error ? r.message : r.answer.outcome))).toEqual([
      'applied',
      'applied',
      'round 3 cannot be stored',
      'applied',
    ]);
    // Nothing of the joint attempt is kept, nor the failing round's own writes.
    expect(written()).toEqual(['alone 1', 'alone 2', 'alone 4']);
    expect(logs.join('')).toContain('the rounds cannot be applied together');
  });
});
