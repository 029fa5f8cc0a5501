/**
 * The PostgREST query-string grammar → AST (ast.ts). Pure: no catalog, no SQL. Anything that
 * does not fit the grammar is a 400 PGRST100 here, before a name reaches the database; names
 * that fit are checked against the catalog later, in build.ts.
 *
 * Top-level filter values are taken verbatim (`title=eq.a,b` compares with "a,b"); inside
 * `in.(...)` lists and `or=(...)` trees, values may be double-quoted with backslash escapes.
 */
import {
  type Condition,
  type EmbedItem,
  type Field,
  type JsonStep,
  type Logic,
  OPERATORS,
  type Operator,
  QUANTIFIABLE_OPERATORS,
  type OrderTerm,
  type Predicate,
  type QueryAst,
  type Scope,
  type SelectItem,
  emptyScope,
} from './ast.ts';
import { parseError } from './errors.ts';

/** Casts allowed in `select=col::type`: plain built-in types, nothing that takes an expression. */
export const CASTS = new Set([
  'text',
  'varchar',
  'char',
  'int2',
  'int4',
  'int8',
  'smallint',
  'integer',
  'int',
  'bigint',
  'numeric',
  'decimal',
  'real',
  'float4',
  'float8',
  'bool',
  'boolean',
  'json',
  'jsonb',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
]);

const FTS = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);
const IDENT_CHAR = /[\p{L}\p{N}_$]/u;
/** Deeper embeds or logic trees are refused before they can exhaust a stack here or in Postgres. */
const MAX_DEPTH = 16;
/**
 * Postgres allows 1,664 entries in one select list (54011 beyond, a 500 for PostgREST); far
 * fewer than that already say the request is not a real query. Items of embeds count too.
 */
export const MAX_SELECT_ITEMS = 500;
/** Sort keys join the select list in Postgres, so they are bounded as well (per level). */
export const MAX_ORDER_TERMS = 100;

class Cursor {
  pos = 0;
  private depth = 0;

  constructor(
    readonly text: string,
    /** What is being parsed, for the error message ("select parameter", "filter", ...). */
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }

  accept(token: string): boolean {
    if (!this.startsWith(token)) return false;
    this.pos += token.length;
    return true;
  }

  expect(token: string): void {
    if (!this.accept(token)) throw this.fail(`expected "${token}"`);
  }

  expectEnd(): void {
    if (!this.done) throw this.fail('expected end of input');
  }

  fail(expectation: string): Error {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    return parseError(
      this.what,
      this.text,
      `unexpected ${found} at position ${this.pos + 1}, ${expectation}`,
    );
  }

  /** A bare identifier (letters, digits, `_`, `$`, inner dashes) or a double-quoted one. */
  identifier(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.done) {
      const c = this.peek();
      if (IDENT_CHAR.test(c)) this.pos += 1;
      else if (c === '-' && this.pos > start && this.peek(1) !== '>') this.pos += 1;
      else break;
    }
    if (this.pos === start) throw this.fail('expected a name');
    return this.text.slice(start, this.pos);
  }

  /** `"..."` with backslash escapes; the quotes are dropped. */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\' && this.pos + 1 < this.text.length) this.pos += 1;
      out += this.peek();
      this.pos += 1;
    }
    this.expect('"');
    return out;
  }

  field(): Field {
    const name = this.identifier();
    return { name, path: this.jsonPath() };
  }

  /** `->a->>b`, `->0`; integer keys index arrays. */
  jsonPath(): JsonStep[] {
    const path: JsonStep[] = [];
    while (this.startsWith('->')) {
      const arrow = this.accept('->>') ? '->>' : '->';
      if (arrow === '->') this.expect('->');
      const sign = this.peek() === '-' && /\d/.test(this.peek(1)) ? '-' : '';
      this.pos += sign.length;
      const key = sign + this.identifier();
      path.push({ arrow, key: /^-?\d+$/.test(key) ? Number(key) : key });
    }
    return path;
  }

  /** Runs `fn` one nesting level deeper: `(` of an embed or a logic group. */
  nested<T>(fn: () => T): T {
    if (this.depth >= MAX_DEPTH) throw this.fail(`nesting deeper than ${MAX_DEPTH} levels`);
    this.depth += 1;
    try {
      return fn();
    } finally {
      this.depth -= 1;
    }
  }

  /** Skips spaces and tabs (PostgREST allows them around list items). */
  spaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos += 1;
  }

  /**
   * A comma-separated list ending at `close` (not consumed) or at the end of input. With
   * `padded`, spaces around each item are allowed, as PostgREST allows them in `select`,
   * `order`, `columns` and `on_conflict`.
   */
  list<T>(item: () => T, close?: string, padded = false): T[] {
    const items: T[] = [];
    if (padded) this.spaces();
    if (close !== undefined && this.startsWith(close)) return items;
    do {
      if (padded) this.spaces();
      items.push(item());
      if (padded) this.spaces();
    } while (this.accept(','));
    return items;
  }
}

