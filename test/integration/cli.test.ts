import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';
import { waitFor } from '../helpers/wait.js';

/** The built headless entry (`npm test` builds first). */
const CLI = path.resolve('out/server-bundle/cli.js');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    child.kill('SIGKILL');
  }
});

function startCli(env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const output = () => ({ stdout, stderr });
  const waitForOutput = (pattern: RegExp, timeoutMs = 10_000) =>
    waitFor(() => stdout.match(pattern), {
      timeoutMs,
      intervalMs: 25,
      message: () => `${pattern} in the output; stdout: ${stdout}; stderr: ${stderr}`,
    });
  return { child, exited, output, waitForOutput };
}

describe('headless start (server/cli.ts)', () => {
  it('prints the local URL, the data folder and a working one-time admin link; stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir('md-cli-');
    const cli = startCli({ MATCHDAY_DATA_DIR: dataDir });
    const [, url] = await cli.waitForOutput(/This machine:\s+(http:\/\/127\.0\.0\.1:\d+)/);
    const [, link] = await cli.waitForOutput(/(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/admin-link\/\S+)/);
    expect(cli.output().stdout).toContain(`Data folder:    ${dataDir}`);
    expect((await fetch(`${url}/health`)).status).toBe(200);

    const signIn = await fetch(link!, { redirect: 'manual' });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const me = await fetch(`${url}/api/auth/admin/me`, { headers: { Cookie: cookie } });
    expect(await me.json()).toMatchObject({ role: 'admin', kind: 'session' });

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    // The checkpoint on close leaves the database as one file.
    const wal = path.join(dataDir, 'matchday.sqlite-wal');
    expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
    // The one-time link went to the console only, never into a log line.
    const token = link!.split('/').pop()!;
    const logLines = cli
      .output()
      .stdout.split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('stops with one line naming a bad variable', async () => {
    const cli = startCli({ MATCHDAY_DATA_DIR: tempDir('md-cli-'), PORT: 'eighty' });
    expect(await cli.exited).toBe(1);
    const { stderr } = cli.output();
    expect(stderr.trim()).toMatch(/^Matchday cannot start: Invalid PORT: .+\.$/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('says clearly when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const cli = startCli({ MATCHDAY_DATA_DIR: tempDir('md-cli-'), PORT: String(port) });
      expect(await cli.exited).toBe(1);
      const { stderr } = cli.output();
      expect(stderr).toContain(`Port ${port} is taken`);
      // The port offered is free: the organiser can start with it at once.
      const offered = Number(stderr.match(/Start it with --port=(\d+) or PORT=0/)![1]);
      expect(offered).toBeGreaterThan(port);
      expect(stderr).toContain(`Port ${offered} is free.`);
    } finally {
      blocker.close();
    }
  });

  it('warns about an ignored short token by its label, never the secret', async () => {
    const cli = startCli({ MATCHDAY_DATA_DIR: tempDir('md-cli-'), API_TOKENS: 'shorty:abc123secret' });
    await cli.waitForOutput(/This machine:/);
    const { stdout } = cli.output();
    expect(stdout).toMatch(/API_TOKENS: token .+shorty.+ is ignored/);
    expect(stdout).not.toContain('abc123secret');
  });
});
