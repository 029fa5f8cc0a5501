/**
 * AST + catalog → SQL. Every identifier is looked up in the catalog and double-quoted as the
 * catalog spells it; every value is a bind parameter with an explicit cast to the column's type
 * (`$3::uuid`), so user input never becomes SQL text.
 *
 * Results are serialised to JSON by Postgres itself (`json_agg` over a subquery, `::text`):
 * the PGlite and `pg` drivers parse column types differently, but both return text unchanged,
 * and the response body is sent as the database wrote it.
 *
 * Embedded resources become correlated subqueries in the select list (to-one → `to_json(row)`
 * or null, to-many → `json_agg`, `[]` when empty); `!inner` adds an `exists (…)` to the
 * parent's WHERE so parents without a match disappear, from the page and from the count.
 */
import type { EmbedItem, Field, Filter, Predicate, QueryAst, Scope, SelectItem } from './ast.ts';
import { emptyScope } from './ast.ts';
import { type Column, EXPOSED_SCHEMA, type ForeignKey, type Schema } from './catalog.ts';
import {
  ambiguousRelationship,
  columnNotFound,
  notAnEmbed,
  parseError,
  relationshipNotFound,
  tableNotFound,
} from './errors.ts';
import { quoteIdent } from '../db/schema-cache.ts';

/** The backend's one identifier quoter (db/schema-cache.ts). */
export const ident = quoteIdent;
export const qualified = (name: string): string => `${ident(EXPOSED_SCHEMA)}.${ident(name)}`;

/**
 * Collects bind parameters; `bind` returns the placeholder with its cast. Every value travels as text and Postgres casts it (`$1::text::boolean`), as
 * PostgREST sends its values: the database, not a driver, judges the input, so `eq.maybe` on a
 * boolean is 400 22P02 on both adapters (PGlite's own boolean serialiser would throw a plain
 * error for it, a 500).
 */
export class Params {
  readonly values: unknown[] = [];

  bind(value: unknown, type: string): string {
    this.values.push(value === null || value === undefined ? null : String(value));
    return type === 'text'
      ? `$${this.values.length}::text`
      : `$${this.values.length}::text::${type}`;
  }
}

/** Rows at one level of a query: a table, a CTE of modified rows, or a function's result. */
export interface Source {
  /** FROM items that define `alias`. */
  from: string;
  alias: string;
  /** Name used in error messages ("column cards.x does not exist"). */
  name: string;
  columns: Map<string, Column>;
  /** The table whose foreign keys embeds follow; null when the rows are no table's. */
  table: string | null;
}

/** Shared state while building one statement. */
export class Builder {
  readonly params = new Params();
  private aliases = 0;
  private readonly usedScopes = new Set<string>(['']);

  constructor(
    readonly schema: Schema,
    readonly ast: QueryAst,
  ) {}

  alias(): string {
    this.aliases += 1;
    return `pgrst_${this.aliases}`;
  }

  scope(path: string): Scope {
    this.usedScopes.add(path);
    return this.ast.scopes.get(path) ?? emptyScope();
  }

  /** Filters, order or limits aimed at an embed the select does not contain are refused. */
  assertScopesUsed(): void {
    for (const path of this.ast.scopes.keys())
      if (!this.usedScopes.has(path)) throw notAnEmbed(path);
  }
}

export const tableSource = (schema: Schema, name: string, alias: string): Source => {
  const relation = schema.relations.get(name);
  if (!relation) throw tableNotFound(name);
  return {
    from: `${qualified(name)} as ${alias}`,
    alias,
    name,
    columns: relation.columns,
    table: name,
  };
};

// --------------------------------------------------------------------------------- fields

const JSON_TYPES = new Set(['json', 'jsonb']);

export const column = (src: Source, name: string): Column => {
  const found = src.columns.get(name);
  if (!found) throw columnNotFound(src.name, name);
  return found;
};

/** A column, or a JSON path into one, with the type its values compare as. */
const fieldSql = (b: Builder, src: Source, field: Field): { sql: string; type: string } => {
  const col = column(src, field.name);
  let sql = `${src.alias}.${ident(col.name)}`;
  let type = col.type;
  for (const step of field.path) {
    const key = typeof step.key === 'number' ? String(step.key) : b.params.bind(step.key, 'text');
    sql = `(${sql} ${step.arrow} ${key})`;
    type = step.arrow === '->>' ? 'text' : JSON_TYPES.has(col.type) ? col.type : 'jsonb';
  }
  return { sql, type };
};

const outputName = (field: Field): string => {
  const keys = field.path.map((s) => s.key).filter((k): k is string => typeof k === 'string');
  return keys.at(-1) ?? field.name;
};

// -------------------------------------------------------------------------------- filters

const COMPARE: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&<',
  nxr: '&>',
  adj: '-|-',
};

const TEXT_OPS = new Set(['like', 'ilike', 'match', 'imatch']);
const TEXT_TYPES = new Set(['text', 'character varying', 'character', 'name', 'citext']);

const TSQUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

const filterSql = (b: Builder, src: Source, filter: Filter): string => {
  const { sql: expr, type } = fieldSql(b, src, filter.field);
  const cond = filter.condition;
  const textual = (op: string) => TEXT_OPS.has(op) && !TEXT_TYPES.has(type);
  // Pattern operators compare as text, so `like` works on enums, uuids and numbers too.
  const lhs = (op: string) => (textual(op) ? `${expr}::text` : expr);
  const valueType = (op: string) => (TEXT_OPS.has(op) ? 'text' : type);
  let sql: string;
  switch (cond.kind) {
    case 'compare':
      sql = `${lhs(cond.op)} ${COMPARE[cond.op]} ${b.params.bind(cond.value, valueType(cond.op))}`;
      break;
    case 'quantified': {
      const elementType = valueType(cond.op);
      const array = elementType.endsWith('[]') ? elementType : `${elementType}[]`;
      sql = `${lhs(cond.op)} ${COMPARE[cond.op]} ${cond.quantifier}(${b.params.bind(cond.value, array)})`;
      break;
    }
    case 'is':
      sql = `${expr} is ${cond.value === 'not_null' ? 'not null' : cond.value}`;
      break;
    case 'in':
      sql = cond.values.length
        ? `${expr} in (${cond.values.map((v) => b.params.bind(v, type)).join(', ')})`
        : // An empty list matches nothing; the field stays in the statement, since a JSON path
          // in it binds its keys as parameters, which a bare `false` would leave unused.
          `(${expr} is null and false)`;
      break;
    case 'fts': {
      const config =
        cond.config === undefined ? '' : `${b.params.bind(cond.config, 'regconfig')}, `;
      sql = `${expr} @@ ${TSQUERY[cond.op]}(${config}${b.params.bind(cond.value, 'text')})`;
      break;
    }
  }
  return filter.negate ? `not (${sql})` : `(${sql})`;
};

const predicateSql = (b: Builder, src: Source, predicate: Predicate): string => {
  if (predicate.kind === 'filter') return filterSql(b, src, predicate);
  const joined = predicate.children.map((c) => predicateSql(b, src, c)).join(` ${predicate.op} `);
  return predicate.negate ? `not (${joined})` : `(${joined})`;
};

export const whereSql = (
  b: Builder,
  src: Source,
  predicates: Predicate[],
  extra: string[] = [],
): string => {
  const parts = [...extra, ...predicates.map((p) => predicateSql(b, src, p))];
  return parts.length ? `where ${parts.join(' and ')}` : '';
};

export const orderSql = (b: Builder, src: Source, scope: Scope): string => {
  if (!scope.order.length) return '';
  const terms = scope.order.map((term) => {
    const { sql } = fieldSql(b, src, term.field);
    return [sql, term.direction, term.nulls && `nulls ${term.nulls}`].filter(Boolean).join(' ');
  });
  return `order by ${terms.join(', ')}`;
};

export const pagingSql = (limit: number | undefined, offset: number | undefined): string =>
  [limit === undefined ? '' : `limit ${limit}`, offset ? `offset ${offset}` : '']
    .filter(Boolean)
    .join(' ');

// --------------------------------------------------------------------------------- embeds

interface Relationship {
  fk: ForeignKey;
  /** The embedded table holds the key (one-to-many, or one-to-one when the key is unique). */
  childHoldsKey: boolean;
  toOne: boolean;
  child: string;
  /** [child column, parent column] pairs of the join condition. */
  pairs: [string, string][];
}

const sameSet = (a: string[], b: string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i] ?? '']);

const findRelationship = (schema: Schema, parent: string, item: EmbedItem): Relationship => {
  const candidates: Relationship[] = [];
  for (const fk of schema.foreignKeys) {
    const byColumn = fk.columns.length === 1 && fk.columns[0] === item.target;
    if (
      fk.table === parent &&
      (fk.refTable === item.target || fk.name === item.target || byColumn)
    ) {
      candidates.push({
        fk,
        childHoldsKey: false,
        toOne: true,
        child: fk.refTable,
        pairs: zip(fk.refColumns, fk.columns),
      });
    }
    if (fk.refTable === parent && (fk.table === item.target || fk.name === item.target)) {
      const unique =
        schema.relations.get(fk.table)?.uniqueKeys.some((key) => sameSet(key, fk.columns)) ?? false;
      candidates.push({
        fk,
        childHoldsKey: true,
        toOne: unique,
        child: fk.table,
        pairs: zip(fk.columns, fk.refColumns),
      });
    }
  }
  const { hint } = item;
  const matching =
    hint === undefined
      ? candidates
      : candidates.filter(
          (r) => r.fk.name === hint || r.fk.columns.includes(hint) || r.child === hint,
        );
  // A self-referencing key matches both ways; like PostgREST, `nodes!parent_id` means the
  // children (one-to-many), while the parent is reached through the column: `parent_id(*)`.
  const [first, second] = matching;
  if (matching.length === 2 && first?.fk === second?.fk)
    return first!.childHoldsKey ? first! : second!;
  const [only, ...rest] = matching;
  if (!only) throw relationshipNotFound(parent, item.target);
  if (rest.length) {
    throw ambiguousRelationship(
      parent,
      item.target,
      matching.map((r) => `${r.child}!${r.fk.name}`),
    );
  }
  return only;
};

