/**
 * INSERT / upsert / UPDATE / DELETE statements from a parsed request and a JSON body.
 *
 * The body is bound once as a `json` parameter and unpacked in SQL with `json_to_recordset`,
 * which converts each value to the column's type (JSON arrays into Postgres arrays, objects into
 * json/jsonb) exactly as Postgres would on input.
 *
 * Which keys a row sets decides between NULL and DEFAULT for the others (PostgREST's rules):
 * an array insert uses the `columns` parameter (or the union of keys) and sets every missing key
 * to NULL, unless `Prefer: missing=default`; a single object sets only its own keys. A run of
 * rows that set the same keys becomes one statement, so the common case is one statement.
 *
 * Without `return=representation` the statement has no RETURNING clause: RETURNING would make
 * Postgres apply SELECT policies to the new rows, which PostgREST's minimal inserts do not.
 */
import type { QueryAst } from './ast.ts';
import {
  Builder,
  type ResultOptions,
  type Source,
  ident,
  qualified,
  resultSql,
  tableSource,
  whereSql,
} from './build.ts';
import type { Relation, Schema } from './catalog.ts';
import {
  bodyColumnNotFound,
  columnNotFound,
  invalidBody,
  missingWhere,
  notImplemented,
  tableNotFound,
} from './errors.ts';

export interface Statement {
  sql: string;
  params: unknown[];
  /** True when the statement answers with `total, page, body` (return=representation). */
  returnsResult: boolean;
}

export interface WriteOptions {
  representation: boolean;
  stripNulls: boolean;
  missingDefault: boolean;
  resolution?: 'merge' | 'ignore';
}

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const relationOf = (schema: Schema, table: string): Relation => {
  const relation = schema.relations.get(table);
  if (!relation) throw tableNotFound(table);
  return relation;
};

const checkBodyColumns = (relation: Relation, names: Iterable<string>): void => {
  for (const name of names)
    if (!relation.columns.has(name)) throw bodyColumnNotFound(relation.name, name);
};

/** `"a" text, "b" uuid` – the record definition `json_to_record(set)` unpacks into. */
const recordDefinition = (relation: Relation, names: string[]): string =>
  names.map((n) => `${ident(n)} ${relation.columns.get(n)?.type ?? 'text'}`).join(', ');

const TARGET = 'pgrst_target';

/**
 * Wraps a data-modifying statement: with representation, `with pgrst_mod as (… returning …)`
 * and the result select over it; without, the bare statement (its row count is the answer).
 */
const finish = (
  b: Builder,
  table: string,
  dml: string,
  options: WriteOptions,
  returning = true,
): Statement => {
  if (!options.representation) return { sql: dml, params: b.params.values, returnsResult: false };
  const src: Source = { ...tableSource(b.schema, table, 'pgrst_mod'), from: 'pgrst_mod' };
  const mod = returning ? `${dml} returning ${TARGET}.*` : dml;
  const result: ResultOptions = { count: false, stripNulls: options.stripNulls, filter: false };
  return {
    sql: resultSql(b, src, result, `with pgrst_mod as (${mod})`),
    params: b.params.values,
    returnsResult: true,
  };
};

/** The keys each row sets, as decided by `columns`, `missing=default` and the body's shape. */
const columnsPerRow = (
  relation: Relation,
  ast: QueryAst,
  body: unknown,
  rows: Row[],
  missingDefault: boolean,
) => {
  if (ast.columns) checkBodyColumns(relation, ast.columns);
  else for (const row of rows) checkBodyColumns(relation, Object.keys(row));
  const listed = ast.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (!Array.isArray(body) && !ast.columns) return rows.map((r) => Object.keys(r));
  if (!missingDefault) return rows.map(() => listed);
  return rows.map((r) => listed.filter((name) => Object.hasOwn(r, name)));
};

/** A write with a body (POST, PATCH): the table, the parsed query and the JSON sent. */
type BodyWritePlanner<Result> = (
  schema: Schema,
  table: string,
  ast: QueryAst,
  body: unknown,
  options: WriteOptions,
) => Result;

