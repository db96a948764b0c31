// The LAN demo's setup, headless: Matchday on loopback, fake game servers (test/fakes) added to it, teams
// and a tournament started in simulation. `npm run demo:lan` (scripts/demo-lan.ts) and the demo's
// integration tests both start the demo through `startDemo`; `--side-cup` adds scripts/demo-side-cup.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.js';
import { startServer, type RunningServer } from '../server/index.js';
import { createServerSchema } from '../shared/contracts/servers.js';
import { createTournamentSchema, type CreateTournament } from '../shared/contracts/tournament.js';
import { DEFAULT_TEAM_SIZE } from '../shared/domain/tournament-rules.js';
import { FakeGameServer, type FakeGameServerOptions } from '../test/fakes/index.js';
import { playersOf } from './demo-players.js';
import { lunchBreak, lunchSchedule, sideCupServerTags, startSideCup, type Lunch } from './demo-side-cup.js';

export { playersOf };

/** MatchZy-Enhanced 1.4.21 speaks `matchzy_`, Auto Tournament CS2 2.0.0 `at_`; `mixed` alternates. */
const FLAVOURS = { '1.4.21': 'matchzy', '2.0.0': 'at' } as const;
export const PLUGINS = ['1.4.21', '2.0.0', 'mixed'] as const;
export type DemoPlugin = (typeof PLUGINS)[number];

/** The event the demo plays: the two-stage event, or one bracket of a single-stage type. */
export const DEMO_TYPES = [
  'groups_playoffs',
  'single_elimination',
  'double_elimination',
  'round_robin',
  'swiss',
] as const;
export type DemoType = (typeof DEMO_TYPES)[number];

export interface DemoOptions {
  /** 0: any free port. */
  port: number;
  servers: number;
  teams: number;
  type: DemoType;
  /** The format of a single-stage event; the two-stage event plays bo1 groups, bo3 playoffs, a bo5 grand final. */
  format: 'bo1' | 'bo3' | 'bo5';
  /** Game seconds per real second. */
  speed: number;
  plugin: DemoPlugin;
  /** Rounds of a map (mp_maxrounds); default Matchday's (24). */
  maxRounds?: number;
  /** Players per team; default Matchday's (5). */
  teamSize?: number;
  /** Passed to every fake game server on top of the demo's own options. */
  fake?: FakeGameServerOptions;
  /** An 8-team wingman cup beside the event; the servers get tags (scripts/demo-side-cup.ts). */
  sideCup?: boolean;
  /** A lunch break in the main event's timetable, real seconds after its start. */
  lunch?: { afterSeconds: number; lastsSeconds: number };
}

export interface Demo {
  url: string;
  running: RunningServer;
  fakes: FakeGameServer[];
  /** The folder holding the demo's data, removed by `stop`. */
  dataDir: string;
  /** The fake servers' ids in Matchday: `fake-1`, `fake-2`, … */
  serverIds: string[];
  /** Each server's tags, in the order of `serverIds`. */
  serverTags: string[][];
  /** The main event's id, then the side cup's. */
  tournamentIds: number[];
  /** The main event's lunch, or null. */
  lunch: Lunch | null;
  /** The host_timescale Matchday asks the plugin for; the fakes' own pace makes up the rest of `speed`. */
  timescale: number;
  stop(): Promise<void>;
}

/**
 * The highest host_timescale each plugin plays: MatchZy-Enhanced 1.4.21 clamps to 4 (src/MatchManagement.cs);
 * the fakes let 2.0.0 play up to 10 (test/fakes/match-loader.ts).
 */
const TIMESCALE_CAP: Record<DemoPlugin, number> = { '1.4.21': 4, '2.0.0': 10, mixed: 4 };

const pluginOf = (plugin: DemoPlugin, i: number): keyof typeof FLAVOURS =>
  plugin === 'mixed' ? (i % 2 === 1 ? '1.4.21' : '2.0.0') : plugin;

/**
 * The tournament the demo creates. The two-stage event: round-robin groups of four (bo1), the top two
 * of each into a double elimination (bo3) whose grand final is a bo5 (round override `grand_final`).
 */
export function demoTournament(
  options: DemoOptions,
  teamIds: string[],
  lunch: Lunch | null = null,
): CreateTournament {
  const settings = {
    veto: true,
    teamSize: options.teamSize ?? DEFAULT_TEAM_SIZE,
    ...(options.maxRounds ? { maxRounds: options.maxRounds } : {}),
    ...(lunch ? { schedule: lunchSchedule(lunch) } : {}),
  };
  if (options.type !== 'groups_playoffs') {
    return createTournamentSchema.parse({
      name: 'LAN demo',
      type: options.type,
      format: options.format,
      teamIds,
      settings,
    });
  }
  return createTournamentSchema.parse({
    name: 'LAN demo',
    type: 'groups_playoffs',
    format: 'bo1',
    teamIds,
    settings,
    stages: [
      { kind: 'groups', type: 'round_robin', groupCount: Math.floor(teamIds.length / 4), advancePerGroup: 2 },
      {
        kind: 'playoffs',
        type: 'double_elimination',
        format: 'bo3',
        grandFinalMode: 'simple',
        rounds: { grand_final: { format: 'bo5' } },
      },
    ],
  });
}

