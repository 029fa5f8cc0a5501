/**
 * What realtime needs to know about the tables in publication `supabase_realtime`: their
 * columns with type names (the `columns` of every change, which the client converts by), their
 * primary keys (how a change is re-checked under RLS and what `old_record` carries), and which
 * columns each API role may read (a change never carries a column its reader could not select).
 */
import type { Queryable } from '../db/types.ts';
import { TtlCache } from './ttl-cache.ts';

export const PUBLICATION = 'supabase_realtime';
/** The backend's own schema for the change feed; never published, never reachable by the API. */
export const FEED_SCHEMA = 'taskflow_realtime';

export interface Column {
  name: string;
  /** pg_type.typname, e.g. `int8`, `uuid`, `_text`: what supabase-js converts values by. */
  type: string;
  /** format_type(), e.g. `timestamp with time zone`: usable in a column definition list. */
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

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export const qualifiedName = (info: Pick<TableInfo, 'schema' | 'table'>): string =>
  `${quoteIdent(info.schema)}.${quoteIdent(info.table)}`;

const TABLES_SQL = `
  select n.nspname as schema, c.relname as "table", c.oid::int8 as oid,
         c.relrowsecurity as row_security, c.relreplident = 'f' as replica_identity_full,
         coalesce((
           select json_agg(json_build_object(
                    'name', a.attname, 'type', t.typname,
                    'sqlType', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
           from pg_attribute a join pg_type t on t.oid = a.atttypid
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         ), '[]'::json) as columns,
         coalesce((
           select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
           from pg_index i
           join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
           where i.indrelid = c.oid and i.indisprimary
         ), '[]'::json) as primary_key
  from pg_publication_tables p
  join pg_namespace n on n.nspname = p.schemaname
  join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
  where p.pubname = $1 and n.nspname <> $2
  order by 1, 2`;

interface TableRow {
  schema: string;
  table: string;
  row_security: boolean;
  replica_identity_full: boolean;
  columns: Column[] | string;
  primary_key: string[] | string;
}

/** `json` comes back parsed from both drivers; tolerate text in case a driver changes. */
const parsed = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

export const loadPublishedTables = async (db: Queryable): Promise<Map<string, TableInfo>> => {
  const { rows } = await db.query<TableRow>(TABLES_SQL, [PUBLICATION, FEED_SCHEMA]);
  return new Map(
    rows.map((row) => [
      tableKey(row.schema, row.table),
      {
        schema: row.schema,
        table: row.table,
        columns: parsed(row.columns),
        primaryKey: parsed(row.primary_key),
        rowSecurity: row.row_security,
        replicaIdentityFull: row.replica_identity_full,
      },
    ]),
  );
};

const RIGHTS_TTL_MS = 10_000;

/**
 * The published tables plus, per API role, the columns that role may select. Table lookups
 * are synchronous once loaded, so matching a change to bindings never waits on the database.
 */
export class Catalog {
  private tables = new Map<string, TableInfo>();
  private readonly columns = new TtlCache<Set<string>>(RIGHTS_TTL_MS);

  constructor(private readonly db: Queryable) {}

  async refresh(): Promise<void> {
    this.tables = await loadPublishedTables(this.db);
    this.columns.clear();
  }

  get(schema: string, table: string): TableInfo | undefined {
    return this.tables.get(tableKey(schema, table));
  }

  inSchema(schema: string): TableInfo[] {
    return [...this.tables.values()].filter((t) => schema === '*' || t.schema === schema);
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
