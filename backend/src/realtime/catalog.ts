/**
 * Realtime's view of the backend's one schema cache (db/schema-cache.ts, shared with REST):
 * the tables in publication `supabase_realtime` with their columns and type names (the
 * `columns` of every change, which the client converts by), their primary keys (what
 * `old_record` carries) and row security; plus, per API role, the columns that role may read
 * (a change never carries a column its reader could not select).
 */
import {
  FEED_SCHEMA,
  PUBLICATION,
  qualifiedName as qualified,
  quoteIdent,
  schemaCacheFor,
} from '../db/schema-cache.ts';
import type { SchemaCache, SchemaSnapshot } from '../db/schema-cache.ts';
import type { Db } from '../db/types.ts';
import { TtlCache } from './ttl-cache.ts';

export { FEED_SCHEMA, PUBLICATION, quoteIdent };

export interface Column {
  name: string;
  /** pg_type.typname, e.g. `int8`, `uuid`, `_text`: what supabase-js converts values by. */
  type: string;
  /** format_type(), schema-qualified, e.g. `timestamp with time zone`: usable in a cast. */
  sqlType: string;
}

export interface TableInfo {
  schema: string;
  table: string;
  columns: Column[];
  /** Primary-key column names in key order; empty when the table has none. */
  primaryKey: string[];
  rowSecurity: boolean;
  /** REPLICA IDENTITY FULL: like hosted Supabase, UPDATE then carries the whole old row. */
  replicaIdentityFull: boolean;
}

export const tableKey = (schema: string, table: string): string => `${schema}.${table}`;

export const qualifiedName = (info: Pick<TableInfo, 'schema' | 'table'>): string =>
  qualified(info.schema, info.table);

const views = new WeakMap<SchemaSnapshot, Map<string, TableInfo>>();

const publishedOf = (snapshot: SchemaSnapshot | undefined): Map<string, TableInfo> => {
  if (!snapshot) return new Map();
  let tables = views.get(snapshot);
  if (!tables) {
    tables = new Map(
      (snapshot.raw.published ?? []).map((t) => [
        tableKey(t.schema, t.table),
        {
          schema: t.schema,
          table: t.table,
          columns: t.columns.map((c) => ({ name: c.name, type: c.typname, sqlType: c.type })),
          primaryKey: t.primaryKey,
          rowSecurity: t.rowSecurity,
          replicaIdentityFull: t.replicaIdentityFull,
        },
      ]),
    );
    views.set(snapshot, tables);
  }
  return tables;
};

const RIGHTS_TTL_MS = 10_000;

/**
 * The published tables plus, per API role, the columns that role may select. Table lookups
 * are synchronous once loaded, so matching a change to bindings never waits on the database.
 */
export class Catalog {
  private readonly cache: SchemaCache;
  private readonly columns = new TtlCache<Set<string>>(RIGHTS_TTL_MS);

  constructor(private readonly db: Db) {
    this.cache = schemaCacheFor(db);
    this.cache.onReload(() => this.columns.clear());
  }

  /** Loads the catalog if it has not been yet. */
  async load(): Promise<void> {
    await this.cache.current();
  }

  /** Re-reads the catalog after a miss: shared and throttled (at most every 250 ms). */
  async refreshAfterMiss(): Promise<void> {
    await this.cache.reloadAfterMiss();
  }

  /** Runs `listener` after every re-read of the catalog. */
  onReload(listener: () => void): void {
    this.cache.onReload(listener);
  }

  get(schema: string, table: string): TableInfo | undefined {
    return publishedOf(this.cache.latest()).get(tableKey(schema, table));
  }

  inSchema(schema: string): TableInfo[] {
    return [...publishedOf(this.cache.latest()).values()].filter(
      (t) => schema === '*' || t.schema === schema,
    );
  }

  /** Columns of `info` that `role` may select (table or column grants). */
  selectableColumns(role: string, info: TableInfo): Promise<Set<string>> {
    return this.columns.get(`${role}\u0000${tableKey(info.schema, info.table)}`, async () => {
      const { rows } = await this.db.query<{ name: string }>(
        `select a.attname as name
         from pg_attribute a
         where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped
           and has_column_privilege($2, a.attrelid, a.attnum, 'SELECT')`,
        [qualifiedName(info), role],
      );
      return new Set(rows.map((r) => r.name));
    });
  }
}
