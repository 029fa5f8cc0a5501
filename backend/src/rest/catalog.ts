/**
 * PostgREST's "schema cache" as REST sees it: the exposed schema's tables, views, columns,
 * keys, foreign keys and functions. The catalog is read by the backend's one schema cache
 * (db/schema-cache.ts, shared with realtime); this module derives REST's view of each snapshot
 * once. Every name in a request is looked up here before any SQL is built, so an unknown name
 * never reaches the database and a known one is quoted exactly as the catalog spells it.
 *
 * A lookup that misses waits for the shared cache's throttled reload (at most one every
 * 250 ms) and tries once more, so a table or function created after start is found on its
 * first request without a restart or a NOTIFY.
 */
import { type RawCatalog, type SchemaSnapshot, schemaCacheFor } from '../db/schema-cache.ts';
import type { Db } from '../db/types.ts';
import { RestError } from './errors.ts';

export { EXPOSED_SCHEMA, MISS_RELOAD_INTERVAL_MS } from '../db/schema-cache.ts';

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

/** REST's view of each snapshot, built once. */
const views = new WeakMap<SchemaSnapshot, Schema>();
const schemaOf = (snapshot: SchemaSnapshot): Schema => {
  let schema = views.get(snapshot);
  if (!schema) {
    schema = toSchema(snapshot.raw);
    views.set(snapshot, schema);
  }
  return schema;
};

export const createCatalog = (db: Db): Catalog => {
  const cache = schemaCacheFor(db);
  return {
    reload: async () => schemaOf(await cache.reload()),
    async use(fn) {
      try {
        return fn(schemaOf(await cache.current()));
      } catch (error) {
        if (!(error instanceof RestError) || !MISS_CODES.has(error.body.code)) throw error;
        return fn(schemaOf(await cache.reloadAfterMiss()));
      }
    },
  };
};
