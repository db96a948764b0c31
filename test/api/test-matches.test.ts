import { describe, expect, it } from 'vitest';
import type { TestMatchRun } from '../../shared/contracts/test-matches.js';
import { addFakeServers, useMatchdayAndFakes } from '../helpers/tournament-play.js';
import type { TestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/wait.js';

const { fakes, startMatchday } = useMatchdayAndFakes();

const report = async (matchday: TestServer) => {
  const res = await matchday.request('GET', '/api/servers/test-matches');
  expect(res.status).toBe(200);
  return res.body.run as TestMatchRun | null;
};

describe('test match on every server (API.md decision 58)', () => {
  it('reports each step per server, names the failed one, and leaves nothing behind', async () => {
    const matchday = await startMatchday();
    const [, broken] = await addFakeServers(matchday, 2, fakes);
    // A website listening for every match event: a test match must give it nothing.
    const hook = await matchday.request('POST', '/api/webhooks', {
      body: { url: 'http://127.0.0.1:9/matchday-hook' },
    });
    expect(hook.status).toBe(201);
    // A server switched off after its setup: its load never reaches it.
    await broken!.stop();

    const started = await matchday.request('POST', '/api/servers/test-matches');
    expect(started.status).toBe(200);
    const again = await matchday.request('POST', '/api/servers/test-matches');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TEST_MATCHES_RUNNING');

    const run = await waitFor(
      async () => {
        const r = await report(matchday);
        return r?.finishedAt !== null ? r : null;
      },
      { message: 'the test-match run to finish', timeoutMs: 30_000 },
    );
    const byId = new Map(run!.servers.map((s) => [s.serverId, s]));
    const good = byId.get('srv-1')!;
    expect(good).toMatchObject({ state: 'passed', failed: null });
    const { load, fetched, live, completed, demo } = good.steps;
    expect([load, fetched, live, completed, demo].every((t) => typeof t === 'number')).toBe(true);
    expect(byId.get('srv-2')).toMatchObject({
      state: 'failed',
      failed: { step: 'load', reason: expect.stringMatching(/^the load was not sent/) as string },
    });

    // The install's simulation setting stayed off: only the test matches simulated.
    expect((await matchday.request('GET', '/api/settings')).body.settings.simulateMatches).toBe(false);
    // No match, stored event, webhook delivery, rating or player stat came of it.
    const db = matchday.running.app.ctx.sql;
    for (const table of [
      'matches',
      'plugin_events WHERE matchid IS NOT NULL',
      'webhook_deliveries',
      'player_map_stats',
      'rating_history',
      'demos',
    ]) {
      const rows = await db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get();
      expect(Number(rows!.n), `rows in ${table}`).toBe(0);
    }
  });

  it('is refused where simulation is not allowed', async () => {
    const matchday = await startMatchday({ env: { NODE_ENV: 'production' } });
    const res = await matchday.request('POST', '/api/servers/test-matches');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SIMULATION_NOT_ALLOWED');
  });
});
