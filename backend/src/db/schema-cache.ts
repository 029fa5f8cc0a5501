/**
 * The backend's one schema cache, shared by REST and realtime: what pg_catalog says about the
 * exposed schema (tables, views, columns, keys, foreign keys, functions: PostgREST's "schema
 * cache") and about the tables in publication `supabase_realtime` (column type names, primary
 * keys, row security, replica identity), read in one round trip and kept in memory.
 *
 * Every identifier the backend splices into SQL comes from here and goes through `quoteIdent`;
 * values never do (they are bind parameters).
 *
 * A lookup that misses (a table created after start, or a name that does not exist) asks for
 * `reloadAfterMiss`: a re-check that starts after the miss, shared by every miss until it
 * starts, and started at most every 250 ms. It first compares a cheap fingerprint of the
 * catalog (FINGERPRINT) and reads the whole catalog only when that changed, so a client naming
 * unknown tables again and again costs a few small queries a second, not full catalog reads
 * (on PGlite those run in the event loop's thread: ~10 ms each on a quiet machine).
 *
 * Types are read with `format_type` under an empty search_path, which schema-qualifies every
 * type outside pg_catalog (`public.priority`, `text[]`): they are spliced into casts (`$1::…`)
 * and stay correct whatever search_path a statement runs with.
 */
import type { Db } from './types.ts';

/** The schema the REST API exposes (PostgREST's `db-schemas`). */
export const EXPOSED_SCHEMA = 'public';
/** The publication whose tables realtime serves (hosted Supabase's name). */
export const PUBLICATION = 'supabase_realtime';
/** The backend's own schema for the change feed; never published, never reachable by the API. */
export const FEED_SCHEMA = 'taskflow_realtime';

/** Reloads caused by misses start at most this often. */
export const MISS_RELOAD_INTERVAL_MS = 250;

/** The one identifier quoter: double quotes, inner quotes doubled (names come from the catalog). */
export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export const qualifiedName = (schema: string, name: string): string =>
  `${quoteIdent(schema)}.${quoteIdent(name)}`;

export interface RawColumn {
  name: string;
  /** format_type() without modifier, schema-qualified: usable in a cast. */
  type: string;
}

export interface RawPublishedColumn extends RawColumn {
  /** pg_type.typname, e.g. `int8`, `uuid`, `_text`: what supabase-js converts values by. */
  typname: string;
}

export interface RawPublishedTable {
  schema: string;
  table: string;
  columns: RawPublishedColumn[];
  primaryKey: string[];
  rowSecurity: boolean;
  replicaIdentityFull: boolean;
}

/** What one catalog read returns; REST and realtime each derive their view from it. */
export interface RawCatalog {
  relations: { name: string; columns: RawColumn[]; primaryKey: string[]; uniqueKeys: string[][] }[];
  foreignKeys: {
    name: string;
    table: string;
    columns: string[];
    refTable: string;
    refColumns: string[];
  }[];
  functions: {
    name: string;
    returnType: string;
    returnsSet: boolean;
    returnRelation: string | null;
    compositeColumns: RawColumn[] | null;
    params: { name: string; type: string; mode: string }[];
    defaults: number;
  }[];
  /** Absent in catalogs written by hand for tests: no published tables. */
  published?: RawPublishedTable[];
  /** See FINGERPRINT; absent in catalogs written by hand for tests (then a miss always reloads). */
  fingerprint?: string;
}

/**
 * A cheap summary of the catalog rows the cache is built from: count and newest `xmin` of the
 * exposed schema's relations, columns, functions and constraints, and of publication
 * membership. Any DDL that could change the cache changes it (a new row has a newer xmin; a
 * dropped one lowers a count), so a miss can ask "did anything change?" for a fraction of a
 * full read.
 */
