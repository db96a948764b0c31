// `npm run demo:lan`: Matchday on loopback with fake game servers (test/fakes) that play a simulated
// tournament, so a person can watch it fill in the browser. Default: 16 teams in bo1 round-robin groups,
// then a bo3 double elimination with a bo5 grand final, on 4 servers (matches queue for a server, with
// ETAs). Flags: --type groups_playoffs|single_elimination|double_elimination|round_robin|swiss
// --teams 16 --servers 4 --format bo1 (single-stage types) --speed 40 (game seconds per real second)
// --max-rounds 24 --team-size 5 --port 3000 --plugin 1.4.21|2.0.0|mixed (the plugin the fakes imitate;
// also DEMO_PLUGIN) --no-late-team (Team 2 is on time) --no-leaving-team (Team 3 stays after its first
// loss); the people are in scripts/demo-lan-people.ts. --side-cup: an 8-team wingman cup beside the event
// on the same servers (the first tagged stage, the last half wingman; scripts/demo-side-cup.ts), a lunch
// break in the main event --lunch-after 60 game minutes after the start, --lunch-minutes 45 long (game
// minutes at --speed, at least 30 real seconds), and its final matches on stage until the demo's caster
// presses Go (scripts/demo-caster.ts).
import { parseArgs } from 'node:util';
import { startDemo, type DemoOptions } from './demo-setup.js';
import { clock, demoLinks, progressLine, readDemo } from './demo-watch.js';
import { lateTeamScript, PEOPLE_FLAGS, startDemoPeople } from './demo-lan-people.js';
import { startDemoCaster } from './demo-caster.js';

const PROGRESS_EVERY_MS = 5000;
/** The lunch lasts at least this long in real seconds, so a person can see it on the pages. */
const MIN_LUNCH_SECONDS = 30;

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
    'side-cup': { type: 'boolean', default: false },
    'lunch-after': { type: 'string', default: '60' },
    'lunch-minutes': { type: 'string', default: '45' },
    ...PEOPLE_FLAGS,
  },
});
const speed = Number(values.speed);
const sideCup = values['side-cup'];
const demo = await startDemo({
  port: Number(values.port),
  servers: Number(values.servers),
  teams: Number(values.teams),
  type: values.type as DemoOptions['type'],
  format: values.format as DemoOptions['format'],
  speed,
  plugin: values.plugin as DemoOptions['plugin'],
  maxRounds: values['max-rounds'] === undefined ? undefined : Number(values['max-rounds']),
  teamSize: Number(values['team-size']),
  fake: { script: lateTeamScript(values, speed, Number(values['team-size'])) },
  sideCup,
  ...(sideCup
    ? {
        lunch: {
          afterSeconds: (Number(values['lunch-after']) * 60) / speed,
          lastsSeconds: Math.max(MIN_LUNCH_SECONDS, (Number(values['lunch-minutes']) * 60) / speed),
        },
      }
    : {}),
});
const { url, tournamentIds } = demo;
const say = (line: string) => console.log(line);
const people = startDemoPeople(demo, values, say);
const event =
  values.type === 'groups_playoffs'
    ? 'bo1 groups, then a bo3 double elimination with a bo5 grand final'
    : `${values.type} ${values.format}`;
const servers = demo.serverIds.map((id, i) =>
  demo.serverTags[i]!.length ? `${id} [${demo.serverTags[i]!.join(', ')}]` : id,
);
const lunchAt = demo.lunch
  ? `  Lunch:    the main event loads nothing from ${clock(demo.lunch.from)} to ${clock(demo.lunch.to)}; the cup plays on`
  : null;
process.stdout.write(
  [
    '',
    `Matchday demo: ${values.teams} teams, ${values.servers} fake servers (plugin ${values.plugin}), ${event}`,
    ...(sideCup
      ? [
          '  beside it an 8-team wingman cup (2v2, single elimination bo1) on the wingman servers',
          `  servers: ${servers.join(', ')}`,
        ]
      : []),
    `  ${values.speed}x game speed (simulation timescale ${demo.timescale}, the fakes' clock the rest)`,
    ...demoLinks(
      url,
      demo.serverIds[0]!,
      await readDemo(url),
      await Promise.all(tournamentIds.map((id) => readDemo(url, id))),
    ),
    ...(lunchAt ? [lunchAt] : []),
    `  Admin:    ${url}/api/auth/admin-link/${await demo.running.app.services.auth.createAdminLinkToken()}`,
    `  Data:     ${demo.dataDir} (removed on exit)`,
    'Ctrl+C stops it.',
    '',
  ].join('\n'),
);

// The stage crew puts the main event's finals on stage and presses Go.
const caster = sideCup ? await startDemoCaster(demo, { tournamentId: tournamentIds[0]! }, say) : null;

// A progress line per tournament every few seconds; each says once when it has its champion.
const done = new Set<number>();
const progress = setInterval(() => {
  void Promise.all(tournamentIds.filter((id) => !done.has(id)).map((id) => readDemo(url, id)))
    .then((snapshots) => {
      for (const snapshot of snapshots) {
        console.log(progressLine(snapshot, Math.floor(Date.now() / 1000)));
        if (snapshot.tournament.status === 'completed') {
          done.add(snapshot.tournament.id);
        }
      }
      if (done.size === tournamentIds.length) {
        clearInterval(progress);
        console.log('Every tournament has its champion. Ctrl+C stops the demo.');
      }
    })
    .catch((err: Error) => console.error(`progress: ${err.message}`));
}, PROGRESS_EVERY_MS);

const shutdown = async () => {
  clearInterval(progress);
  people.stop();
  caster?.stop();
  await demo.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
