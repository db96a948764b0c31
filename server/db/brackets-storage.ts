import type { CrudInterface, DataTypes, Id, OmitId, Table } from 'brackets-model';
import type { SqlPort, SqlStatement } from './sql-port.js';

/** Entity fields that are real columns (the ones brackets-manager filters on). */
const KEY_COLUMNS = ['tournament_id', 'stage_id', 'group_id', 'round_id', 'parent_id', 'number'] as const;
type KeyColumn = (typeof KEY_COLUMNS)[number];
const isKeyColumn = (field: string): field is KeyColumn => (KEY_COLUMNS as readonly string[]).includes(field);

export type Entity = { id: Id } & Record<string, unknown>;

const STRUCTURE_TABLES: ReadonlySet<Table> = new Set(['stage', 'group', 'round']);
type Filter = Record<string, unknown>;

interface Row {
  id: number;
  data: string;
}

/**
 * brackets-manager's `CrudInterface` over the storage port, with the semantics of the library's own
 * in-memory storage: ids from 0 per table, update by id replaces the entity, update by filter merges
 * (objects such as `opponent1` one level deep). A manager call made inside `tx` runs in that
 * transaction (the port carries it to every statement).
 */
export class SqlBracketsStorage implements CrudInterface {
  private readonly statements = new Map<string, SqlStatement<unknown[], unknown>>();
  /** Stages, groups and rounds never change after a stage is created: read once, from memory after. */
  private readonly structure = new Map<string, Entity[]>();
  /** Matches written since the last `takeWrittenMatches()`: what a manager call changed. */
  private readonly writtenMatches = new Map<number, Entity>();

  constructor(private readonly db: SqlPort) {}

