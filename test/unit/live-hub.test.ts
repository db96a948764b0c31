import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveHub, type LiveHubOptions } from '../../server/live/hub.js';
import { SseReader } from '../helpers/sse.js';
import { waitFor } from '../helpers/wait.js';

/** A hub behind a bare HTTP server on a real port; `/admin` is the admin stream. */
async function startHub(options: LiveHubOptions = {}) {
  const lines: { level: number; msg: string; public?: number; admin?: number }[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    }),
  );
  const hub = new LiveHub(logger, { firstId: 100, ...options });
  const responses: http.ServerResponse[] = [];
  /** Runs in the request's turn, before the stream is attached. */
  let beforeAttach = () => {};
  const server = http.createServer((req, res) => {
    beforeAttach();
    responses.push(res);
    const lastEventId = req.headers['last-event-id'];
    hub.attach(
      res,
      req.url === '/admin' ? 'admin' : 'public',
      typeof lastEventId === 'string' ? lastEventId : undefined,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const readers: SseReader[] = [];
  const open = async (path = '/', headers: Record<string, string> = {}) => {
    const reader = await SseReader.open(url + path, headers);
    readers.push(reader);
    await reader.until((events) => events.some((e) => e.message.topic === 'hello'), 'hello');
    return reader;
  };
  const stop = async () => {
    readers.forEach((r) => r.close());
    hub.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  stops.push(stop);
  return {
    hub,
    url,
    lines,
    responses,
    open,
    setBeforeAttach: (run: () => void) => (beforeAttach = run),
  };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

const team = (teamId: string) => ({ topic: 'team' as const, teamId, removed: false });
const server = (serverId: string) => ({ topic: 'server' as const, serverId, removed: false });
const teamIds = (reader: SseReader) => reader.of('team').map((m) => m.teamId);

describe('LiveHub fan-out', () => {
  it('writes nothing while publishing; the next turn sends what the turn published as one write per viewer, in order', async () => {
    const { hub, open, responses } = await startHub();
    const [viewer, other, admin] = [await open(), await open(), await open('/admin')];
    const writes = responses.map((res) => vi.spyOn(res.socket!, 'write'));

    hub.publish(team('a'));
    hub.publish(server('s1'));
    hub.publish(team('b'));
    hub.publish(team('c'));
    expect(writes.map((w) => w.mock.calls.length)).toEqual([0, 0, 0]);

    for (const reader of [viewer, other, admin]) {
      await reader.until(() => teamIds(reader).length === 3, 'the three team messages');
    }
    expect(writes.map((w) => w.mock.calls.length)).toEqual([1, 1, 1]);
    expect(teamIds(viewer)).toEqual(['a', 'b', 'c']);
    expect(viewer.of('server')).toEqual([]);
    expect(admin.events.slice(1).map((e) => e.message.topic)).toEqual(['team', 'server', 'team', 'team']);
    const ids = admin.events.slice(1).map((e) => Number(e.id));
    expect(ids).toEqual([101, 102, 103, 104]);
    // Encoded once: both public viewers were handed the very same bytes.
    expect(writes[0]!.mock.calls[0]![0]).toBeInstanceOf(Buffer);
    expect(writes[0]!.mock.calls[0]![0]).toBe(writes[1]!.mock.calls[0]![0]);
  });

  it('sends a public viewer nothing for a turn that published only admin topics', async () => {
    const { hub, open, responses } = await startHub();
    const [viewer, admin] = [await open(), await open('/admin')];
    const writes = responses.map((res) => vi.spyOn(res.socket!, 'write'));
    hub.publish(server('s1'));
    await admin.until(() => admin.of('server').length === 1, 'the server message');
    hub.publish(team('after'));
    await viewer.until(() => teamIds(viewer).length === 1, 'the team message');
    expect(writes.map((w) => w.mock.calls.length)).toEqual([1, 2]);
  });

  it('a viewer attaching while a turn is unsent resumes from what was sent, then gets the turn once', async () => {
    const { hub, open, setBeforeAttach } = await startHub();
    const first = await open();
    hub.publish(team('sent'));
    await first.until(() => teamIds(first).length === 1, 'the sent team message');
    const lastSeen = first.events.at(-1)!.id!;
    first.close();

    hub.publish(team('missed'));
    await new Promise((resolve) => setImmediate(resolve));
    setBeforeAttach(() => hub.publish(team('same turn')));
    const again = await open('/', { 'Last-Event-ID': lastSeen });
    await again.until(() => teamIds(again).length === 2, 'the missed and the same-turn team messages');
    expect(again.events.map((e) => [e.message.topic, Number(e.id)])).toEqual([
      ['team', 102],
      ['hello', 102],
      ['team', 103],
    ]);
    expect(teamIds(again)).toEqual(['missed', 'same turn']);
  });
});

describe('LiveHub viewer cap and logs', () => {
  it('refuses a public viewer past the cap with 503, Retry-After and the error shape; admin streams still get in', async () => {
    const { hub, url, open } = await startHub({ maxViewers: 1 });
    const viewer = await open();
    const refused = await fetch(`${url}/`);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toEqual({
      success: false,
      code: 'LIVE_FULL',
      error: expect.stringContaining('limit of 1 viewers'),
      requestId: expect.any(String),
    });
    await open('/admin');
    expect(hub.viewers).toBe(2);

    viewer.close();
    await waitFor(() => hub.viewers === 1, { message: 'the public viewer to be forgotten' });
    expect((await open()).status).toBe(200);
  });

  it('logs viewers coming and going at debug, and their count at info once per interval when it changed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { hub, open, lines } = await startHub({ countLogMs: 60_000 });
    const [viewer] = [await open(), await open(), await open('/admin')];
    viewer.close();
    await waitFor(() => hub.viewers === 2, { message: 'the closed viewer to be forgotten' });
    const info = () => lines.filter((l) => l.level === 30);
    expect(info()).toEqual([]);
    expect(lines.filter((l) => l.msg === 'a live viewer connected' && l.level === 20)).toHaveLength(3);
    expect(lines.filter((l) => l.msg === 'a live viewer left' && l.level === 20)).toHaveLength(1);

    vi.advanceTimersByTime(60_000);
    expect(info()).toEqual([expect.objectContaining({ msg: 'live viewers', public: 1, admin: 1 })]);
    vi.advanceTimersByTime(120_000);
    expect(info()).toHaveLength(1);
  });
});
