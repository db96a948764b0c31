// `npm run demo:lan`: Matchday on loopback with fake game servers (test/fakes) that play a simulated
// tournament, so a person can watch it fill in the browser. Flags: --servers 4 --teams 8
// --type single_elimination --format bo1 --speed 40 (game seconds per real second) --port 3000
// --plugin 1.4.21|2.0.0|mixed (the plugin the fake servers imitate; also DEMO_PLUGIN).
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { startServer } from '../server/index.js';
import { createServerSchema } from '../shared/contracts/servers.js';
import { createTournamentSchema } from '../shared/contracts/tournament.js';
import { FakeGameServer } from '../test/fakes/index.js';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '4' },
    teams: { type: 'string', default: '8' },
    type: { type: 'string', default: 'single_elimination' },
    format: { type: 'string', default: 'bo1' },
    speed: { type: 'string', default: '40' },
    port: { type: 'string', default: '3000' },
    plugin: { type: 'string', default: process.env.DEMO_PLUGIN ?? '1.4.21' },
  },
});
/** MatchZy-Enhanced 1.4.21 speaks `matchzy_`, Auto Tournament CS2 2.0.0 `at_`; `mixed` alternates. */
const PLUGINS = { '1.4.21': 'matchzy', '2.0.0': 'at' } as const;
const pluginOf = (i: number): keyof typeof PLUGINS => {
  if (values.plugin === 'mixed') {
    return i % 2 === 1 ? '1.4.21' : '2.0.0';
  }
  if (values.plugin !== '1.4.21' && values.plugin !== '2.0.0') {
    throw new Error('--plugin must be 1.4.21, 2.0.0 or mixed');
  }
  return values.plugin;
};
const count = (name: 'servers' | 'teams', max: number) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new Error(`--${name} must be a whole number from 1 to ${max}`);
  }
  return n;
};
const serverCount = count('servers', 32);
const teamCount = count('teams', 256);
const speed = Number(values.speed);
if (!(speed > 0)) {
  throw new Error('--speed must be a positive number of game seconds per real second');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-demo-lan-'));
const running = await startServer({
  config: loadConfig({ PORT: values.port, HOST: '127.0.0.1', MATCHDAY_DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
});
const { services } = running.app;

const fakes: FakeGameServer[] = [];
for (let i = 1; i <= serverCount; i++) {
  const fake = new FakeGameServer({
    flavour: PLUGINS[pluginOf(i)],
    msPerGameSecond: 1000 / speed,
    script: { seed: i },
  });
  await fake.start();
  fakes.push(fake);
  await services.servers.create(
    createServerSchema.parse({
      id: `fake-${i}`,
      name: `Fake server ${i}`,
      host: '127.0.0.1',
      port: fake.rconPort,
      rconPassword: fake.password,
    }),
  );
}

const teamIds = Array.from({ length: teamCount }, (_, t) => {
  const players = Array.from({ length: 5 }, (_, p) => ({
    platformId: String(76561198000000000n + BigInt(t * 10 + p + 1)),
    name: `player ${t + 1}.${p + 1}`,
  }));
  return services.teams.create({ name: `Team ${t + 1}`, tag: `T${t + 1}`, players }).team.id;
});
await services.settings.update({ simulateMatches: true });
services.tournament.create(
  createTournamentSchema.parse({ name: 'LAN demo', type: values.type, format: values.format, teamIds }),
);
await services.tournament.start();

process.stdout.write(
  [
    '',
    `Matchday demo: ${teamCount} teams, ${serverCount} fake servers (plugin ${values.plugin}), ${values.type} ${values.format}, ${speed}x game speed`,
    `  Watch:  ${running.localUrl}/bracket   (projector view: ${running.localUrl}/screen)`,
    `  Admin:  ${running.localUrl}/api/auth/admin-link/${services.auth.createAdminLinkToken()}`,
    `  Data:   ${dataDir} (removed on exit)`,
    'Ctrl+C stops it.',
    '',
  ].join('\n'),
);

const shutdown = async () => {
  await Promise.all(fakes.map((f) => f.stop()));
  await running.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
