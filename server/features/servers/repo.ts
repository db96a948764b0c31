import type { SqlPort, SqlStatement } from '../../db/sql-port.js';
import type { Flavour, FlavourSetting } from '../../integrations/plugin/flavours.js';

/** What an admin sets on a server. */
export interface ServerSettings {
  id: string;
  name: string;
  host: string;
  port: number;
  rconPassword: string;
  serverPassword: string;
  hostnameFormat: string;
  enabled: boolean;
  /** The admin's choice of plugin generation; `auto` uses what setup detected. */
  flavourSetting: FlavourSetting;
  trusted: boolean;
  /** Tags an admin gave it (API.md decision 74). */
  tags: string[];
}

/** What Matchday learns from the plugin and from setting it up; each may be written alone. */
export interface PluginState {
  /** The generation that answered setup's probe (PROTOCOL.md 5.5); null before or when none did. */
  detectedFlavour: Flavour | null;
  /** The version setup read over RCON; `pluginVersion` is what the plugin reported in its events. */
  detectedVersion: string | null;
  gameBuildId: string | null;
  gameVersion: string | null;
  lastSeenAt: number | null;
  bootstrapToken: string | null;
  reportToken: string | null;
  setupAt: number | null;
  setupError: string | null;
  bootstrappedAt: number | null;
  /** How often the bootstrap URL was sent again since the last setup (PROTOCOL.md 3.5). */
  bootstrapResends: number;
  configuredAt: number | null;
  pluginVersion: string | null;
  reportedHostname: string | null;
  pluginStatus: string | null;
  dbOk: boolean | null;
  dbType: string | null;
  dbError: string | null;
  updateRequiredVersion: string | null;
  demoHoldUntil: number | null;
  demoHoldMatch: string | null;
  demoHoldUploading: boolean;
  /** The kick delays a simulated match replaced on a 1.4.x plugin (JSON), to restore after it. */
  kickDelaysSaved: string | null;
  /** The Matchday address the server was set up with: its event and report URLs start with it. */
  eventBaseUrl: string | null;
  /** When a match was moved off it as lost (API.md decision 55): blocked until its setup runs again. */
  failedAt: number | null;
  /**
   * When the plugin started up (`server_configured` by `Startup`) while Matchday had a match on the
   * server: a plugin starts with no match, so it lost that one. Cleared once the failover acted.
   */
  lostMatchAt: number | null;
}

export interface ServerRecord extends ServerSettings, PluginState {
  /** The names commands are sent under: the admin's choice, else what setup detected. */
  flavour: Flavour;
  createdAt: number;
  updatedAt: number;
}

/** Column of each plugin-state field; only these may be patched one by one. */
const PLUGIN_COLUMNS: Record<keyof PluginState, string> = {
  detectedFlavour: 'detected_flavour',
  detectedVersion: 'detected_version',
  gameBuildId: 'game_build_id',
  gameVersion: 'game_version',
  lastSeenAt: 'last_seen_at',
  bootstrapToken: 'bootstrap_token',
  reportToken: 'report_token',
  setupAt: 'setup_at',
  setupError: 'setup_error',
  bootstrappedAt: 'bootstrapped_at',
  bootstrapResends: 'bootstrap_resends',
  configuredAt: 'configured_at',
  pluginVersion: 'plugin_version',
  reportedHostname: 'reported_hostname',
  pluginStatus: 'plugin_status',
  dbOk: 'db_ok',
  dbType: 'db_type',
  eventBaseUrl: 'event_base_url',
  dbError: 'db_error',
  updateRequiredVersion: 'update_required_version',
  demoHoldUntil: 'demo_hold_until',
  demoHoldMatch: 'demo_hold_match',
  demoHoldUploading: 'demo_hold_uploading',
  kickDelaysSaved: 'kick_delays_saved',
  failedAt: 'failed_at',
  lostMatchAt: 'lost_match_at',
};

type ServerRow = Record<string, string | number | null>;

const bool = (v: unknown) => (v === null ? null : v === 1);

/** Before any detection, commands go out under the 1.4.x names (the oldest supported plugin). */
const UNDETECTED_FLAVOUR: Flavour = 'matchzy';

const effectiveFlavour = (setting: FlavourSetting, detected: Flavour | null): Flavour =>
  setting === 'auto' ? (detected ?? UNDETECTED_FLAVOUR) : setting;

const toRecord = (r: ServerRow): ServerRecord => ({
  id: r.id as string,
  name: r.name as string,
  host: r.host as string,
  port: r.port as number,
  rconPassword: r.rcon_password as string,
  serverPassword: r.server_password as string,
  hostnameFormat: r.hostname_format as string,
  enabled: r.enabled === 1,
  flavourSetting: r.flavour as FlavourSetting,
  detectedFlavour: r.detected_flavour as Flavour | null,
  detectedVersion: r.detected_version as string | null,
  flavour: effectiveFlavour(r.flavour as FlavourSetting, r.detected_flavour as Flavour | null),
  trusted: r.trusted === 1,
  tags: JSON.parse(r.tags as string) as string[],
  gameBuildId: r.game_build_id as string | null,
  gameVersion: r.game_version as string | null,
  lastSeenAt: r.last_seen_at as number | null,
  bootstrapToken: r.bootstrap_token as string | null,
  reportToken: r.report_token as string | null,
  setupAt: r.setup_at as number | null,
  setupError: r.setup_error as string | null,
  bootstrappedAt: r.bootstrapped_at as number | null,
  bootstrapResends: Number(r.bootstrap_resends),
  configuredAt: r.configured_at as number | null,
  pluginVersion: r.plugin_version as string | null,
  reportedHostname: r.reported_hostname as string | null,
  pluginStatus: r.plugin_status as string | null,
  dbOk: bool(r.db_ok),
  dbType: r.db_type as string | null,
  dbError: r.db_error as string | null,
  updateRequiredVersion: r.update_required_version as string | null,
  demoHoldUntil: r.demo_hold_until as number | null,
  demoHoldMatch: r.demo_hold_match as string | null,
  demoHoldUploading: r.demo_hold_uploading === 1,
  kickDelaysSaved: r.kick_delays_saved as string | null,
  eventBaseUrl: r.event_base_url as string | null,
  failedAt: r.failed_at === null ? null : Number(r.failed_at),
  lostMatchAt: r.lost_match_at === null ? null : Number(r.lost_match_at),
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
});