const FINGERPRINT = `concat_ws(',',
  (select count(*) || ':' || coalesce(max(xmin::text::int8), 0) from pg_catalog.pg_class
     where relnamespace = $1::regnamespace),
  (select count(*) || ':' || coalesce(max(a.xmin::text::int8), 0) from pg_catalog.pg_attribute a
     where a.attrelid in (select oid from pg_catalog.pg_class where relnamespace = $1::regnamespace)),
  (select count(*) || ':' || coalesce(max(xmin::text::int8), 0) from pg_catalog.pg_proc
     where pronamespace = $1::regnamespace),
  (select count(*) || ':' || coalesce(max(xmin::text::int8), 0) from pg_catalog.pg_constraint
     where connamespace = $1::regnamespace),
  (select count(*) || ':' || coalesce(max(xmin::text::int8), 0) from pg_catalog.pg_publication_rel))`;

const FINGERPRINT_SQL = `select ${FINGERPRINT} as fingerprint`;

const CATALOG_SQL = `
with rels as (
  select c.oid, c.relname
  from pg_class c
  where c.relnamespace = $1::regnamespace and c.relkind in ('r', 'v', 'm', 'f', 'p')
),
keys as (
  select i.indrelid as oid, i.indisprimary as is_primary,
    array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, n)
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.n) as cols
  from pg_index i
  where i.indisunique and i.indpred is null and i.indexprs is null and i.indrelid in (select oid from rels)
),
fn as (
  select p.*, rt.typrelid as ret_relid, rt.typtype as ret_typtype,
    coalesce(p.proallargtypes, p.proargtypes::oid[]) as all_types
  from pg_proc p join pg_type rt on rt.oid = p.prorettype
  where p.pronamespace = $1::regnamespace and p.prokind = 'f'
    and rt.typname not in ('trigger', 'event_trigger', 'internal', 'language_handler', 'fdw_handler')
),
pub as (
  select c.oid, n.nspname, c.relname, c.relrowsecurity, c.relreplident
  from pg_publication_tables p
  join pg_namespace n on n.nspname = p.schemaname
  join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
  where p.pubname = $2 and n.nspname <> $3
)
select json_build_object(
  'fingerprint', ${FINGERPRINT},
  'relations', coalesce((select json_agg(json_build_object(
      'name', r.relname,
      'columns', coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, null))
                                           order by a.attnum)
                           from pg_attribute a where a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped), '[]'),
      'primaryKey', coalesce((select to_json(k.cols) from keys k where k.oid = r.oid and k.is_primary), '[]'),
      'uniqueKeys', coalesce((select json_agg(k.cols) from keys k where k.oid = r.oid), '[]')))
    from rels r), '[]'),
  'foreignKeys', coalesce((select json_agg(json_build_object(
      'name', con.conname,
      'table', cl.relname,
      'columns', array(select a.attname from unnest(con.conkey) with ordinality k(attnum, n)
                       join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.n),
      'refTable', fcl.relname,
      'refColumns', array(select a.attname from unnest(con.confkey) with ordinality k(attnum, n)
                          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.n)))
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_class fcl on fcl.oid = con.confrelid
    where con.contype = 'f' and cl.relnamespace = $1::regnamespace and fcl.relnamespace = $1::regnamespace), '[]'),
  'functions', coalesce((select json_agg(json_build_object(
      'name', f.proname,
      'returnType', format_type(f.prorettype, null),
      'returnsSet', f.proretset,
      'returnRelation', (select c.relname from pg_class c
                         where c.oid = f.ret_relid and c.relnamespace = $1::regnamespace and c.relkind <> 'c'),
      'compositeColumns', case when f.ret_relid <> 0 then
          (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, null)) order by a.attnum)
           from pg_attribute a where a.attrelid = f.ret_relid and a.attnum > 0 and not a.attisdropped) end,
      'params', coalesce((select json_agg(json_build_object(
          'name', coalesce(f.proargnames[k.n], ''),
          'type', format_type(k.t, null),
          'mode', coalesce(f.proargmodes[k.n]::text, 'i')) order by k.n)
        from unnest(f.all_types) with ordinality k(t, n)), '[]'),
      'defaults', f.pronargdefaults))
    from fn f), '[]'),
  'published', coalesce((select json_agg(json_build_object(
      'schema', p.nspname,
      'table', p.relname,
      'rowSecurity', p.relrowsecurity,
      'replicaIdentityFull', p.relreplident = 'f',
      'columns', coalesce((select json_agg(json_build_object(
                    'name', a.attname, 'typname', t.typname, 'type', format_type(a.atttypid, null))
                    order by a.attnum)
                  from pg_attribute a join pg_type t on t.oid = a.atttypid
                  where a.attrelid = p.oid and a.attnum > 0 and not a.attisdropped), '[]'),
      'primaryKey', coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                  from pg_index i
                  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                  where i.indrelid = p.oid and i.indisprimary), '[]'))
      order by p.nspname, p.relname)
    from pub p), '[]')
)::text as catalog`;

