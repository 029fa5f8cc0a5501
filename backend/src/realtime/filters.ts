/**
 * `postgres_changes` filters (wire doc §5.8): `column=op.value`, with exactly the operators
 * supabase-js 2.119's `RealtimePostgresFilterBuilder` can emit: `eq, neq, lt, lte, gt, gte, in,
 * like, ilike, is, match, imatch, isdistinct`, each also negated with `not.`, several joined by
 * commas (AND), values double-quoted with `\` escapes when they hold `,()"\` or edge spaces.
 * Anything else is refused when the channel is joined (FilterError).
 *
 * Filters are not evaluated here. They become SQL (`filterSql`) that Postgres evaluates inside
 * the authorisation query, on the committed row, as the subscriber, only for rows that row
 * security lets the subscriber see (authorize.ts). Values are bind parameters cast to the
 * column's type, so comparisons follow Postgres exactly (numbers, timestamps, uuids, enums,
 * collations, NULL logic) and a pattern is matched by Postgres's own LIKE and regex engines,
 * under a statement timeout, never by a backtracking matcher in the event loop.
 */
import { quoteIdent } from '../db/schema-cache.ts';
import type { TableInfo } from './catalog.ts';

export const FILTER_OPERATORS = [
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
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface Condition {
  column: string;
  operator: FilterOperator;
  negate: boolean;
  /** One value, or the list of `in`; for `is`, one of null, true, false, unknown. */
  values: string[];
}

/** A filter the server cannot accept; its message is shown to the client. */
export class FilterError extends Error {
  override name = 'FilterError';
}

const OPERATORS = new Set<string>(FILTER_OPERATORS);
const IS_VALUES = new Set(['null', 'true', 'false', 'unknown']);
/** Hosted Realtime refuses longer `in` lists; so do we, so that code moves over unchanged. */
const MAX_IN_VALUES = 100;
/** A filter is a few conditions; a longer one is not a subscription but a payload. */
export const MAX_FILTER_LENGTH = 4096;

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
    if (depth < 0) throw new FilterError(`unbalanced parentheses in "${text}"`);
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
  const operator = rest.slice(0, dot);
  if (!OPERATORS.has(operator)) {
    throw new FilterError(
      `unsupported operator "${operator}" (supported: ${FILTER_OPERATORS.join(', ')}, each also after not.)`,
    );
  }
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
  if ((operator === 'like' || operator === 'ilike') && /(^|[^\\])(\\\\)*\\$/.test(unquote(raw))) {
    // Postgres would fail the check on every row that reaches the end of the pattern.
    throw new FilterError(`a ${operator} pattern must not end with the escape character \\`);
  }
  if (operator === 'is' && !IS_VALUES.has(raw)) {
    throw new FilterError(`"is" expects null, true, false or unknown, got "${raw}"`);
  }
  return { column, operator: operator as FilterOperator, negate, values: [unquote(raw)] };
};

/** Parses a whole filter string; every condition must hold (AND). Throws FilterError. */
export const parseFilter = (filter: string): Condition[] => {
  if (filter.length > MAX_FILTER_LENGTH) {
    throw new FilterError(`a filter may be at most ${MAX_FILTER_LENGTH} characters long`);
  }
  if (filter.trim() === '') throw new FilterError('filter is empty');
  return splitTopLevel(filter, ',').map((part) => parseCondition(part));
};

const COMPARISONS: Partial<Record<FilterOperator, string>> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
};

/** Appends `value` to `params` and returns its placeholder. */
export type Bind = (value: string) => string;

export const binder =
  (params: unknown[]): Bind =>
  (value) => {
    params.push(value);
    return `$${params.length}`;
  };

const conditionSql = (
  c: Condition,
  info: TableInfo,
  rowAlias: string,
  bind: Bind,
  /** Validation only: the text a pattern is tried on, so that Postgres compiles it. */
  patternSubject?: string,
): string => {
  const column = info.columns.find((col) => col.name === c.column);
  if (!column) throw new FilterError(`unknown column "${c.column}"`);
  const ref = `${rowAlias}.${quoteIdent(column.name)}`;
  const typed = (value: string) => `${bind(value)}::${column.sqlType}`;
  const text = patternSubject ?? `${ref}::text`;
  const [value = ''] = c.values;
  let sql: string;
  switch (c.operator) {
    case 'in':
      sql = `${ref} in (${c.values.map(typed).join(', ')})`;
      break;
    case 'is':
      sql = `${ref} is ${value}`;
      break;
    case 'isdistinct':
      sql = `${ref} is distinct from ${typed(value)}`;
      break;
    case 'like':
    case 'ilike':
      // PostgREST lets `*` stand for `%` (it needs no URL encoding).
      sql = `${text} ${c.operator} ${bind(value.replaceAll('*', '%'))}::text`;
      break;
    case 'match':
      sql = `${text} ~ ${bind(value)}::text`;
      break;
    case 'imatch':
      sql = `${text} ~* ${bind(value)}::text`;
      break;
    default:
      sql = `${ref} ${COMPARISONS[c.operator]} ${typed(value)}`;
  }
  return c.negate ? `not (${sql})` : `(${sql})`;
};

/**
 * The filter as one SQL boolean over the row `rowAlias` of `info`; values go to `bind`. NULL
 * logic is Postgres's: the caller lets a row through only when this is true.
 */
export const filterSql = (
  conditions: Condition[],
  info: TableInfo,
  rowAlias: string,
  bind: Bind,
): string => conditions.map((c) => conditionSql(c, info, rowAlias, bind)).join(' and ');

/**
 * A statement that fails when the filter cannot run on `info`: a value the column's type does
 * not accept, `is true` on a column that is not boolean, a pattern Postgres cannot compile. Run
 * once at join, so that a bad binding is reported then and never fails a delivery.
 */
export const filterCheckSql = (
  conditions: Condition[],
  info: TableInfo,
  params: unknown[],
): string => {
  const alias = quoteIdent(info.table);
  const bind = binder(params);
  const checks = conditions.map((c) =>
    conditionSql(
      c,
      info,
      alias,
      bind,
      c.operator === 'like' ||
        c.operator === 'ilike' ||
        c.operator === 'match' ||
        c.operator === 'imatch'
        ? `''::text`
        : undefined,
    ),
  );
  return `select array[${checks.join(', ')}]::boolean[] as checked
          from jsonb_populate_record(null::${quoteIdent(info.schema)}.${alias}, '{}'::jsonb) as ${alias}`;
};