// ---------------------------------------------------------------------------------- select

const selectItem = (c: Cursor): SelectItem => {
  if (c.accept('*')) return { kind: 'star' };
  if (c.startsWith('...')) throw c.fail('spread embeds ("...") are not supported');
  let alias: string | undefined;
  let name = c.identifier();
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos += 1;
    alias = name;
    name = c.identifier();
  }
  if (c.peek() === '!' || c.peek() === '(') return embedItem(c, name, alias);
  const field: Field = { name, path: c.jsonPath() };
  let cast: string | undefined;
  if (c.accept('::')) {
    cast = c.identifier().toLowerCase();
    if (!CASTS.has(cast)) throw parseError(c.what, c.text, `unsupported cast to "${cast}"`);
  }
  return {
    kind: 'column',
    field,
    ...(alias === undefined ? {} : { alias }),
    ...(cast ? { cast } : {}),
  };
};

const embedItem = (c: Cursor, target: string, alias: string | undefined): EmbedItem => {
  let hint: string | undefined;
  let join: EmbedItem['join'] = 'left';
  while (c.accept('!')) {
    const modifier = c.identifier();
    if (modifier === 'inner' || modifier === 'left') join = modifier;
    else if (hint === undefined) hint = modifier;
    else throw c.fail('expected at most one relationship hint');
  }
  c.expect('(');
  const items = c.nested(() => c.list(() => selectItem(c), ')', true));
  c.expect(')');
  return {
    kind: 'embed',
    target,
    join,
    items: items.length ? items : [{ kind: 'star' }],
    ...(alias === undefined ? {} : { alias }),
    ...(hint === undefined ? {} : { hint }),
  };
};

const countItems = (items: SelectItem[]): number =>
  items.reduce((n, item) => n + 1 + (item.kind === 'embed' ? countItems(item.items) : 0), 0);

export const parseSelect = (text: string): SelectItem[] => {
  if (text === '') return [{ kind: 'star' }];
  const c = new Cursor(text, 'select parameter');
  const items = c.list(() => selectItem(c), undefined, true);
  c.expectEnd();
  const count = countItems(items);
  if (count > MAX_SELECT_ITEMS) {
    throw parseError(
      c.what,
      text,
      `the select list has ${count} items; at most ${MAX_SELECT_ITEMS} are allowed`,
    );
  }
  return items;
};

// --------------------------------------------------------------------------------- filters

/** Parses `(a,"b,c",d)` into its elements. */
const parseList = (c: Cursor): string[] => {
  c.expect('(');
  const values = c.list(() => {
    if (c.peek() === '"') return c.quoted();
    const start = c.pos;
    while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos += 1;
    return c.text.slice(start, c.pos);
  }, ')');
  c.expect(')');
  return values;
};

