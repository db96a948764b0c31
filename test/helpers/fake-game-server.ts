import { afterEach, beforeEach, expect } from 'vitest';
import { FakeGameServer, PluginReceiver, RconTestClient } from '../fakes/index.js';
import type { FakeGameServerOptions, MatchScript } from '../fakes/index.js';

// Event payloads are read as loose JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

/** 1 game second = 0.01 real ms: a bo3 plays in a fraction of a second. */
export const FAST = 0.01;

export const PLAYERS1 = {
  '76561198000000001': 'alpha_one',
  '76561198000000002': 'alpha_two',
};
export const PLAYERS2 = {
  '76561198000000006': 'bravo_one',
  '76561198000000007': 'bravo_two',
};

/** A valid bo1 match config for the two teams above, with `overrides` on top. */
export function matchConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    matchid: 42,
    num_maps: 1,
    maplist: ['de_mirage'],
    map_sides: ['knife'],
    players_per_team: 2,
    team1: { id: '7', name: 'Alpha', players: PLAYERS1 },
    team2: { id: '8', name: 'Bravo', players: PLAYERS2 },
    ...overrides,
  };
}

export interface FakeGameServerHarness {
  /** The plugin's HTTP counterpart of the running test: a new one for each test. */
  readonly receiver: PluginReceiver;
  startServer(options?: FakeGameServerOptions): Promise<FakeGameServer>;
  connect(server: FakeGameServer, password?: string): Promise<RconTestClient>;
  configure(client: RconTestClient): Promise<void>;
  playMatch(server: FakeGameServer, config: Record<string, unknown>, script: MatchScript): Promise<void>;
}

/**
 * Registers the hooks that give each test of the calling file a fresh receiver, and stop the fake
 * servers and RCON clients it started: call it once at the top level of a test file.
 */
export function useFakeGameServers(): FakeGameServerHarness {
  let receiver: PluginReceiver | undefined;
  const servers: FakeGameServer[] = [];
  const clients: RconTestClient[] = [];

  beforeEach(async () => {
    receiver = await new PluginReceiver().start();
  });

  afterEach(async () => {
    clients.splice(0).forEach((client) => client.close());
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    await receiver?.close();
    receiver = undefined;
  });

  const harness: FakeGameServerHarness = {
    get receiver(): PluginReceiver {
      if (!receiver) {
        throw new Error('the plugin receiver exists only while a test runs');
      }
      return receiver;
    },

    async startServer(options = {}) {
      const server = new FakeGameServer({
        password: 'secret',
        msPerGameSecond: FAST,
        bootstrapDebounceMs: 20,
        serverHealthIntervalSeconds: 0,
        demoSizeBytes: 64 * 1024,
        // GOTV on in the server's own config, so the first map records (its absence has a test of its own).
        tvEnable: true,
        ...options,
      });
      servers.push(server);
      await server.start();
      return server;
    },

    async connect(server, password = 'secret') {
      const client = await RconTestClient.connect(server.rconPort);
      clients.push(client);
      if (password) {
        await client.auth(password);
      }
      return client;
    },

    /** What Matchday's setup and bootstrap would configure, directly over RCON. */
    async configure(client) {
      const url = harness.receiver.url;
      await client.command('plugin_server_id "srv-1"');
      await client.command('plugin_remote_log_header_key "X-Plugin-Token"');
      await client.command('plugin_remote_log_header_value "server-token"');
      await client.command(`plugin_remote_log_url "${url}/events"`);
      // A FakeConVar string keeps quotes (PROTOCOL.md 5.1.1): the endpoint goes unquoted.
      await client.command(`plugin_report_endpoint ${url}/report`);
      await client.command(`plugin_demo_upload_url "${url}/demos/r1m1/upload"`);
      await client.command('plugin_demo_upload_header_key "X-Plugin-Token"');
      await client.command('plugin_demo_upload_header_value "server-token"');
    },

    async playMatch(server, config, script) {
      const url = harness.receiver.url;
      harness.receiver.matches.set('r1m1.json', { body: config });
      server.setScript(script);
      const client = await harness.connect(server);
      await harness.configure(client);
      expect(
        await client.command(`plugin_loadmatch_url "${url}/matches/r1m1.json" "X-Plugin-Token" "t0k"`),
      ).toBe('');
      await server.matchFinished();
      await server.settled();
    },
  };
  return harness;
}