export function createServersRepo(db: SqlPort) {
  const selectAll = db.prepare<[], ServerRow>('SELECT * FROM servers ORDER BY lower(name), id');
  const selectOne = db.prepare<[string], ServerRow>('SELECT * FROM servers WHERE id = ?');
  const selectByToken = db.prepare<[string, string], ServerRow>(
    'SELECT * FROM servers WHERE bootstrap_token = ? OR report_token = ?',
  );
  const insert = db.prepare(
    `INSERT INTO servers (id, name, host, port, rcon_password, server_password, hostname_format, enabled,
       flavour, trusted, tags, created_at, updated_at)
     VALUES (@id, @name, @host, @port, @rconPassword, @serverPassword, @hostnameFormat, @enabled, @flavour,
       @trusted, @tags, @now, @now)`,
  );
  const update = db.prepare(
    `UPDATE servers SET name = @name, host = @host, port = @port, rcon_password = @rconPassword,
       server_password = @serverPassword, hostname_format = @hostnameFormat, enabled = @enabled,
       flavour = @flavour, trusted = @trusted, tags = @tags, updated_at = @now
     WHERE id = @id`,
  );
  const remove = db.prepare('DELETE FROM servers WHERE id = ?');
  const countTestEvent = db.prepare<[string]>(
    'UPDATE servers SET test_events = test_events + 1 WHERE id = ?',
  );
  const selectTestEvents = db
    .prepare<[string], number>('SELECT test_events FROM servers WHERE id = ?')
    .pluck();
  const activeMatch = db.prepare<[string], { slug: string }>(
    "SELECT slug FROM matches WHERE server_id = ? AND status IN ('loaded', 'live') ORDER BY loaded_at LIMIT 1",
  );
  const claimResend = db.prepare<[number, string, string, number]>(
    `UPDATE servers SET bootstrap_resends = ?
     WHERE id = ? AND bootstrap_token = ? AND bootstrap_resends = ?
       AND bootstrapped_at IS NULL AND setup_error IS NULL`,
  );
  const patches = new Map<string, SqlStatement>();

  const params = (s: ServerSettings, now: number) => ({
    id: s.id,
    name: s.name,
    host: s.host,
    port: s.port,
    rconPassword: s.rconPassword,
    serverPassword: s.serverPassword,
    hostnameFormat: s.hostnameFormat,
    enabled: s.enabled ? 1 : 0,
    flavour: s.flavourSetting,
    trusted: s.trusted ? 1 : 0,
    tags: JSON.stringify(s.tags),
    now,
  });

  return {
    list: async () => (await selectAll.all()).map(toRecord),
    /** Counts a test event the server's plugin delivered. */
    countTestEvent: (id: string) => countTestEvent.run(id),
    /** How many test events the server's plugin delivered so far (0 for an unknown server). */
    testEvents: async (id: string) => Number((await selectTestEvents.get(id)) ?? 0),
    get: async (id: string) => {
      const row = await selectOne.get(id);
      return row ? toRecord(row) : undefined;
    },
    /** The server a bootstrap or report token belongs to (tokens are random, so at most one). */
    byToken: async (token: string) => {
      const row = await selectByToken.get(token, token);
      return row ? toRecord(row) : undefined;
    },
    insert: (s: ServerSettings, now: number) => insert.run(params(s, now)),
    update: (s: ServerSettings, now: number) => update.run(params(s, now)),
    /** Writes what the plugin reported (or setup learned), leaving every other field as it is. */
    async patchPluginState(id: string, patch: Partial<PluginState>): Promise<void> {
      const keys = (Object.keys(patch) as (keyof PluginState)[]).filter((k) => k in PLUGIN_COLUMNS).sort();
      if (keys.length === 0) {
        return;
      }
      const sql = `UPDATE servers SET ${keys.map((k) => `${PLUGIN_COLUMNS[k]} = @${k}`).join(', ')} WHERE id = @id`;
      let statement = patches.get(sql);
      if (!statement) {
        statement = db.prepare(sql);
        patches.set(sql, statement);
      }
      const values = Object.fromEntries(
        keys.map((k) => {
          const v = patch[k];
          return [k, typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null)];
        }),
      );
      await statement.run({ ...values, id });
    },
    /**
     * Counts one more re-send of the bootstrap URL of this setup, if no one counted it yet (another
     * watch, after a restart or on another instance) and the setup still waits: answers whether it did.
     */
    claimBootstrapResend: async (id: string, token: string, done: number) =>
      (await claimResend.run(done + 1, id, token, done)).changes > 0,
    delete: async (id: string) => (await remove.run(id)).changes > 0,
    /** Matchday's own record of the match a server is playing (loaded or live), if any. */
    activeMatchOn: async (id: string) => (await activeMatch.get(id))?.slug,
  };
}

export type ServersRepo = ReturnType<typeof createServersRepo>;
