import type { SqlPort } from '../../db/sql-port.js';

export interface DemoRecord {
  matchSlug: string;
  mapNumber: number;
  fileName: string;
  pluginFileName: string;
  sizeBytes: number;
  serverId: string | null;
  storedAt: number;
}

interface DemoRow {
  match_slug: string;
  map_number: number;
  file_name: string;
  plugin_file_name: string;
  size_bytes: number;
  server_id: string | null;
  stored_at: number;
}

const toRecord = (r: DemoRow): DemoRecord => ({
  matchSlug: r.match_slug,
  mapNumber: r.map_number,
  fileName: r.file_name,
  pluginFileName: r.plugin_file_name,
  sizeBytes: r.size_bytes,
  serverId: r.server_id,
  storedAt: r.stored_at,
});

export function createDemosRepo(db: SqlPort) {
  const upsert = db.prepare(
    `INSERT INTO demos (match_slug, map_number, file_name, plugin_file_name, size_bytes, server_id, stored_at)
     VALUES (@matchSlug, @mapNumber, @fileName, @pluginFileName, @sizeBytes, @serverId, @storedAt)
     ON CONFLICT (match_slug, map_number) DO UPDATE SET file_name = excluded.file_name,
       plugin_file_name = excluded.plugin_file_name, size_bytes = excluded.size_bytes,
       server_id = excluded.server_id, stored_at = excluded.stored_at`,
  );
  const selectOne = db.prepare<[string, number], DemoRow>(
    'SELECT * FROM demos WHERE match_slug = ? AND map_number = ?',
  );
  const selectForMatch = db.prepare<[string], DemoRow>(
    'SELECT * FROM demos WHERE match_slug = ? ORDER BY map_number',
  );

  return {
    save: (demo: DemoRecord) => upsert.run(demo),
    get: async (slug: string, mapNumber: number) => {
      const row = await selectOne.get(slug, mapNumber);
      return row ? toRecord(row) : undefined;
    },
    forMatch: async (slug: string) => (await selectForMatch.all(slug)).map(toRecord),
  };
}