/** Refuses options the demo cannot play, naming the flag. */
function checkDemoOptions(options: DemoOptions): void {
  const whole = (name: 'servers' | 'teams', min: number, max: number) => {
    const n = options[name];
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
    }
  };
  whole('servers', 1, 32);
  whole('teams', options.type === 'groups_playoffs' ? 8 : 2, 256);
  const teamSize = options.teamSize ?? DEFAULT_TEAM_SIZE;
  if (!Number.isInteger(teamSize) || teamSize < 1 || teamSize > 10) {
    throw new Error('--team-size must be a whole number from 1 to 10');
  }
  if (!(options.speed > 0)) {
    throw new Error('--speed must be a positive number of game seconds per real second');
  }
  if (!PLUGINS.includes(options.plugin)) {
    throw new Error(`--plugin must be one of ${PLUGINS.join(', ')}`);
  }
  if (!DEMO_TYPES.includes(options.type)) {
    throw new Error(`--type must be one of ${DEMO_TYPES.join(', ')}`);
  }
  if (!['bo1', 'bo3', 'bo5'].includes(options.format)) {
    throw new Error('--format must be bo1, bo3 or bo5');
  }
  if (options.sideCup && options.servers < 2) {
    throw new Error('--side-cup needs 2 or more servers: one for the stage, one for wingman');
  }
  const { lunch } = options;
  if (lunch && !(lunch.afterSeconds > 0 && lunch.lastsSeconds > 0)) {
    throw new Error('--lunch-after and --lunch-minutes must be positive');
  }
}

/** How long the fakes may take to fetch the set-up Matchday sent them (~1.5 s each, longer on a busy machine). */
const SETUP_WAIT_MS = 60_000;

/**
 * Waits until every server fetched its set-up: the start's checks ask each plugin for a test event, which
 * it sends only once set up, and a busy machine can take longer than the checks wait.
 */
async function untilSetUp(running: RunningServer, serverIds: readonly string[]): Promise<void> {
  const deadline = Date.now() + SETUP_WAIT_MS;
  for (;;) {
    const servers = await Promise.all(serverIds.map((id) => running.app.services.servers.record(id)));
    const failed = servers.find((server) => server.setupError !== null);
    if (failed) {
      throw new Error(`${failed.name} could not be set up: ${failed.setupError}`);
    }
    const waiting = servers.filter((server) => server.bootstrappedAt === null);
    if (waiting.length === 0) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${waiting.map((server) => server.name).join(', ')} fetched no set-up within ${SETUP_WAIT_MS / 1000} s.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts Matchday with the fake servers, the teams and the tournament, in simulation. The plugin plays at
 * the highest timescale it allows (capped by `speed`); the fakes run their game clock faster by what
 * is left of `speed`, so a map takes `speed` times less than real time.
 */
export async function startDemo(options: DemoOptions): Promise<Demo> {
  checkDemoOptions(options);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-demo-lan-'));
  const running = await startServer({
    config: loadConfig({
      PORT: String(options.port),
      HOST: '127.0.0.1',
      MATCHDAY_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    }),
  });
  const fakes: FakeGameServer[] = [];
  const stop = async () => {
    await Promise.all(fakes.map((f) => f.stop()));
    await running.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { services } = running.app;
    const timescale = Math.min(options.speed, TIMESCALE_CAP[options.plugin]);
    const serverIds: string[] = [];
    const serverTags: string[][] = [];
    for (let i = 1; i <= options.servers; i++) {
      const fake = new FakeGameServer({
        flavour: FLAVOURS[pluginOf(options.plugin, i)],
        msPerGameSecond: (1000 * timescale) / options.speed,
        ...options.fake,
        // Every server plays its own random matches: scores, round lengths and so durations differ.
        script: { seed: i, ...options.fake?.script },
      });
      fakes.push(fake);
      await fake.start();
      const id = `fake-${i}`;
      const tags = options.sideCup ? sideCupServerTags(i, options.servers) : [];
      serverIds.push(id);
      serverTags.push(tags);
      await services.servers.create(
        createServerSchema.parse({
          id,
          name: `Fake server ${i}`,
          host: '127.0.0.1',
          port: fake.rconPort,
          rconPassword: fake.password,
          tags,
        }),
      );
    }
    const teamIds: string[] = [];
    for (let t = 0; t < options.teams; t++) {
      const saved = await services.teams.create({
        name: `Team ${t + 1}`,
        tag: `T${t + 1}`,
        players: playersOf(t + 1, options.teamSize ?? DEFAULT_TEAM_SIZE),
      });
      teamIds.push(saved.team.id);
    }
    await untilSetUp(running, serverIds);
    await services.settings.update({ simulateMatches: true, simulationTimescale: timescale });
    const lunch = options.lunch
      ? lunchBreak(running.app.ctx.clock.now(), options.lunch.afterSeconds, options.lunch.lastsSeconds)
      : null;
    const main = await services.tournament.create(demoTournament(options, teamIds, lunch));
    await services.tournament.start();
    const tournamentIds = [main.tournament.id];
    if (options.sideCup) {
      tournamentIds.push(await startSideCup(services, options.maxRounds));
    }
    return {
      url: running.localUrl,
      running,
      fakes,
      dataDir,
      serverIds,
      serverTags,
      tournamentIds,
      lunch,
      timescale,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
