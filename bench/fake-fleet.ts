// A fleet of fake game servers (test/fakes) in a process of its own, so a bench measures Matchday's
// process alone. Prints one JSON line `{ ports, password }` once they listen. Reads commands on stdin:
// `count` answers `{ events, timescales }` (events Matchday accepted with a 2xx, the timescales loaded
// matches played at); `turnovers` answers `{ turnovers }`, per series end its wall times (ms): the
// series_end sent, the plugin's reset to idle, the next config fetched; `stop` stops them and exits. `--wide-scores`: maps end anywhere from 13-0 to a
// double overtime, so match durations spread as at a real event.
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { FakeGameServer, type MatchConfig, type MatchScript } from '../test/fakes/index.js';
import { seededRandom } from '../test/fakes/match-script.js';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '16' },
    'ms-per-game-second': { type: 'string', default: '10' },
    'wide-scores': { type: 'boolean', default: false },
  },
});
const PASSWORD = 'bench-fleet-rcon-password';
/** Winner's score first; valid for mp_maxrounds 24 with overtime on (MR6), as Matchday's default. */
const WIDE_SCORES: [number, number][] = [
  [13, 0],
  [13, 3],
  [13, 5],
  [13, 7],
  [13, 9],
  [13, 11],
  [16, 14],
  [19, 17],
];
const MAX_MAPS = 5;

/** Server `n`'s script: seeded by the server and the match, each map's score drawn from WIDE_SCORES. */
const wideScores =
  (n: number) =>
  ({ matchId }: MatchConfig): MatchScript => {
    const random = seededRandom(n * 7919 + matchId);
    return {
      seed: n,
      maps: Array.from({ length: MAX_MAPS }, () => {
        const [win, lose] = WIDE_SCORES[Math.floor(random() * WIDE_SCORES.length)]!;
        return { score: random() < 0.5 ? [win, lose] : [lose, win] };
      }),
    };
  };

const fakes = await Promise.all(
  Array.from({ length: Number(values.servers) }, async (_, i) => {
    const fake = new FakeGameServer({
      password: PASSWORD,
      // The first plugin version that plays a timescale above 4 (the bench runs at the highest, 10).
      pluginVersion: '1.4.25',
      msPerGameSecond: Number(values['ms-per-game-second']),
      bootstrapDebounceMs: 50,
      serverHealthIntervalSeconds: 0,
      demoSizeBytes: 64 * 1024,
      script: values['wide-scores'] ? wideScores(i + 1) : { seed: i + 1 },
    });
    await fake.start();
    return fake;
  }),
);
let accepted = 0;
for (const fake of fakes) {
  fake.on('event', (attempt) => {
    if (typeof attempt.outcome === 'number' && attempt.outcome < 300) {
      accepted += 1;
    }
    // The bench only counts; keeping every attempt would grow without end.
    fake.events.length = 0;
  });
}
/** A series end on a fake and what followed it on that fake, in wall-clock ms. */
interface Turnover {
  seriesEndAt: number;
  resetAt: number | null;
  fetchedAt: number | null;
}
const turnovers: Turnover[] = [];
for (const fake of fakes) {
  let open: Turnover | null = null;
  fake.on('event', (attempt) => {
    if (attempt.name === 'series_end' && open === null) {
      open = { seriesEndAt: Date.now(), resetAt: null, fetchedAt: null };
    }
  });
  fake.on('status', (status) => {
    if (status === 'idle' && open !== null && open.resetAt === null) {
      open.resetAt = Date.now();
    }
  });
  fake.on('load', (load) => {
    if (load.outcome === 200 && open !== null) {
      open.fetchedAt = Date.now();
      turnovers.push(open);
      open = null;
    }
  });
}
process.stdout.write(`${JSON.stringify({ ports: fakes.map((f) => f.rconPort), password: PASSWORD })}\n`);

for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line === 'count') {
    const timescales = [
      ...new Set(fakes.flatMap((f) => f.loads.filter((l) => l.result === 'loaded').map((l) => l.timescale))),
    ];
    process.stdout.write(`${JSON.stringify({ events: accepted, timescales })}\n`);
  } else if (line === 'turnovers') {
    process.stdout.write(`${JSON.stringify({ turnovers })}\n`);
  } else if (line === 'stop') {
    break;
  }
}
await Promise.all(fakes.map((f) => f.stop()));
process.exit(0);