const toCondition = (
  c: Cursor,
  op: Operator,
  modifier: string | undefined,
  value: string,
): Condition => {
  const like = op === 'like' || op === 'ilike';
  const pattern = (v: string) => (like ? v.replace(/\*/g, '%') : v);
  if (modifier !== undefined && FTS.has(op)) {
    if (!/^\w+$/.test(modifier)) throw c.fail('expected a text search configuration name');
    return { kind: 'fts', op: op as 'fts', config: modifier, value };
  }
  if (FTS.has(op)) return { kind: 'fts', op: op as 'fts', value };
  if (modifier !== undefined) {
    if ((modifier !== 'any' && modifier !== 'all') || !QUANTIFIABLE_OPERATORS.has(op))
      throw c.fail('expected (any) or (all)');
    if (!/^\{.*\}$/s.test(value)) throw c.fail('expected a {…} list after a quantifier');
    return { kind: 'quantified', op, quantifier: modifier, value: pattern(value) };
  }
  if (op === 'is') {
    const normalised = value.toLowerCase();
    if (!IS_VALUES.has(normalised)) throw c.fail('expected null, not_null, true, false or unknown');
    return { kind: 'is', value: normalised as 'null' };
  }
  if (op === 'in') {
    const list = new Cursor(value, c.what);
    const values = parseList(list);
    list.expectEnd();
    return { kind: 'in', values };
  }
  return { kind: 'compare', op, value: pattern(value) };
};

/** `[not.]op[(modifier)].` – the part of a filter before its value. */
const operatorPrefix = (c: Cursor): { negate: boolean; op: Operator; modifier?: string } => {
  const negate = c.accept('not.');
  const start = c.pos;
  while (/[a-z]/.test(c.peek())) c.pos += 1;
  const op = c.text.slice(start, c.pos) as Operator;
  if (!OPERATORS.includes(op)) {
    c.pos = start;
    throw c.fail(`expected an operator (${OPERATORS.join(', ')})`);
  }
  let modifier: string | undefined;
  if (c.accept('(')) {
    const inner = c.pos;
    while (!c.done && c.peek() !== ')') c.pos += 1;
    modifier = c.text.slice(inner, c.pos);
    c.expect(')');
  }
  c.expect('.');
  return { negate, op, ...(modifier === undefined ? {} : { modifier }) };
};

/** A top-level filter value such as `not.in.(1,2)`: the value runs to the end of the string. */
export const parseFilterValue = (field: Field, text: string): Predicate => {
  const c = new Cursor(text, 'filter');
  const { negate, op, modifier } = operatorPrefix(c);
  const condition = toCondition(c, op, modifier, c.text.slice(c.pos));
  return { kind: 'filter', field, negate, condition };
};

/** A value inside a logic tree: quoted, or up to the next `,`/`)` outside brackets. */
const logicValue = (c: Cursor): string => {
  if (c.peek() === '"') return c.quoted();
  const start = c.pos;
  let depth = 0;
  while (!c.done) {
    const ch = c.peek();
    if (ch === '"') {
      c.quoted();
      continue;
    }
    if (depth === 0 && (ch === ',' || ch === ')')) break;
    if (ch === '(' || ch === '{') depth += 1;
    if (ch === ')' || ch === '}') depth -= 1;
    c.pos += 1;
  }
  if (depth !== 0) throw c.fail('expected balanced brackets');
  return c.text.slice(start, c.pos);
};

const logicChild = (c: Cursor): Predicate => {
  const checkpoint = c.pos;
  const negate = c.accept('not.');
  for (const op of ['and', 'or'] as const) {
    if (c.accept(`${op}(`)) {
      c.pos -= 1;
      return logicGroup(c, op, negate);
    }
  }
  c.pos = checkpoint;
  const field = c.field();
  c.expect('.');
  const prefix = operatorPrefix(c);
  const condition = toCondition(c, prefix.op, prefix.modifier, logicValue(c));
  return { kind: 'filter', field, negate: prefix.negate, condition };
};

