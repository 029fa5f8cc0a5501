/**
 * `postgres_changes` filters (wire doc §5.8): `column=op.value`, with `eq, neq, lt, lte, gt,
 * gte, in` as hosted Supabase Realtime supports them, plus what the 2.119 client's
 * `postgresChangesFilter()` builder can emit (`like, ilike, is, match, imatch, isdistinct`,
 * `not.` negation, AND by commas outside parentheses, double-quoted values with `\` escapes).
 *
 * Filters run in the server on the row as captured by the trigger (its JSON form), compared
 * by the column's type: numbers as numbers, timestamps as instants, uuids case-insensitively,
 * everything else as strings. SQL's three-valued logic is kept: a comparison with NULL is
 * unknown, `not.` of unknown stays unknown, and only a definite true lets a change through.
 */

export type FilterOperator =
  | 'eq'
  | 'neq'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'in'
  | 'like'
  | 'ilike'
  | 'is'
  | 'match'
  | 'imatch'
  | 'isdistinct';

export interface Condition {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** One value, or the list of `in`. `null` only for `is.null`. */
  values: (string | null)[];
}

export class FilterError extends Error {
  override name = 'FilterError';
}

const OPERATORS = new Set<FilterOperator>([
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
]);
const IS_VALUES = new Set(['null', 'true', 'false', 'unknown']);
/** Hosted Realtime refuses longer `in` lists; so do we, so that code moves over unchanged. */
const MAX_IN_VALUES = 100;

/** Splits on `separator` outside double quotes and parentheses. */
const splitTopLevel = (text: string, separator: string): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) current += text[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (ch === separator && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted || depth !== 0) throw new FilterError(`unbalanced quotes or parentheses in "${text}"`);
  parts.push(current);
  return parts;
};

const unquote = (value: string): string => {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
};

const parseCondition = (text: string): Condition => {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new FilterError(`"${text}" is not of the form column=operator.value`);
  const column = text.slice(0, eq).trim();
  let rest = text.slice(eq + 1);
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot <= 0) throw new FilterError(`"${text}" has no operator`);
  const operator = rest.slice(0, dot) as FilterOperator;
  if (!OPERATORS.has(operator)) throw new FilterError(`unsupported operator "${operator}"`);
  const raw = rest.slice(dot + 1);

  if (operator === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) {
      throw new FilterError(`"in" expects a list in parentheses, got "${raw}"`);
    }
    const inner = raw.slice(1, -1);
    const values = inner === '' ? [] : splitTopLevel(inner, ',').map((v) => unquote(v.trim()));
    if (values.length === 0) throw new FilterError('"in" needs at least one value');
    if (values.length > MAX_IN_VALUES) {
      throw new FilterError(`"in" accepts at most ${MAX_IN_VALUES} values`);
    }
    return { column, operator, negate, values };
  }
  if (operator === 'is') {
    if (!IS_VALUES.has(raw)) throw new FilterError(`"is" expects null, true, false or unknown`);
    return { column, operator, negate, values: [raw === 'null' ? null : raw] };
  }
  return { column, operator, negate, values: [unquote(raw)] };
};

/** Parses a whole filter string; every condition must hold (AND). */
export const parseFilter = (filter: string): Condition[] => {
  if (filter.trim() === '') throw new FilterError('filter is empty');
  return splitTopLevel(filter, ',').map((part) => parseCondition(part));
};

const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const INSTANT_TYPES = new Set(['timestamp', 'timestamptz']);

type Tri = boolean | null;

/** Comparable form of a row value or filter literal for a column type; null is SQL NULL. */
const comparable = (value: unknown, type: string): number | string | null => {
  if (value === null || value === undefined) return null;
  if (NUMERIC_TYPES.has(type)) {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isNaN(n) ? String(value) : n;
  }
  if (INSTANT_TYPES.has(type)) {
    const ms = Date.parse(String(value));
    return Number.isNaN(ms) ? String(value) : ms;
  }
  if (type === 'bool') {
    const s = String(value).toLowerCase();
    return s === 't' || s === 'true' ? 'true' : s === 'f' || s === 'false' ? 'false' : s;
  }
  if (type === 'uuid') return String(value).toLowerCase();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

const compare = (a: number | string, b: number | string): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
};

const likeToRegExp = (pattern: string, caseInsensitive: boolean): RegExp => {
  const body = [...pattern]
    .map((ch) =>
      ch === '%' || ch === '*'
        ? '.*'
        : ch === '_'
          ? '.'
          : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`, caseInsensitive ? 'is' : 's');
};

const evaluate = (condition: Condition, value: unknown, type: string): Tri => {
  const left = comparable(value, type);
  const [first] = condition.values;
  switch (condition.operator) {
    case 'is': {
      if (first === null) return left === null;
      if (first === 'unknown') return left === null;
      return left === first;
    }
    case 'isdistinct': {
      const right = comparable(first, type);
      if (left === null || right === null) return left !== right;
      return compare(left, right) !== 0;
    }
    case 'in': {
      if (left === null) return null;
      return condition.values.some((v) => {
        const right = comparable(v, type);
        return right !== null && compare(left, right) === 0;
      });
    }
    default:
      break;
  }
  const right = comparable(first, type);
  if (left === null || right === null) return null;
  switch (condition.operator) {
    case 'eq':
      return compare(left, right) === 0;
    case 'neq':
      return compare(left, right) !== 0;
    case 'lt':
      return compare(left, right) < 0;
    case 'lte':
      return compare(left, right) <= 0;
    case 'gt':
      return compare(left, right) > 0;
    case 'gte':
      return compare(left, right) >= 0;
    case 'like':
      return likeToRegExp(String(right), false).test(String(left));
    case 'ilike':
      return likeToRegExp(String(right), true).test(String(left));
    case 'match':
      return new RegExp(String(right), 's').test(String(left));
    case 'imatch':
      return new RegExp(String(right), 'is').test(String(left));
    default:
      return null;
  }
};

/**
 * Whether `row` passes every condition. `typeOf` gives a column's type name (pg_type.typname);
 * unknown columns never match (bindings are validated against the catalog at join).
 */
export const rowMatches = (
  conditions: Condition[],
  row: Record<string, unknown>,
  typeOf: (column: string) => string | undefined,
): boolean =>
  conditions.every((condition) => {
    const type = typeOf(condition.column);
    if (type === undefined || !(condition.column in row)) return false;
    const result = evaluate(condition, row[condition.column], type);
    return condition.negate ? result === false : result === true;
  });

/** Validates regular expressions up front, so a bad `match` fails at join, not per change. */
export const checkConditions = (conditions: Condition[]): void => {
  for (const c of conditions) {
    if (c.operator !== 'match' && c.operator !== 'imatch') continue;
    try {
      new RegExp(String(c.values[0]));
    } catch {
      throw new FilterError(`invalid regular expression "${c.values[0]}"`);
    }
  }
};
