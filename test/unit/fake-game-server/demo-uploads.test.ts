import { describe, expect, it } from 'vitest';
import { matchConfig, useFakeGameServers } from '../../helpers/fake-game-server.js';
import { waitFor } from '../../helpers/wait.js';

const fake = useFakeGameServers();
const { startServer, playMatch } = fake;

describe('demo uploads that go wrong', () => {
  it('reports an HTTP error at once with the status and the start of the body', async () => {
    const server = await startServer();
    fake.receiver.demoStatus = () => ({ status: 409, body: 'x'.repeat(150) });
    await playMatch(server, matchConfig(), { maps: [{ score: [13, 3] }] });
    expect(server.demos).toHaveLength(1);
    expect(fake.receiver.eventPayloads('demo_upload_fail')).toEqual([
      {
        filename: expect.stringMatching(/\.dem$/),
        size_mb: 0.0625,
        status: '409',
        reason: `${'x'.repeat(100)}...`,
        map_number: 0,
        matchid: 42,
        event: 'demo_upload_fail',
      },
    ]);
    expect(fake.receiver.eventPayloads('demo_upload_ended')[0]).toMatchObject({ success: false });
  });

  it('tries an interrupted upload three times, then reports an exception', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), { maps: [{ score: [13, 3], demo: 'interrupted' }] });
    expect(server.demos.map((attempt) => attempt.outcome)).toEqual(['error', 'error', 'error']);
    expect(fake.receiver.demos.every((demo) => !demo.complete)).toBe(true);
    expect(fake.receiver.eventPayloads('demo_upload_fail')[0]).toMatchObject({
      size_mb: null,
      status: 'exception',
    });
    expect(fake.receiver.eventNames().filter((name) => name.startsWith('demo_upload'))).toEqual([
      'demo_upload_start',
      'demo_upload_fail',
      'demo_upload_ended',
    ]);
  });

  it('reports a missing file without posting, and an upload that never reports stays silent', async () => {
    const server = await startServer();
    await playMatch(server, matchConfig(), { maps: [{ score: [13, 3], demo: 'file-not-found' }] });
    expect(fake.receiver.demos).toHaveLength(0);
    expect(fake.receiver.eventPayloads('demo_upload_fail')[0]).toMatchObject({
      size_mb: null,
      status: 'file_not_found',
      reason: 'file_not_found',
    });

    fake.receiver.matches.set('r2.json', { body: matchConfig({ matchid: 43 }) });
    server.setScript({ maps: [{ score: [13, 3], demo: 'never-reports' }] });
    await server.execute(`plugin_loadmatch_url "${fake.receiver.url}/matches/r2.json"`);
    await server.waitForEvent('demo_upload_start', (payload) => payload.matchid === 43);
    const stalled = await waitFor(
      () => (fake.receiver.demos[0]?.bytes ? fake.receiver.demos[0] : undefined),
      {
        intervalMs: 2,
        timeoutMs: 5000,
        message: 'the first bytes of the stalled demo',
      },
    );
    await server.waitForEvent('player_disconnect', (payload) => payload.matchid === 43);
    expect(stalled.complete).toBe(false);
    expect(stalled.bytes).toBeLessThan(64 * 1024);
    expect(
      fake.receiver.eventPayloads('demo_upload_ended').filter((payload) => payload.matchid === 43),
    ).toEqual([]);
  });
});
