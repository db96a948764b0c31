import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.js';
import { MIGRATIONS } from '../../server/db/migrations/index.js';
import { createRepos } from '../../server/db/repos.js';
import type { SqlPort } from '../../server/db/sql-port.js';
import { createSqlitePort } from '../../server/db/sqlite-driver.js';
import type { App } from '../../server/index.js';
import type { StoredEvent } from '../../server/features/plugin-events/repo.js';
import { createTestApp } from '../helpers/app.js';

/**
 * The event log grows by every plugin event of the day (thousands of rows of a few KB each): no read of it
 * may go through every row. Periodic sweeps did (the attention sweep's ended maps every 5 s).
 */

const event = (e: Partial<StoredEvent> & Pick<StoredEvent, 'event' | 'receivedAt'>): StoredEvent => ({
  bodyHash: `${e.event}-${e.receivedAt}-${e.sender ?? ''}-${e.matchSlug ?? ''}`,
  matchid: null,
  mapNumber: null,
  sender: null,
  matchSlug: null,
  body: '{}',
  outcome: 'applied',
  ...e,
});

describe('when a server last posted (API.md decision 56)', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
    const log = app.ctx.repos.pluginEvents;
    for (const e of [
      // About itself, to its own URL and to the URL of the match it played.
      event({ event: 'server_health', receivedAt: 100, sender: 'srv-1' }),
      event({ event: 'server_health', receivedAt: 150, sender: 'm-1' }),
      // About the match, posted to its own URL or the server's.
      event({ event: 'round_end', receivedAt: 200, sender: 'srv-1', matchSlug: 'm-1' }),
      event({ event: 'round_end', receivedAt: 300, sender: 'm-1', matchSlug: 'm-1' }),
      // Other servers and matches say nothing of srv-1 and m-1.
      event({ event: 'server_health', receivedAt: 900, sender: 'srv-2' }),
      event({ event: 'round_end', receivedAt: 950, sender: 'srv-1', matchSlug: 'm-2' }),
      event({ event: 'round_end', receivedAt: 990, sender: 'm-3', matchSlug: 'm-3' }),
    ]) {
      await log.store(e);
    }
  });
  afterAll(() => app.close());

  it('is its newest post about itself or the match', async () => {
    const log = app.ctx.repos.pluginEvents;
    expect(await log.lastPostAt('srv-1', 'm-1')).toBe(300);
    expect(await log.lastPostAt('srv-2', 'm-9')).toBe(900);
    expect(await log.lastPostAt('srv-1', 'm-9')).toBe(100);
    expect(await log.lastPostAt('srv-9', 'm-1')).toBe(300);
    expect(await log.lastPostAt('srv-9', 'm-9')).toBeNull();
  });
});

/** The statements the repos prepare at start-up, each with the SQL it was prepared from. */
function preparedStatements(db: Database.Database): string[] {
  const port = createSqlitePort(db, { onTransactionWaited: 'throw' });
  const prepared: string[] = [];
  const recording = new Proxy(port, {
    get(target, key, receiver) {
      if (key === 'prepare') {
        return (sql: string) => {
          prepared.push(sql);
          return target.prepare(sql);
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  }) as SqlPort;
  createRepos(recording);
  return prepared;
}

/** The names a statement reads `plugin_events` under: the table's own, and any alias given to it. */
function namesOfEventLog(sql: string): string[] {
  const aliases = [...sql.matchAll(/plugin_events\s+(?:AS\s+)?([a-z_]\w*)/gi)]
    .map((m) => m[1]!)
    .filter((word) => !/^(where|on|order|group|limit|join|left|set|values|using)$/i.test(word));
  return ['plugin_events', ...aliases];
}

describe('reads of the event log', () => {
  it('go through an index, never every stored event', () => {
    const db = new Database(':memory:');
    migrate(db, MIGRATIONS);
    const overEventLog = preparedStatements(db).filter((sql) => /\bplugin_events\b/.test(sql));
    expect(overEventLog.length).toBeGreaterThan(10);
    const scans = overEventLog.flatMap((sql) => {
      if (/^\s*INSERT\b/i.test(sql)) {
        return [];
      }
      const names = namesOfEventLog(sql);
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null)) as { detail: string }[];
      // "SCAN e" reads every row; "SCAN e USING (COVERING) INDEX" reads the index's entries only.
      return plan
        .filter(({ detail }) => names.some((name) => new RegExp(`^SCAN ${name}$`).test(detail)))
        .map(({ detail }) => `${detail} in: ${sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    });
    expect(scans).toEqual([]);
    db.close();
  });
});