interface LevelSql {
  columns: string[];
  /** `exists (…)` conditions from `!inner` embeds, for the level's WHERE. */
  inner: string[];
}

const embedSql = (
  b: Builder,
  parent: Source,
  item: EmbedItem,
  path: string,
): { column: string; inner?: string } => {
  if (parent.table === null) throw relationshipNotFound(parent.name, item.target);
  const rel = findRelationship(b.schema, parent.table, item);
  const child = tableSource(b.schema, rel.child, b.alias());
  const name = item.alias ?? item.target;
  const scope = b.scope(path);
  const level = selectLevel(b, child, item.items, path);
  const join = rel.pairs.map(
    ([c, p]) => `${child.alias}.${ident(c)} = ${parent.alias}.${ident(p)}`,
  );
  const where = whereSql(b, child, scope.where, [...join, ...level.inner]);
  const rows = b.alias();
  const body = rel.toOne
    ? `(select to_json(${rows}) from (select ${level.columns.join(', ')} from ${child.from} ${where} limit 1) ${rows})`
    : `(select coalesce(json_agg(${rows}), '[]') from (select ${level.columns.join(', ')} from ${child.from} ${where} ${orderSql(b, child, scope)} ${pagingSql(scope.limit, scope.offset)}) ${rows})`;
  return {
    column: `${body} as ${ident(name)}`,
    ...(item.join === 'inner' ? { inner: `exists (select 1 from ${child.from} ${where})` } : {}),
  };
};

/**
 * Postgres refuses a select list wider than 1,664 entries (54011, "target lists can have at
 * most 1664 entries") only when it runs the query. The parser's item limit cannot see that
 * `*` stands for every column, so `select=*,*,…` would pass it and end in a 500: the width is
 * counted here, with each `*` expanded, and a wider list is the client's 400.
 */
export const MAX_SELECT_WIDTH = 1664;

/** The select list of one level, with its embeds (`path` is the level's dotted embed path). */
export const selectLevel = (b: Builder, src: Source, items: SelectItem[], path = ''): LevelSql => {
  const width = items.reduce(
    (n, item) => n + (item.kind === 'star' ? Math.max(1, src.columns.size) : 1),
    0,
  );
  if (width > MAX_SELECT_WIDTH) {
    throw parseError(
      'select parameter',
      path ? `${path}(…)` : '',
      `the select list of ${src.name} expands to ${width} columns; at most ${MAX_SELECT_WIDTH} are allowed`,
    );
  }
  const out: LevelSql = { columns: [], inner: [] };
  for (const item of items) {
    if (item.kind === 'star') {
      out.columns.push(`${src.alias}.*`);
    } else if (item.kind === 'column') {
      const { sql } = fieldSql(b, src, item.field);
      const value = item.cast ? `(${sql})::${item.cast}` : sql;
      out.columns.push(`${value} as ${ident(item.alias ?? outputName(item.field))}`);
    } else {
      const name = item.alias ?? item.target;
      const embed = embedSql(b, src, item, path ? `${path}.${name}` : name);
      out.columns.push(embed.column);
      if (embed.inner) out.inner.push(embed.inner);
    }
  }
  if (!out.columns.length) throw parseError('select parameter', '', 'expected at least one column');
  return out;
};

// -------------------------------------------------------------------------------- results

export interface ResultOptions {
  count: boolean;
  stripNulls: boolean;
  /** Apply the root scope's filters (reads) or not (rows a write just returned). */
  filter: boolean;
  limit?: number;
  offset?: number;
}

/**
 * `select total, page, body` for the rows of `src`: `body` is the JSON array of the page as
 * text, `page` its length and `total` the filtered row count (when asked for), all as text
 * so both drivers return them alike. `prefix` holds a WITH clause the source depends on.
 */
export const resultSql = (b: Builder, src: Source, options: ResultOptions, prefix = ''): string => {
  const root = b.scope('');
  const level = selectLevel(b, src, b.ast.select);
  const where = whereSql(b, src, options.filter ? root.where : [], level.inner);
  b.assertScopesUsed();
  const row = options.stripNulls ? 'json_strip_nulls(to_json(pgrst_page))' : 'pgrst_page';
  const total = options.count ? `(select count(*) from ${src.from} ${where})::text` : 'null::text';
  return `${prefix}
select ${total} as total, count(*)::text as page, coalesce(json_agg(${row}), '[]')::text as body
from (select ${level.columns.join(', ')} from ${src.from} ${where} ${orderSql(b, src, root)}
      ${pagingSql(options.limit, options.offset)}) pgrst_page`;
};
