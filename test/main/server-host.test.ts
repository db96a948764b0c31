import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CRASHES } from '../../main/restart-policy.js';
import { waitFor } from '../helpers/wait.js';

class FakeChild extends EventEmitter {
  readonly posted: unknown[] = [];
  constructor(readonly env: Record<string, string | undefined>) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  kill() {
    this.emit('exit', 9);
    return true;
  }
}

const children = vi.hoisted(() => [] as FakeChild[]);

vi.mock('electron', () => ({
  utilityProcess: {
    fork: (_entry: string, _args: string[], options: { env: Record<string, string | undefined> }) => {
      const child = new FakeChild(options.env);
      children.push(child);
      return child;
    },
  },
}));

const { ServerHost } = await import('../../main/server-host.js');

const handshake = (port: number) => ({
  type: 'server-started',
  port,
  lanUrls: [`http://192.0.2.5:${port}`],
  dataDir: '/data',
  adminLinkToken: 'x'.repeat(32),
});

function newHost(port = 0) {
  const onStarted = vi.fn();
  const onFatal = vi.fn();
  const onStatus = vi.fn();
  const host = new ServerHost({ dataDir: '/data', packaged: false, port, onStarted, onFatal, onStatus });
  return { host, onStarted, onFatal, onStatus };
}

describe('ServerHost', () => {
  beforeEach(() => {
    children.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts on a free port, resolves on the handshake, ignores unknown messages', async () => {
    const { host, onStarted } = newHost();
    const started = host.start();
    const child = children[0]!;
    expect(child.env.PORT).toBe('0');
    expect(child.env.MATCHDAY_DATA_DIR).toBe('/data');
    child.emit('message', { type: 'something-else' });
    child.emit('message', handshake(4310));
    await expect(started).resolves.toMatchObject({ port: 4310 });
    expect(onStarted).toHaveBeenCalledTimes(1);
  });

  it('rejects with the server’s own reason when it cannot start, and the free port it found', async () => {
    const { host } = newHost(3000);
    const started = host.start();
    expect(children[0]!.env.PORT).toBe('3000');
    children[0]!.emit('message', {
      type: 'server-failed',
      message: 'Port 3000 is taken',
      nextFreePort: 3001,
    });
    await expect(started).rejects.toMatchObject({ message: 'Port 3000 is taken', nextFreePort: 3001 });
  });

  it('passes the event status on', async () => {
    const { host, onStatus } = newHost();
    const started = host.start();
    children[0]!.emit('message', handshake(4310));
    await started;
    children[0]!.emit('message', { type: 'server-status', tournamentInProgress: true, liveMatches: 2 });
    children[0]!.emit('message', { type: 'server-status', tournamentInProgress: 'yes', liveMatches: 2 });
    expect(onStatus.mock.calls).toEqual([[{ tournamentInProgress: true, liveMatches: 2 }]]);
  });

  it('restarts a crashed server on the same port, and gives up after repeated crashes', async () => {
    const { host, onStarted, onFatal } = newHost();
    const started = host.start();
    children[0]!.emit('message', handshake(4310));
    await started;
    for (let crash = 1; crash <= MAX_CRASHES; crash++) {
      children.at(-1)!.emit('exit', 1);
      expect(children).toHaveLength(crash + 1);
      expect(children.at(-1)!.env.PORT).toBe('4310');
      children.at(-1)!.emit('message', handshake(4310));
    }
    await waitFor(() => onStarted.mock.calls.length === MAX_CRASHES + 1, {
      message: `${MAX_CRASHES + 1} starts`,
    });
    children.at(-1)!.emit('exit', 1);
    expect(children).toHaveLength(MAX_CRASHES + 1);
    expect(onFatal).toHaveBeenCalledWith(expect.stringContaining('keeps failing'));
  });

  it('stops by asking the server to drain, and does not restart it', async () => {
    const { host } = newHost();
    const started = host.start();
    const child = children[0]!;
    child.emit('message', handshake(4310));
    await started;
    const stopped = host.stop();
    expect(child.posted).toEqual([{ type: 'stop' }]);
    child.emit('exit', 0);
    await stopped;
    expect(children).toHaveLength(1);
  });

  it('kills a server that does not stop in time', async () => {
    vi.useFakeTimers();
    const { host } = newHost();
    const started = host.start();
    const child = children[0]!;
    child.emit('message', handshake(4310));
    await started;
    const kill = vi.spyOn(child, 'kill');
    const stopped = host.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    await stopped;
    expect(kill).toHaveBeenCalledTimes(1);
  });
});
