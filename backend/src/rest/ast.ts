/**
 * The PostgREST URL grammar as data: what parse.ts produces and build.ts turns into SQL. Names
 * here are still unchecked user input; only build.ts, with the catalog at hand, decides whether
 * they exist.
 */

export interface JsonStep {
  arrow: '->' | '->>';
  /** An object key, or an array index when it is an integer. */
  key: string | number;
}

/** A column, optionally followed by a JSON path (`data->a->>b`). */
export interface Field {
  name: string;
  path: JsonStep[];
}

export interface ColumnItem {
  kind: 'column';
  field: Field;
  alias?: string;
  cast?: string;
}

export interface StarItem {
  kind: 'star';
}

export interface EmbedItem {
  kind: 'embed';
  /** A table name or a foreign-key constraint name. */
  target: string;
  alias?: string;
  /** Disambiguates the relationship: a constraint name or a foreign-key column. */
  hint?: string;
  join: 'left' | 'inner';
  items: SelectItem[];
}

export type SelectItem = ColumnItem | StarItem | EmbedItem;

/**
 * Each operator, in PostgREST's order, and whether it takes a quantifier (`eq(any).{a,b}`): one
 * table, so the operator list and the quantifiable ones cannot drift apart.
 */
const QUANTIFIABLE_BY_OPERATOR = {
  eq: true,
  neq: false,
  gt: true,
  gte: true,
  lt: true,
  lte: true,
  like: true,
  ilike: true,
  match: true,
  imatch: true,
  is: false,
  isdistinct: false,
  in: false,
  cs: false,
  cd: false,
  ov: false,
  sl: false,
  sr: false,
  nxl: false,
  nxr: false,
  adj: false,
  fts: false,
  plfts: false,
  phfts: false,
  wfts: false,
} as const;

export type Operator = keyof typeof QUANTIFIABLE_BY_OPERATOR;

export const OPERATORS = Object.keys(QUANTIFIABLE_BY_OPERATOR) as readonly Operator[];

export const QUANTIFIABLE_OPERATORS: ReadonlySet<Operator> = new Set(
  OPERATORS.filter((op) => QUANTIFIABLE_BY_OPERATOR[op]),
);

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Condition =
  | { kind: 'compare'; op: Exclude<Operator, 'is' | 'in'>; value: string }
  /** `eq(any).{a,b}`: the value is a Postgres array literal. */
  | { kind: 'quantified'; op: Operator; quantifier: 'any' | 'all'; value: string }
  | { kind: 'is'; value: IsValue }
  | { kind: 'in'; values: string[] }
  | { kind: 'fts'; op: 'fts' | 'plfts' | 'phfts' | 'wfts'; config?: string; value: string };

export interface Filter {
  kind: 'filter';
  field: Field;
  negate: boolean;
  condition: Condition;
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Predicate[];
}

export type Predicate = Filter | Logic;

export interface OrderTerm {
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Filters, order and paging that apply to one level: the root (path []) or an embed. */
export interface Scope {
  where: Predicate[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

/** Everything the query string says, with embed-scoped parts keyed by their dotted path. */
export interface QueryAst {
  select: SelectItem[];
  /** Keyed by the embed path joined with '.'; '' is the root. */
  scopes: Map<string, Scope>;
  /** From `columns=`: the body keys to use for an insert or upsert. */
  columns?: string[];
  /** From `on_conflict=`: the unique columns an upsert targets. */
  onConflict?: string[];
}

export const emptyScope = (): Scope => ({ where: [], order: [] });
