// Two fake game servers (test/fakes) for bench/failover.mjs, in a process of their own: `srv-1` plays a
// bo3 and holds after 8 rounds of map 2, `srv-2` is the spare. Prints `{ ports, password }` once they
// listen, then answers commands on stdin with one JSON line each:
// `kill` stops srv-1 (RCON refuses, nothing more is posted) -> `{ at }`;
// `restored` waits for the spare's first round_end after its restore -> the wall times of its load
// command, its `backup_loaded` and that round_end, and the rounds each server reported;
// `stop` stops both and exits.
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { FakeGameServer, type MatchScript, type TeamSlot } from '../test/fakes/index.js';

const { values } = parseArgs({ options: { 'ms-per-game-second': { type: 'string', default: '2' } } });
const PASSWORD = 'bench-failover-rcon-password';

const wins = (team: TeamSlot, other: number, total: number): TeamSlot[] =>
  Array.from({ length: total }, (_, i): TeamSlot =>
    i < other ? (team === 'team1' ? 'team2' : 'team1') : team,
  );
/** Map 1 to team2 13-4, map 2 to team1 13-7, map 3 to team1 13-10. */
const MAPS: TeamSlot[][] = [wins('team2', 4, 17), wins('team1', 7, 20), wins('team1', 10, 23)];
const script = (holdMap2BeforeRound?: number): MatchScript => ({
  maps: MAPS.map((rounds, map) => ({
    rounds,
    knife: { winner: 'team1', choice: 'stay' },
    ...(map === 1 && holdMap2BeforeRound
      ? { pause: { beforeRound: holdMap2BeforeRound, by: 'admin' as const, seconds: 1e7 } }
      : {}),
  })),
});

const options = {
  password: PASSWORD,
  flavour: 'matchzy' as const,
  msPerGameSecond: Number(values['ms-per-game-second']),
  bootstrapDebounceMs: 50,
  serverHealthIntervalSeconds: 0,
  demoSizeBytes: 16 * 1024,
};
const lost = new FakeGameServer({ ...options, script: script(9) });
const spare = new FakeGameServer({ ...options, script: script() });
await lost.start();
await spare.start();

const times: { loadCommandAt?: number; backupLoadedAt?: number; firstRoundEndAt?: number } = {};
let done: () => void = () => {};
const firstRoundEnd = new Promise<void>((resolve) => (done = resolve));
spare.on('command', (line) => {
  if (times.loadCommandAt === undefined && line.includes('loadmatch_url')) {
    times.loadCommandAt = Date.now();
  }
});
spare.on('event', (attempt) => {
  if (attempt.name === 'backup_loaded' && times.backupLoadedAt === undefined) {
    times.backupLoadedAt = Date.now();
    // The plugin pauses after a restore; the bench lifts it at once (players would type .unpause).
    void spare.execute('css_forceunpause');
  } else if (attempt.name === 'round_end' && times.backupLoadedAt !== undefined && !times.firstRoundEndAt) {
    times.firstRoundEndAt = Date.now();
    done();
  }
});

/** Kills of every player so far on the map, as a round_end carries them. */
const killsOf = (e: Record<string, unknown>) =>
  (['team1', 'team2'] as const)
    .flatMap((team) => (e[team] as { players?: { stats: { kills: number } }[] }).players ?? [])
    .reduce((sum, p) => sum + p.stats.kills, 0);
const roundsOf = (fake: FakeGameServer) =>
  fake.delivered('round_end').map((e) => ({
    map: Number(e.map_number),
    round: Number(e.round_number),
    kills: killsOf(e),
  }));

process.stdout.write(`${JSON.stringify({ ports: [lost.rconPort, spare.rconPort], password: PASSWORD })}\n`);
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (line === 'kill') {
    await lost.stop();
    process.stdout.write(`${JSON.stringify({ at: Date.now() })}\n`);
  } else if (line === 'restored') {
    await firstRoundEnd;
    process.stdout.write(`${JSON.stringify({ ...times, lost: roundsOf(lost), spare: roundsOf(spare) })}\n`);
  } else if (line === 'rounds') {
    process.stdout.write(`${JSON.stringify({ lost: roundsOf(lost), spare: roundsOf(spare), maps: MAPS })}\n`);
  } else if (line === 'stop') {
    break;
  }
}
await Promise.all([lost.stop(), spare.stop()]);
process.exit(0);