export const planInsert: BodyWritePlanner<Statement[]> = (schema, table, ast, body, options) => {
  const relation = relationOf(schema, table);
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isRow)) throw invalidBody('Expected a JSON object or an array of JSON objects.');
  const perRow = columnsPerRow(relation, ast, body, rows, options.missingDefault);

  const conflict = ast.onConflict ?? relation.primaryKey;
  for (const name of ast.onConflict ?? [])
    if (!relation.columns.has(name)) throw columnNotFound(table, name);
  if (options.resolution === 'merge' && !conflict.length) {
    throw notImplemented(
      `An upsert into '${table}' needs on_conflict: the table has no primary key.`,
    );
  }

  const statements: Statement[] = [];
  for (let start = 0; start < rows.length;) {
    const names = perRow[start] ?? [];
    let end = start + 1;
    while (end < rows.length && (perRow[end] ?? []).join('\0') === names.join('\0')) end += 1;
    const b = new Builder(schema, ast);
    const payload = b.params.bind(JSON.stringify(rows.slice(start, end)), 'json');
    const cols = names.map(ident).join(', ');
    const source = names.length
      ? `select ${cols} from json_to_recordset(${payload}) as pgrst_body(${recordDefinition(relation, names)})`
      : `select from json_array_elements(${payload})`;
    let dml = `insert into ${qualified(table)} as ${TARGET} ${names.length ? `(${cols})` : ''} ${source}`;
    if (options.resolution) {
      const target = conflict.length ? `(${conflict.map(ident).join(', ')})` : '';
      const updates = names.map((n) => `${ident(n)} = excluded.${ident(n)}`).join(', ');
      dml +=
        options.resolution === 'merge' && updates
          ? ` on conflict ${target} do update set ${updates}`
          : ` on conflict ${target} do nothing`;
    }
    statements.push(finish(b, table, dml, options));
    start = end;
  }
  return statements;
};

/**
 * The WHERE of an UPDATE or DELETE. Like a hosted Supabase project (which loads pg-safeupdate),
 * a request without any filter is refused: `.delete()` without `.eq()` is nearly always a bug,
 * and row-level security would otherwise let it empty everything the caller can see.
 */
const rootFilters = (b: Builder, table: string, verb: 'UPDATE' | 'DELETE') => {
  const root = b.scope('');
  if (root.limit !== undefined || root.offset !== undefined) {
    throw notImplemented(
      'limit and offset are not supported on PATCH and DELETE; filter by key instead.',
    );
  }
  if (!root.where.length) throw missingWhere(verb);
  return whereSql(b, tableSource(b.schema, table, TARGET), root.where);
};

export const planUpdate: BodyWritePlanner<Statement> = (schema, table, ast, body, options) => {
  const relation = relationOf(schema, table);
  if (!isRow(body)) throw invalidBody('Expected a JSON object.');
  const names = Object.keys(body);
  checkBodyColumns(relation, names);
  const b = new Builder(schema, ast);
  if (!names.length) {
    // Nothing to change: answer as PostgREST does, with no rows touched.
    const nothing = `select ${TARGET}.* from ${qualified(table)} as ${TARGET} where false`;
    return finish(b, table, nothing, { ...options, representation: true }, false);
  }
  const payload = b.params.bind(JSON.stringify(body), 'json');
  const where = rootFilters(b, table, 'UPDATE');
  const set = names.map((n) => `${ident(n)} = pgrst_body.${ident(n)}`).join(', ');
  const dml = `update ${qualified(table)} as ${TARGET} set ${set}
    from json_to_record(${payload}) as pgrst_body(${recordDefinition(relation, names)}) ${where}`;
  return finish(b, table, dml, options);
};

export const planDelete = (schema: Schema, table: string, ast: QueryAst, options: WriteOptions) => {
  relationOf(schema, table);
  const b = new Builder(schema, ast);
  const dml = `delete from ${qualified(table)} as ${TARGET} ${rootFilters(b, table, 'DELETE')}`;
  return finish(b, table, dml, options);
};