  /** A statement is compiled on every `prepare`; the filters used here are few. */
  private statement<R>(sql: string): SqlStatement<unknown[], R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as SqlStatement<unknown[], R>;
  }

  /** The match entities written since the previous call, by id. */
  takeWrittenMatches(): Entity[] {
    const written = [...this.writtenMatches.values()];
    this.writtenMatches.clear();
    return written;
  }

  private keyValues(entity: Entity): Record<KeyColumn, unknown> {
    const values = {} as Record<KeyColumn, unknown>;
    for (const column of KEY_COLUMNS) {
      const value = entity[column];
      values[column] = typeof value === 'number' ? value : null;
    }
    return values;
  }

  /** `isNew`: an insert with a fresh id, so there is no row to update first. */
  private async write(table: Table, entity: Entity, isNew = false): Promise<void> {
    if (STRUCTURE_TABLES.has(table)) {
      this.structure.clear();
    }
    if (table === 'match') {
      this.writtenMatches.set(Number(entity.id), entity);
    }
    const row = { tbl: table, id: entity.id, ...this.keyValues(entity), data: JSON.stringify(entity) };
    // Most writes change the document only: updating just `data` leaves the five indexes untouched
    // (a REPLACE rewrites every index entry), which is most of the cost of a result.
    const sameKeys = KEY_COLUMNS.map((c) => `${c} IS NOT DISTINCT FROM @${c}`).join(' AND ');
    const updated = isNew
      ? { changes: 0 }
      : await this.statement(
          `UPDATE bracket_rows SET data = @data WHERE tbl = @tbl AND id = @id AND ${sameKeys}`,
        ).run(row);
    if (updated.changes === 0) {
      await this.statement(
        `INSERT INTO bracket_rows (tbl, id, ${KEY_COLUMNS.join(', ')}, data)
         VALUES (@tbl, @id, ${KEY_COLUMNS.map((c) => `@${c}`).join(', ')}, @data)
         ON CONFLICT (tbl, id) DO UPDATE SET ${[...KEY_COLUMNS, 'data'].map((c) => `${c} = excluded.${c}`).join(', ')}`,
      ).run(row);
    }
  }

  /** Rows matching a filter: key fields in SQL, any other field checked on the parsed entity. */
  private async find(table: Table, filter: Filter = {}): Promise<Entity[]> {
    if (!STRUCTURE_TABLES.has(table)) {
      return this.query(table, filter);
    }
    const key = `${table}:${JSON.stringify(filter)}`;
    let found = this.structure.get(key);
    if (!found) {
      found = await this.query(table, filter);
      this.structure.set(key, found);
    }
    return found.map((entity) => ({ ...entity }));
  }

  /**
   * Forgets the cached stages, groups and rounds. Callers that create or delete a stage call it when
   * they are done, whether they succeeded or not (a rollback must not leave cached rows behind).
   */
  forgetStructure(): void {
    this.structure.clear();
  }

  private async query(table: Table, filter: Filter): Promise<Entity[]> {
    const where = ['tbl = ?'];
    const params: unknown[] = [table];
    const rest: [string, unknown][] = [];
    for (const [field, value] of Object.entries(filter)) {
      if (field === 'id' || (isKeyColumn(field) && typeof value === 'number')) {
        where.push(`${field} = ?`);
        params.push(value);
      } else {
        rest.push([field, value]);
      }
    }
    // `+id`: ordering by the primary key would make SQLite pick it over the key-column indexes.
    const rows = await this.statement<Row>(
      `SELECT id, data FROM bracket_rows WHERE ${where.join(' AND ')} ORDER BY +id`,
    ).all(...params);
    return rows
      .map((row) => JSON.parse(row.data) as Entity)
      .filter((entity) => rest.every(([field, value]) => entity[field] === value));
  }

  private async nextId(table: Table): Promise<number> {
    const row = (await this.statement<{ next: number }>(
      'SELECT COALESCE(MAX(id) + 1, 0) AS next FROM bracket_rows WHERE tbl = ?',
    ).get(table))!;
    return row.next;
  }

  insert<T extends Table>(table: T, value: OmitId<DataTypes[T]>): Promise<Id>;
  insert<T extends Table>(table: T, values: OmitId<DataTypes[T]>[]): Promise<boolean>;
  async insert<T extends Table>(
    table: T,
    values: OmitId<DataTypes[T]> | OmitId<DataTypes[T]>[],
  ): Promise<Id | boolean> {
    let id = await this.nextId(table);
    if (!Array.isArray(values)) {
      await this.write(table, { ...(values as Filter), id }, true);
      return id;
    }
    for (const value of values) {
      await this.write(table, { ...(value as Filter), id: id++ }, true);
    }
    return true;
  }

  select<T extends Table>(table: T): Promise<Array<DataTypes[T]> | null>;
  select<T extends Table>(table: T, id: Id): Promise<DataTypes[T] | null>;
  select<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<Array<DataTypes[T]> | null>;
  async select<T extends Table>(
    table: T,
    arg?: Id | Partial<DataTypes[T]>,
  ): Promise<DataTypes[T] | Array<DataTypes[T]> | null> {
    if (arg === undefined) {
      return (await this.find(table)) as unknown as DataTypes[T][];
    }
    if (typeof arg !== 'object') {
      return ((await this.find(table, { id: arg }))[0] ?? null) as DataTypes[T] | null;
    }
    return (await this.find(table, arg as Filter)) as unknown as DataTypes[T][];
  }

  update<T extends Table>(table: T, id: Id, value: DataTypes[T]): Promise<boolean>;
  update<T extends Table>(
    table: T,
    filter: Partial<DataTypes[T]>,
    value: Partial<DataTypes[T]>,
  ): Promise<boolean>;
  async update<T extends Table>(
    table: T,
    arg: Id | Partial<DataTypes[T]>,
    value: DataTypes[T] | Partial<DataTypes[T]>,
  ): Promise<boolean> {
    if (typeof arg !== 'object') {
      if ((await this.find(table, { id: arg })).length === 0) {
        return false;
      }
      await this.write(table, { ...(value as Filter), id: arg });
      return true;
    }
    for (const existing of await this.find(table, arg as Filter)) {
      for (const [key, next] of Object.entries(value as Filter)) {
        const current = existing[key];
        existing[key] =
          current && next && typeof current === 'object' && typeof next === 'object'
            ? { ...current, ...next }
            : next;
      }
      await this.write(table, existing);
    }
    return true;
  }

  delete<T extends Table>(table: T): Promise<boolean>;
  delete<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<boolean>;
  async delete<T extends Table>(table: T, filter?: Partial<DataTypes[T]>): Promise<boolean> {
    if (STRUCTURE_TABLES.has(table)) {
      this.structure.clear();
    }
    const remove = this.statement('DELETE FROM bracket_rows WHERE tbl = ? AND id = ?');
    for (const entity of await this.find(table, (filter ?? {}) as Filter)) {
      await remove.run(table, entity.id);
    }
    return true;
  }
}
