// `npm run demo:lan`: Matchday on loopback with fake game servers (test/fakes) that play a simulated
// tournament, so a person can watch it fill in the browser. Default: 16 teams in bo1 round-robin groups,
// then a bo3 double elimination with a bo5 grand final, on 4 servers (matches queue for a server, with
// ETAs). Flags: --type groups_playoffs|single_elimination|double_elimination|round_robin|swiss
// --teams 16 --servers 4 --format bo1 (single-stage types) --speed 40 (game seconds per real second)
// --max-rounds 24 --team-size 5 --port 3000 --plugin 1.4.21|2.0.0|mixed (the plugin the fakes imitate;
// also DEMO_PLUGIN) --no-late-team (Team 2 is on time) --no-leaving-team (Team 3 stays after its first
// loss); the people are in scripts/demo-lan-people.ts.
import { parseArgs } from 'node:util';
import { startDemo, type DemoOptions } from './demo-setup.js';
import { demoLinks, progressLine, readDemo } from './demo-watch.js';
import { lateTeamScript, PEOPLE_FLAGS, startDemoPeople } from './demo-lan-people.js';

const PROGRESS_EVERY_MS = 5000;

const { values } = parseArgs({
  options: {
    type: { type: 'string', default: 'groups_playoffs' },
    teams: { type: 'string', default: '16' },
    servers: { type: 'string', default: '4' },
    format: { type: 'string', default: 'bo1' },
    speed: { type: 'string', default: '40' },
    'max-rounds': { type: 'string' },
    'team-size': { type: 'string', default: '5' },
    port: { type: 'string', default: '3000' },
    plugin: { type: 'string', default: process.env.DEMO_PLUGIN ?? '1.4.21' },
    ...PEOPLE_FLAGS,
  },
});
const demo = await startDemo({
  port: Number(values.port),
  servers: Number(values.servers),
  teams: Number(values.teams),
  type: values.type as DemoOptions['type'],
  format: values.format as DemoOptions['format'],
  speed: Number(values.speed),
  plugin: values.plugin as DemoOptions['plugin'],
  maxRounds: values['max-rounds'] === undefined ? undefined : Number(values['max-rounds']),
  teamSize: Number(values['team-size']),
  fake: { script: lateTeamScript(values, Number(values.speed), Number(values['team-size'])) },
});
const { url } = demo;
const people = startDemoPeople(demo, values, (line) => console.log(line));
const event =
  values.type === 'groups_playoffs'
    ? 'bo1 groups, then a bo3 double elimination with a bo5 grand final'
    : `${values.type} ${values.format}`;
process.stdout.write(
  [
    '',
    `Matchday demo: ${values.teams} teams, ${values.servers} fake servers (plugin ${values.plugin}), ${event}`,
    `  ${values.speed}x game speed (simulation timescale ${demo.timescale}, the fakes' clock the rest)`,
    ...demoLinks(url, demo.serverIds[0]!, await readDemo(url)),
    `  Admin:    ${url}/api/auth/admin-link/${await demo.running.app.services.auth.createAdminLinkToken()}`,
    `  Data:     ${demo.dataDir} (removed on exit)`,
    'Ctrl+C stops it.',
    '',
  ].join('\n'),
);

// A progress line every few seconds until the champion is known.
const progress = setInterval(() => {
  void readDemo(url)
    .then((snapshot) => {
      console.log(progressLine(snapshot, Math.floor(Date.now() / 1000)));
      if (snapshot.tournament.status === 'completed') {
        clearInterval(progress);
      }
    })
    .catch((err: Error) => console.error(`progress: ${err.message}`));
}, PROGRESS_EVERY_MS);

const shutdown = async () => {
  clearInterval(progress);
  people.stop();
  await demo.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