/** One read of the catalog. Views derived from it are cached per snapshot by their owners. */
export interface SchemaSnapshot {
  readonly raw: RawCatalog;
}

export class SchemaCache {
  private cached: Promise<SchemaSnapshot> | undefined;
  private loading: Promise<SchemaSnapshot> | undefined;
  private afterMiss: Promise<SchemaSnapshot> | undefined;
  private lastStart = Number.NEGATIVE_INFINITY;
  private last: SchemaSnapshot | undefined;
  private readonly listeners = new Set<(snapshot: SchemaSnapshot) => void>();

  constructor(private readonly db: Db) {}

  /** The cached snapshot, loading it first if there is none. */
  current(): Promise<SchemaSnapshot> {
    return this.cached ?? this.reload();
  }

  /** The last snapshot loaded, for lookups that must not wait (matching a change). */
  latest(): SchemaSnapshot | undefined {
    return this.last;
  }

  /** Called after every successful load (derived caches drop what they kept). */
  onReload(listener: (snapshot: SchemaSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the catalog now (single-flight: concurrent callers share one query). */
  reload(): Promise<SchemaSnapshot> {
    if (this.loading) return this.loading;
    this.lastStart = Date.now();
    const loading = this.db
      .transaction(async (tx) => {
        await tx.query("select set_config('search_path', '', true)");
        const { rows } = await tx.query<{ catalog: string }>(CATALOG_SQL, [
          EXPOSED_SCHEMA,
          PUBLICATION,
          FEED_SCHEMA,
        ]);
        return { raw: JSON.parse(rows[0]?.catalog ?? '{}') as RawCatalog };
      })
      .then((snapshot) => {
        this.last = snapshot;
        for (const listener of this.listeners) listener(snapshot);
        return snapshot;
      })
      .catch((error: unknown) => {
        if (this.cached === loading) this.cached = undefined;
        throw error;
      })
      .finally(() => {
        this.loading = undefined;
      });
    this.loading = loading;
    this.cached = loading;
    return loading;
  }

  /**
   * A reload that starts after now, shared by every miss until it starts, at most one start
   * per 250 ms. A miss still sees every object created before it arrived.
   */
  reloadAfterMiss(): Promise<SchemaSnapshot> {
    this.afterMiss ??= (async () => {
      // A load still running may have read the catalog before this miss: wait it out.
      await this.loading?.catch(() => undefined);
      const wait = this.lastStart + MISS_RELOAD_INTERVAL_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.afterMiss = undefined;
      return this.refresh();
    })();
    return this.afterMiss;
  }

  /** The cached snapshot if the catalog has not changed since it was read, else a fresh one. */
  private async refresh(): Promise<SchemaSnapshot> {
    const last = this.last;
    if (last?.raw.fingerprint && !this.loading) {
      this.lastStart = Date.now();
      const { rows } = await this.db.query<{ fingerprint: string }>(FINGERPRINT_SQL, [
        EXPOSED_SCHEMA,
      ]);
      if (rows[0]?.fingerprint === last.raw.fingerprint && this.last === last) return last;
    }
    return this.reload();
  }
}

const caches = new WeakMap<Db, SchemaCache>();

/** The schema cache of a database handle: REST and realtime of one backend share it. */
export const schemaCacheFor = (db: Db): SchemaCache => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SchemaCache(db);
    caches.set(db, cache);
  }
  return cache;
};
