import type { Db } from '../../db/open.js';

export interface ServerRecord {
  id: string;
  name: string;
  host: string;
  port: number;
  rconPassword: string;
  serverPassword: string;
  hostnameFormat: string;
  gameBuildId: string | null;
  gameVersion: string | null;
  lastSeenAt: number | null;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

interface ServerRow {
  id: string;
  name: string;
  host: string;
  port: number;
  rcon_password: string;
  server_password: string;
  hostname_format: string;
  game_build_id: string | null;
  game_version: string | null;
  last_seen_at: number | null;
  enabled: number;
  created_at: number;
  updated_at: number;
}

const toRecord = (r: ServerRow): ServerRecord => ({
  id: r.id,
  name: r.name,
  host: r.host,
  port: r.port,
  rconPassword: r.rcon_password,
  serverPassword: r.server_password,
  hostnameFormat: r.hostname_format,
  gameBuildId: r.game_build_id,
  gameVersion: r.game_version,
  lastSeenAt: r.last_seen_at,
  enabled: r.enabled === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function createServersRepo(db: Db) {
  const selectAll = db.prepare<[], ServerRow>('SELECT * FROM servers ORDER BY name COLLATE NOCASE, id');
  const selectOne = db.prepare<[string], ServerRow>('SELECT * FROM servers WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO servers (id, name, host, port, rcon_password, server_password, hostname_format, enabled,
       created_at, updated_at)
     VALUES (@id, @name, @host, @port, @rconPassword, @serverPassword, @hostnameFormat, @enabled, @now, @now)`,
  );
  const update = db.prepare(
    `UPDATE servers SET name = @name, host = @host, port = @port, rcon_password = @rconPassword,
       server_password = @serverPassword, hostname_format = @hostnameFormat, enabled = @enabled, updated_at = @now
     WHERE id = @id`,
  );
  const remove = db.prepare('DELETE FROM servers WHERE id = ?');

  const params = (s: ServerRecord, now: number) => ({
    id: s.id,
    name: s.name,
    host: s.host,
    port: s.port,
    rconPassword: s.rconPassword,
    serverPassword: s.serverPassword,
    hostnameFormat: s.hostnameFormat,
    enabled: s.enabled ? 1 : 0,
    now,
  });

  return {
    list: () => selectAll.all().map(toRecord),
    get: (id: string) => {
      const row = selectOne.get(id);
      return row ? toRecord(row) : undefined;
    },
    insert: (s: ServerRecord, now: number) => insert.run(params(s, now)),
    update: (s: ServerRecord, now: number) => update.run(params(s, now)),
    delete: (id: string) => remove.run(id).changes > 0,
  };
}
