import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TOKENS, type TestServer } from '../helpers/server.js';
import { SseReader } from '../helpers/sse.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

const logs = async (query = '') => (await server.request('GET', `/api/logs${query}`)).body;

describe('GET /api/logs', () => {
  it('shows what the app logged, never a secret, without the per-request lines', async () => {
    const { logger } = server.running.app.ctx;
    await server.request('GET', '/api/teams');
    logger.warn(
      { module: 'test', auth: { token: 'a-field-named-token' } },
      `the admin token is ${TOKENS.admin}`,
    );
    const { entries } = await logs('?level=warn');
    const line = entries.at(-1);
    expect(line).toMatchObject({ level: 'warn', module: 'test', details: { auth: { token: '[hidden]' } } });
    expect(line.msg).not.toContain(TOKENS.admin);
    expect(JSON.stringify((await logs()).entries)).not.toContain(TOKENS.admin);
    expect((await logs()).entries.some((e: { details: object }) => 'req' in e.details)).toBe(false);
  });

  it('keeps the last 500 lines, filters by level and continues after a seq', async () => {
    const { logger } = server.running.app.ctx;
    for (let i = 0; i < 600; i++) {
      logger.info({ module: 'test' }, `line ${i}`);
    }
    const all = await logs();
    expect(all.count).toBe(500);
    expect(all.entries.at(-1).msg).toBe('line 599');
    const last = all.entries.at(-1).seq;
    logger.error({ module: 'test' }, 'after the last one');
    expect((await logs(`?after=${last}`)).entries.map((e: { msg: string }) => e.msg)).toEqual([
      'after the last one',
    ]);
    expect((await logs('?level=error')).entries.every((e: { level: string }) => e.level === 'error')).toBe(
      true,
    );
    const bad = await server.request('GET', '/api/logs?level=loud');
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('streams new lines to the admin live stream only', async () => {
    const adminStream = await SseReader.open(`${server.url}/api/live/admin`, {
      Authorization: `Bearer ${TOKENS.admin}`,
    });
    const publicStream = await SseReader.open(`${server.url}/api/live`);
    server.running.app.ctx.logger.warn({ module: 'test' }, 'the organiser should see this');
    await adminStream.until(
      (events) =>
        events.some(
          (e) => e.message.topic === 'log' && e.message.entry.msg === 'the organiser should see this',
        ),
      'the warning as a log message',
    );
    await server.request('GET', '/health');
    expect(publicStream.events.some((e) => e.message.topic === 'log')).toBe(false);
    adminStream.close();
    publicStream.close();
  });

  it('is for the console: 401 without a token, 403 for an integrator token', async () => {
    expect((await server.request('GET', '/api/logs', { token: null })).status).toBe(401);
    expect((await server.request('GET', '/api/logs', { token: 'integrator' })).status).toBe(403);
  });
});
