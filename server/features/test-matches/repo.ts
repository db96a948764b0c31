import type { SqlPort } from '../../db/sql-port.js';
import type { TestMatchStep } from '../../../shared/contracts/test-matches.js';
import type { TestMatchServerFacts } from '../../../shared/domain/test-match-report.js';

interface Row {
  server_id: string;
  name: string;
  started_at: number;
  matchid: number;
  load_at: number | null;
  load_error: string | null;
  fetched_at: number | null;
  live_at: number | null;
  completed_at: number | null;
  demo_at: number | null;
}

/** The column of each step after the load; a fixed map, never a name from a request. */
const STEP_COLUMNS: Record<Exclude<TestMatchStep, 'load'>, string> = {
  fetched: 'fetched_at',
  live: 'live_at',
  completed: 'completed_at',
  demo: 'demo_at',
};

const num = (value: number | null) => (value === null ? null : Number(value));

const toFacts = (row: Row): TestMatchServerFacts & { matchid: number; startedAt: number } => ({
  serverId: row.server_id,
  name: row.name,
  matchid: Number(row.matchid),
  startedAt: Number(row.started_at),
  loadError: row.load_error,
  steps: {
    load: num(row.load_at),
    fetched: num(row.fetched_at),
    live: num(row.live_at),
    completed: num(row.completed_at),
    demo: num(row.demo_at),
  },
});

/** The last test-match run, one row per server (API.md decision 58); a new run replaces it. */
export function createTestMatchesRepo(db: SqlPort) {
  const selectAll = db.prepare<[], Row>('SELECT * FROM test_match_servers ORDER BY name, server_id');
  const selectByMatchid = db.prepare<[number], Row>('SELECT * FROM test_match_servers WHERE matchid = ?');
  const deleteAll = db.prepare('DELETE FROM test_match_servers');
  const insert = db.prepare(
    'INSERT INTO test_match_servers (server_id, name, started_at, matchid) VALUES (?, ?, ?, ?)',
  );
  const setLoad = db.prepare('UPDATE test_match_servers SET load_at = ?, load_error = ? WHERE server_id = ?');
  // A step is stored once: the plugin may send an event twice, the first time counts.
  const setStep = Object.fromEntries(
    Object.entries(STEP_COLUMNS).map(([step, column]) => [
      step,
      db.prepare(`UPDATE test_match_servers SET ${column} = ? WHERE matchid = ? AND ${column} IS NULL`),
    ]),
  ) as Record<Exclude<TestMatchStep, 'load'>, ReturnType<SqlPort['prepare']>>;

  return {
    all: async () => (await selectAll.all()).map(toFacts),
    byMatchid: async (matchid: number) => {
      const row = await selectByMatchid.get(matchid);
      return row ? toFacts(row) : null;
    },
    /** Starts a run: the last run's rows go, one row per server of the new one. */
    async replace(
      startedAt: number,
      servers: { serverId: string; name: string; matchid: number }[],
    ): Promise<void> {
      await deleteAll.run();
      for (const s of servers) {
        await insert.run(s.serverId, s.name, startedAt, s.matchid);
      }
    },
    loaded: (serverId: string, at: number | null, error: string | null) => setLoad.run(at, error, serverId),
    step: (matchid: number, step: Exclude<TestMatchStep, 'load'>, at: number) =>
      setStep[step].run(at, matchid),
  };
}

export type TestMatchesRepo = ReturnType<typeof createTestMatchesRepo>;
