/**
 * `/rpc/fn`: picks the function overload whose argument names fit the request, then calls it
 * with named notation (`fn("a" => …)`), so argument order never matters.
 *
 * POST arguments arrive as a JSON object and are unpacked with `json_to_record`, which converts
 * JSON values to the argument types as Postgres input would (arrays, json, composites). GET
 * arguments are strings and bind as `$n::type`; the remaining query parameters filter the
 * result. Table-valued results (SETOF, TABLE, composite) go through the same select/filter/
 * order machinery as a table; scalars come back as JSON scalars; void as no content.
 */
import type { QueryAst } from './ast.ts';
import {
  Builder,
  type ResultOptions,
  type Source,
  ident,
  pagingSql,
  qualified,
  resultSql,
} from './build.ts';
import type { DbFunction, Schema } from './catalog.ts';
import { ambiguousFunction, functionNotFound, invalidBody } from './errors.ts';

export type RpcArgs =
  { kind: 'json'; body: unknown } | { kind: 'query'; values: Map<string, string> };

export interface RpcPlan {
  sql: string;
  params: unknown[];
  shape: 'void' | 'scalar' | 'rows' | 'row';
}

const JSON_TYPES = new Set(['json', 'jsonb']);

const takesWholeBody = (fn: DbFunction) =>
  fn.args.length === 1 && fn.args[0]?.name === '' && JSON_TYPES.has(fn.args[0].type);

/**
 * The overload to call for the given argument names: every required argument present, and (for
 * JSON bodies) no key that is not an argument. Among several, the one using most keys wins.
 */
export const chooseFunction = (
  schema: Schema,
  name: string,
  keys: string[],
  strict: boolean,
): DbFunction => {
  const fits = (fn: DbFunction) => {
    if (takesWholeBody(fn)) return strict;
    const names = new Set(fn.args.map((a) => a.name));
    return (
      fn.args.every((a) => a.hasDefault || keys.includes(a.name)) &&
      (!strict || keys.every((k) => names.has(k)))
    );
  };
  const score = (fn: DbFunction) => fn.args.filter((a) => keys.includes(a.name)).length;
  const candidates = (schema.functions.get(name) ?? [])
    .filter(fits)
    .sort((a, b) => score(b) - score(a));
  const [best, next] = candidates;
  if (!best) throw functionNotFound(name, keys);
  if (next && score(next) === score(best) && !takesWholeBody(best)) throw ambiguousFunction(name);
  return best;
};

/** `fn("a" => …, "b" => …)` plus the FROM items that provide the values, if any. */
const callSql = (
  b: Builder,
  fn: DbFunction,
  args: RpcArgs,
): { call: string; from: string | null } => {
  const fnName = qualified(fn.name);
  if (args.kind === 'json' && takesWholeBody(fn)) {
    return {
      call: `${fnName}(${b.params.bind(JSON.stringify(args.body ?? {}), fn.args[0]?.type ?? 'json')})`,
      from: null,
    };
  }
  if (args.kind === 'query') {
    const given = fn.args.filter((a) => args.values.has(a.name));
    const list = given.map(
      (a) => `${ident(a.name)} => ${b.params.bind(args.values.get(a.name), a.type)}`,
    );
    return { call: `${fnName}(${list.join(', ')})`, from: null };
  }
  const body = args.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw invalidBody('Expected a JSON object of named arguments.');
  const given = fn.args.filter((a) => Object.hasOwn(body, a.name));
  if (!given.length) return { call: `${fnName}()`, from: null };
  const definition = given.map((a) => `${ident(a.name)} ${a.type}`).join(', ');
  const list = given.map((a) => `${ident(a.name)} => pgrst_args.${ident(a.name)}`);
  return {
    call: `${fnName}(${list.join(', ')})`,
    from: `json_to_record(${b.params.bind(JSON.stringify(body), 'json')}) as pgrst_args(${definition})`,
  };
};

export const planRpc = (
  schema: Schema,
  fn: DbFunction,
  ast: QueryAst,
  args: RpcArgs,
  result: Omit<ResultOptions, 'filter'>,
): RpcPlan => {
  const b = new Builder(schema, ast);
  const { call, from } = callSql(b, fn, args);
  const fromClause = from ? `from ${from}` : '';

  if (fn.resultColumns) {
    const alias = 'pgrst_call';
    const src: Source = {
      from: `${from ? `${from} cross join lateral ` : ''}${call} as ${alias}`,
      alias,
      name: fn.name,
      columns: new Map(fn.resultColumns.map((c) => [c.name, c])),
      table: fn.resultRelation,
    };
    const sql = resultSql(b, src, { ...result, filter: true });
    return { sql, params: b.params.values, shape: fn.returnsSet ? 'rows' : 'row' };
  }
  if (fn.returnType === 'void')
    return { sql: `select ${call} ${fromClause}`, params: b.params.values, shape: 'void' };
  if (fn.returnsSet) {
    // A set of scalars: a JSON array of values; only paging applies.
    const values = `select ${call} as pgrst_value ${fromClause}`;
    const total = result.count
      ? `(select count(*) from (${values}) pgrst_all)::text`
      : 'null::text';
    const sql = `select ${total} as total, count(*)::text as page,
        coalesce(json_agg(pgrst_value), '[]')::text as body
      from (${values} ${pagingSql(result.limit, result.offset)}) pgrst_values`;
    return { sql, params: b.params.values, shape: 'rows' };
  }
  return {
    sql: `select to_json(${call})::text as body ${fromClause}`,
    params: b.params.values,
    shape: 'scalar',
  };
};
