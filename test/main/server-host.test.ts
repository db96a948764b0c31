import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CRASHES } from '../../main/restart-policy.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait.js';

/**
 * Behaves as Electron's UtilityProcess (electron_api_utility_process.cc): `exit` is emitted once and
 * asynchronously after a kill; kill() of an exited process returns false and emits nothing; postMessage
 * to an exited process does nothing.
 */
class FakeChild extends EventEmitter {
  readonly posted: unknown[] = [];
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  pid: number | undefined = 4242;
  /** A process stuck so hard that even a kill takes longer than the host waits. */
  ignoresKill = false;
  constructor(readonly env: Record<string, string | undefined>) {
    super();
  }
  postMessage(message: unknown) {
    if (this.pid !== undefined) {
      this.posted.push(message);
    }
  }
  kill() {
    if (this.pid === undefined) {
      return false;
    }
    if (!this.ignoresKill) {
      setImmediate(() => this.exit(9));
    }
    return true;
  }
  /** The process ends (crash, exit() or kill): what Electron reports once. */
  exit(code: number) {
    if (this.pid !== undefined) {
      this.pid = undefined;
      this.emit('exit', code);
    }
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

const { ServerHost, ServerStartError } = await import('../../main/server-host.js');

const handshake = (port: number) => ({
  type: 'server-started',
  port,
  lanUrls: [`http://192.0.2.5:${port}`],
  dataDir: '/data',
  adminLinkToken: 'x'.repeat(32),
});

function newHost(port = 0, onFatal: (message: string) => void = vi.fn()) {
  const onStarted = vi.fn();
  const onStatus = vi.fn();
  const onAddresses = vi.fn();
  const logFile = path.join(tempDir(), 'logs', 'server.log');
  const host = new ServerHost({
    dataDir: '/data',
    packaged: true,
    port,
    logFile,
    onStarted,
    onFatal,
    onStatus,
    onAddresses,
  });
  return { host, onStarted, onFatal, onStatus, onAddresses, logFile };
}

async function running(port = 4310, onFatal: (message: string) => void = vi.fn()) {
  const made = newHost(0, onFatal);
  const started = made.host.start();
  children.at(-1)!.emit('message', handshake(port));
  await started;
  return made;
}

/** Crashes the current server until the host gives up. */
function crashUntilFatal(port: number) {
  for (let crash = 1; crash <= MAX_CRASHES; crash++) {
    children.at(-1)!.exit(1);
    children.at(-1)!.emit('message', handshake(port));
  }
  children.at(-1)!.exit(1);
}

describe('ServerHost', () => {
  beforeEach(() => {
    children.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('starting', () => {
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

    it('when the port is taken: rejects with the free port, never restarts on the taken one, starts on the chosen one', async () => {
      const { host, onFatal } = newHost(3000);
      const started = host.start();
      expect(children[0]!.env.PORT).toBe('3000');
      // What server/utility-entry.ts does: report, then exit(1).
      children[0]!.emit('message', {
        type: 'server-failed',
        message: 'Port 3000 is taken',
        nextFreePort: 3001,
      });
      children[0]!.exit(1);
      await expect(started).rejects.toBeInstanceOf(ServerStartError);
      await expect(started).rejects.toMatchObject({ message: 'Port 3000 is taken', nextFreePort: 3001 });
      expect(children).toHaveLength(1);
      expect(onFatal).not.toHaveBeenCalled();

      host.usePort(3001);
      const again = host.start();
      expect(children).toHaveLength(2);
      expect(children[1]!.env.PORT).toBe('3001');
      children[1]!.emit('message', handshake(3001));
      await expect(again).resolves.toMatchObject({ port: 3001 });
    });

    it('rejects, without a restart, when the server dies before its handshake', async () => {
      const { host, onFatal } = newHost(3000);
      const started = host.start();
      children[0]!.exit(1);
      await expect(started).rejects.toThrow(/stopped while starting \(exit code 1\)/);
      expect(children).toHaveLength(1);
      expect(onFatal).not.toHaveBeenCalled();
    });

    it('kills a server that hangs before its handshake', async () => {
      vi.useFakeTimers();
      const { host } = newHost();
      const outcome = host.start().catch((err: Error) => err);
      const kill = vi.spyOn(children[0]!, 'kill');
      await vi.advanceTimersByTimeAsync(30_000);
      expect((await outcome) as Error).toMatchObject({
        message: 'The Matchday server did not start in time.',
      });
      expect(kill).toHaveBeenCalledTimes(1);
      expect(children).toHaveLength(1);
    });
  });

  describe('while running', () => {
    it('passes the event status and the changed LAN addresses on', async () => {
      const { onStatus, onAddresses } = await running();
      children[0]!.emit('message', { type: 'server-status', tournamentInProgress: true, liveMatches: 2 });
      children[0]!.emit('message', { type: 'server-status', tournamentInProgress: 'yes', liveMatches: 2 });
      children[0]!.emit('message', { type: 'server-addresses', lanUrls: ['http://10.0.0.7:4310'] });
      expect(onStatus.mock.calls).toEqual([[{ tournamentInProgress: true, liveMatches: 2 }]]);
      expect(onAddresses.mock.calls).toEqual([[['http://10.0.0.7:4310']]]);
    });

    it('appends the server’s output to its log file', async () => {
      const { host, logFile } = await running();
      children[0]!.stdout.write('{"msg":"listening"}\n');
      children[0]!.stderr.write('boom\n');
      const stopped = host.stop();
      children[0]!.exit(0);
      await stopped;
      await waitFor(() => fs.existsSync(logFile) && fs.readFileSync(logFile, 'utf8').includes('boom'), {
        message: 'the server output in the log file',
      });
      expect(fs.readFileSync(logFile, 'utf8')).toBe('{"msg":"listening"}\nboom\n');
    });

    it('asks the running server for a fresh one-time admin link', async () => {
      const { host } = await running();
      const token = host.newAdminLinkToken();
      expect(children[0]!.posted).toEqual([{ type: 'admin-link' }]);
      children[0]!.emit('message', { type: 'admin-link', adminLinkToken: 'f'.repeat(32) });
      await expect(token).resolves.toBe('f'.repeat(32));
    });

    it('has no admin link to give when the server is gone', async () => {
      const { host } = await running();
      children[0]!.exit(0);
      await expect(host.newAdminLinkToken()).rejects.toThrow(/not running/);
    });

    it('restarts a crashed server on the same port, and gives up after repeated crashes', async () => {
      const { onStarted, onFatal, host } = await running();
      crashUntilFatal(4310);
      await waitFor(() => onStarted.mock.calls.length === MAX_CRASHES + 1, {
        message: `${MAX_CRASHES + 1} starts`,
      });
      expect(children).toHaveLength(MAX_CRASHES + 1);
      expect(children.slice(1).map((child) => child.env.PORT)).toEqual(Array(MAX_CRASHES).fill('4310'));
      expect(onFatal).toHaveBeenCalledWith(expect.stringContaining('keeps failing'));
      expect(onFatal).toHaveBeenCalledWith(expect.stringContaining(host.logFile));
    });
  });

  describe('stopping', () => {
    it('asks the server to drain, and does not restart it', async () => {
      const { host } = await running();
      const child = children[0]!;
      const stopped = host.stop();
      expect(child.posted).toEqual([{ type: 'stop' }]);
      child.exit(0);
      await stopped;
      expect(children).toHaveLength(1);
    });

    it('kills a server that does not stop in time', async () => {
      vi.useFakeTimers();
      const { host } = await running();
      const kill = vi.spyOn(children[0]!, 'kill');
      const stopped = host.stop();
      await vi.advanceTimersByTimeAsync(10_000);
      await stopped;
      expect(kill).toHaveBeenCalledTimes(1);
    });

    it('resolves even when the killed server never reports its exit', async () => {
      vi.useFakeTimers();
      const { host } = await running();
      children[0]!.ignoresKill = true;
      let done = false;
      void host.stop().then(() => (done = true));
      await vi.advanceTimersByTimeAsync(15_000);
      expect(done).toBe(true);
    });

    it('resolves at once when the server has already exited', async () => {
      const { host } = newHost(3000);
      const started = host.start().catch(() => undefined);
      children[0]!.emit('message', { type: 'server-failed', message: 'Port 3000 is taken' });
      children[0]!.exit(1);
      await started;
      await expect(host.stop()).resolves.toBeUndefined();
      expect(children[0]!.posted).toEqual([]);
    });

    it('after the "keeps failing" error, a quit from inside the exit event still stops (Quit works)', async () => {
      // main/index.ts: onFatal → app.quit() → before-quit → host.stop(), all inside the exit event.
      let stopped: Promise<void> | undefined;
      const made = await running(4310, () => {
        stopped = made.host.stop();
      });
      crashUntilFatal(4310);
      expect(stopped).toBeDefined();
      await expect(stopped).resolves.toBeUndefined();
      // A second quit gets the same answer instead of being ignored.
      await expect(made.host.stop()).resolves.toBeUndefined();
    });
  });
});