const logicGroup = (c: Cursor, op: 'and' | 'or', negate: boolean): Logic => {
  c.expect('(');
  const children = c.nested(() => c.list(() => logicChild(c), ')'));
  c.expect(')');
  if (!children.length) throw c.fail('expected at least one condition');
  return { kind: 'logic', op, negate, children };
};

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` → a Logic node. */
export const parseLogic = (op: 'and' | 'or', negate: boolean, text: string): Logic => {
  const c = new Cursor(text, 'logic tree');
  const group = logicGroup(c, op, negate);
  c.expectEnd();
  return group;
};

// ----------------------------------------------------------------------------------- order

export const parseOrder = (text: string): OrderTerm[] => {
  const c = new Cursor(text, 'order');
  const terms = c.list(
    (): OrderTerm => {
      const field = c.field();
      const term: OrderTerm = { field };
      if (c.accept('.asc')) term.direction = 'asc';
      else if (c.accept('.desc')) term.direction = 'desc';
      if (c.accept('.nullsfirst')) term.nulls = 'first';
      else if (c.accept('.nullslast')) term.nulls = 'last';
      c.spaces();
      if (c.peek() !== ',' && !c.done) throw c.fail('expected asc, desc, nullsfirst or nullslast');
      return term;
    },
    undefined,
    true,
  );
  c.expectEnd();
  return terms;
};

/** `"title","done"` or `title,done` → names (the `columns` and `on_conflict` parameters). */
export const parseNames = (what: string, text: string): string[] => {
  const c = new Cursor(text, what);
  const names = c.list(() => c.identifier(), undefined, true);
  c.expectEnd();
  return names;
};

const parseCount = (what: string, text: string): number => {
  if (!/^\d{1,15}$/.test(text)) throw parseError(what, text, 'expected a whole number');
  return Number(text);
};

// ----------------------------------------------------------------------------- query string

const LOGIC_KEYS: Record<string, { op: 'and' | 'or'; negate: boolean }> = {
  or: { op: 'or', negate: false },
  and: { op: 'and', negate: false },
  'not.or': { op: 'or', negate: true },
  'not.and': { op: 'and', negate: true },
};

/** Splits `tags.order` into the embed path `tags` and the key `order`. */
const splitScoped = (key: string, suffix: string): string | undefined => {
  if (key === suffix) return '';
  return key.endsWith(`.${suffix}`) ? key.slice(0, -suffix.length - 1) : undefined;
};

/**
 * The whole query string, in order (repeated keys are kept: two filters on one column AND).
 * Every key that is not reserved (`select`, `order`, `limit`, …) is a filter `[embed.path.]column`;
 * whether that column exists is decided later, against the catalog.
 */
export const parseQuery = (params: Iterable<[string, string]>): QueryAst => {
  const ast: QueryAst = { select: [{ kind: 'star' }], scopes: new Map() };
  const scope = (path: string): Scope => {
    let found = ast.scopes.get(path);
    if (!found) ast.scopes.set(path, (found = emptyScope()));
    return found;
  };
  for (const [key, value] of params) {
    if (key === 'select') {
      ast.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      ast.columns = parseNames('columns', value);
      continue;
    }
    if (key === 'on_conflict') {
      ast.onConflict = parseNames('on_conflict', value);
      continue;
    }
    // `tags.not.or` also ends with `.or`: the longest reserved suffix wins.
    const logicKey = Object.keys(LOGIC_KEYS)
      .filter((k) => splitScoped(key, k) !== undefined)
      .sort((a, b) => b.length - a.length)[0];
    if (logicKey !== undefined) {
      const { op, negate } = LOGIC_KEYS[logicKey]!;
      scope(splitScoped(key, logicKey)!).where.push(parseLogic(op, negate, value));
      continue;
    }
    const orderPath = splitScoped(key, 'order');
    if (orderPath !== undefined) {
      const order = scope(orderPath).order;
      order.push(...parseOrder(value));
      if (order.length > MAX_ORDER_TERMS) {
        throw parseError(
          'order',
          value,
          `${order.length} sort terms; at most ${MAX_ORDER_TERMS} are allowed`,
        );
      }
      continue;
    }
    const limitPath = splitScoped(key, 'limit');
    if (limitPath !== undefined) {
      scope(limitPath).limit = parseCount('limit', value);
      continue;
    }
    const offsetPath = splitScoped(key, 'offset');
    if (offsetPath !== undefined) {
      scope(offsetPath).offset = parseCount('offset', value);
      continue;
    }
    const segments = key.split('.');
    const column = segments.pop() ?? '';
    const fieldCursor = new Cursor(column, 'filter');
    const field = fieldCursor.field();
    fieldCursor.expectEnd();
    scope(segments.join('.')).where.push(parseFilterValue(field, value));
  }
  return ast;
};
