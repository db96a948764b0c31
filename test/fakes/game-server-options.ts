import type { PluginFlavour } from './flavours.js';
import type { MatchConfig } from './match-config.js';
import type { MatchScript } from './match-script.js';
import type { InstalledBuild } from './plugin-core-options.js';
import type { RconDialect } from './rcon-server.js';

/** How a fake game server is built (game-server.ts): its plugin, install, clock and scripted play. */

export interface FakeGameServerOptions {
  /** RCON password; random when not given. */
  password?: string;
  /** Command prefix and header names: `plugin` (default), `matchzy`, `at`. */
  flavour?: PluginFlavour;
  /** The version the plugin reports (and plays by: 1.4.25 allows a timescale above 4); default the flavour's. */
  pluginVersion?: string;
  /** `cs2` (default) or `source1` (empty packet before the auth answer, replies split at 4096 bytes). */
  rconDialect?: RconDialect;
  /** Real milliseconds per game second: 1000 (default) is real time; 0.01 plays a bo3 in well under a second. */
  msPerGameSecond?: number;
  /** Real milliseconds between the last bootstrap URL/token change and the fetch (2.x); default 1500. */
  bootstrapDebounceMs?: number;
  /** Real milliseconds after a bootstrap fetch in which another does not start (1.4.x); default 5000. */
  bootstrapAntiSpamMs?: number;
  /** `tv_enable` as the server's own config sets it at start (GOTV then joins the first map); default false. */
  tvEnable?: boolean;
  /** How loaded matches play; a function gets the loaded config. Default: random from seed 1. */
  script?: MatchScript | ((config: MatchConfig) => MatchScript);
  /** The live status string: `playing` (plugin HEAD, default) or `live` (v1.4.21 tag). */
  liveStatus?: 'playing' | 'live';
  /** Size of each generated demo; default 1 MiB. */
  demoSizeBytes?: number;
  /** Game seconds between periodic `server_health` events; 0 turns them off. Default 60. */
  serverHealthIntervalSeconds?: number;
  hostname?: string;
  /** The map the server starts on; default de_dust2. */
  map?: string;
  /** Workshop maps the server can load: item id -> the map's own name. */
  workshopMaps?: Record<string, string>;
  /** Game maps this install lacks: `maps *` leaves them out and a change to one changes nothing. */
  missingMaps?: string[];
  /** Wall clock for Unix timestamps in payloads and status convars. */
  wallClock?: () => number;
  /** Real milliseconds a restart keeps the server down; default 0. */
  restartDowntimeMs?: number;
  /** Unquoted arguments break at `{}()':` like the engine tokenizer; default true. */
  engineTokenizer?: boolean;
  /** The CS2 build installed (steam.inf); default build 14100, patch version 1.41.0.2. */
  gameBuild?: InstalledBuild;
  /**
   * URL prefixes the server's network cannot reach (a firewall, a wrong route): the bootstrap fetch,
   * event posts and demo/backup uploads to them fail as refused connections, handled as the plugin
   * handles those (bootstrap.ts, event-publisher.ts, demo-upload.ts cite its files).
   */
  unreachableUrls?: string[];
}
