// The fake game server fleet (bench/fake-fleet.ts) as the benches drive it: bundled once per run, started
// in a process of its own, asked for counts over its stdin.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { adminApi, bundleTypeScript, sleep } from './lib.mjs';

/** The fakes are TypeScript (test/fakes): bundled once per run. */
export async function buildFleet() {
  return fileURLToPath(await bundleTypeScript(new URL('./fake-fleet.ts', import.meta.url), 'fleet'));
}

/**
 * The fleet process (`args`: fake-fleet.ts's flags), with `ports`, `password` and `ask`, which sends a
 * command and reads the JSON line it answers; `stop` ends it.
 */
export async function startFleet(script, args) {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse((await lines.next()).value);
  const ask = async (command) => {
    child.stdin.write(`${command}\n`);
    return next();
  };
  const stop = async () => {
    child.stdin.write('stop\n');
    await new Promise((resolve) => child.once('exit', resolve));
  };
  return { child, ...(await next()), ask, stop };
}

/** Adds every fake of the fleet to Matchday as `fake-<n>` and waits until each is set up and verified. */
export async function addFleet(url, fleet) {
  for (const [i, port] of fleet.ports.entries()) {
    const id = `fake-${i + 1}`;
    await adminApi(url, 'POST', '/api/servers', {
      id,
      name: id,
      host: '127.0.0.1',
      port,
      rconPassword: fleet.password,
    });
  }
  const deadline = Date.now() + 60_000;
  while ((await adminApi(url, 'GET', '/api/servers')).servers.some((s) => s.availability.blocked !== null)) {
    if (Date.now() > deadline) {
      throw new Error('the fake servers were not all ready within a minute');
    }
    await sleep(100);
  }
}

/** `count` teams `team-1`… of five players each, created in one batch. */
export async function addTeams(url, count) {
  const teams = Array.from({ length: count }, (_, t) => ({
    id: `team-${t + 1}`,
    name: `Team ${t + 1}`,
    tag: `T${t + 1}`,
    players: Array.from({ length: 5 }, (_, p) => ({
      platformId: String(76561198000000000n + BigInt(t * 10 + p + 1)),
      name: `player ${t + 1}.${p + 1}`,
    })),
  }));
  await adminApi(url, 'POST', '/api/teams', teams);
  return teams.map((t) => t.id);
}
