/**
 * PostgREST's "schema cache": the exposed schema's tables, views, columns, keys, foreign keys
 * and functions, read from pg_catalog in one round trip and kept in memory. Every name in a
 * request is looked up here before any SQL is built, so an unknown name never reaches the
 * database and a known one is quoted exactly as the catalog spells it.
 *
 * The cache reloads when a lookup misses (see `use`), so a table or function created after
 * start is found on its first request without a restart or a NOTIFY.
 *
 * Types are read with `format_type` under an empty search_path, which schema-qualifies every
 * type outside pg_catalog (`public.priority`, `text[]`): they are spliced into casts (`$1::…`)
 * and stay correct whatever search_path a request runs with.
 */
import type { Db } from '../db/types.ts';
import { RestError } from './errors.ts';

export const EXPOSED_SCHEMA = 'public';

export interface Column {
  name: string;
  type: string;
}

export interface Relation {
  name: string;
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Primary key and unique constraints/indexes, for telling one-to-one from one-to-many. */
  uniqueKeys: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  /** '' for an unnamed argument. */
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface DbFunction {
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  /** Columns of a composite or TABLE(...) result; null for a scalar (or void) result. */
  resultColumns: Column[] | null;
  /** The table whose row type the function returns, so its results can embed like the table. */
  resultRelation: string | null;
}

export interface Schema {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, DbFunction[]>;
}

/** Codes of the errors that mean "this name is not in the cache" (worth a reload). */
const MISS_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703']);

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
)
select json_build_object(
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
    from fn f), '[]')
)::text as catalog`;

interface RawParam {
  name: string;
  type: string;
  mode: string;
}

interface RawCatalog {
  relations: { name: string; columns: Column[]; primaryKey: string[]; uniqueKeys: string[][] }[];
  foreignKeys: ForeignKey[];
  functions: {
    name: string;
    returnType: string;
    returnsSet: boolean;
    returnRelation: string | null;
    compositeColumns: Column[] | null;
    params: RawParam[];
    defaults: number;
  }[];
}

const toFunction = (raw: RawCatalog['functions'][number]): DbFunction => {
  const inputs = raw.params.filter((p) => p.mode === 'i' || p.mode === 'b' || p.mode === 'v');
  const outputs = raw.params.filter((p) => p.mode === 'o' || p.mode === 'b' || p.mode === 't');
  const firstDefault = inputs.length - raw.defaults;
  const recordColumns = raw.returnType === 'record' && outputs.length ? outputs : null;
  return {
    name: raw.name,
    args: inputs.map((p, i) => ({ name: p.name, type: p.type, hasDefault: i >= firstDefault })),
    returnType: raw.returnType,
    returnsSet: raw.returnsSet,
    resultColumns:
      raw.compositeColumns ?? recordColumns?.map(({ name, type }) => ({ name, type })) ?? null,
    resultRelation: raw.returnRelation,
  };
};

const toSchema = (raw: RawCatalog): Schema => {
  const functions = new Map<string, DbFunction[]>();
  for (const f of raw.functions) {
    // `returns setof record` without OUT parameters cannot be called without a column list.
    if (f.returnType === 'record' && !f.params.some((p) => p.mode !== 'i' && p.mode !== 'v'))
      continue;
    functions.set(f.name, [...(functions.get(f.name) ?? []), toFunction(f)]);
  }
  return {
    relations: new Map(
      raw.relations.map((r) => [
        r.name,
        {
          name: r.name,
          columns: new Map(r.columns.map((c) => [c.name, c])),
          primaryKey: r.primaryKey,
          uniqueKeys: r.uniqueKeys,
        },
      ]),
    ),
    foreignKeys: raw.foreignKeys,
    functions,
  };
};

export interface Catalog {
  /**
   * Runs `fn` against the cached schema. If it throws a "not in the schema cache" error, the
   * cache is reloaded once and `fn` runs again, so objects created after start are found.
   */
  use<T>(fn: (schema: Schema) => T): Promise<T>;
  /** Forces a reload (single-flight: concurrent callers share one query). */
  reload(): Promise<Schema>;
}

/**
 * Reloads caused by misses start at most this often: a client asking for unknown names again and
 * again (a typo in a loop, or someone probing) costs a few catalog queries a second, not one per
 * request. A miss waits for the next reload that starts after it, so it still sees every object
 * created before it arrived.
 */
export const MISS_RELOAD_INTERVAL_MS = 250;

export const createCatalog = (db: Db): Catalog => {
  let cached: Promise<Schema> | undefined;
  let loading: Promise<Schema> | undefined;
  let lastStart = Number.NEGATIVE_INFINITY;
  let afterMiss: Promise<Schema> | undefined;

  const reload = (): Promise<Schema> => {
    if (!loading) lastStart = Date.now();
    loading ??= db
      .transaction(async (tx) => {
        await tx.query("select set_config('search_path', '', true)");
        const { rows } = await tx.query<{ catalog: string }>(CATALOG_SQL, [EXPOSED_SCHEMA]);
        return toSchema(JSON.parse(rows[0]?.catalog ?? '{}') as RawCatalog);
      })
      .catch((error: unknown) => {
        cached = undefined;
        throw error;
      })
      .finally(() => {
        loading = undefined;
      });
    cached = loading;
    return loading;
  };

  /** A reload that starts after now, shared by every miss until it starts. */
  const reloadAfterMiss = (): Promise<Schema> => {
    afterMiss ??= (async () => {
      // A load still running may have read the catalog before this miss: wait it out.
      await loading?.catch(() => undefined);
      const wait = lastStart + MISS_RELOAD_INTERVAL_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      afterMiss = undefined;
      return reload();
    })();
    return afterMiss;
  };

  return {
    reload,
    async use(fn) {
      try {
        return fn(await (cached ?? reload()));
      } catch (error) {
        if (!(error instanceof RestError) || !MISS_CODES.has(error.body.code)) throw error;
        return fn(await reloadAfterMiss());
      }
    },
  };
};
