/**
 * The `postgres_changes` part of a join (wire doc §5.5–5.6). The join reply must echo every
 * requested binding in order, with the same event/schema/table/filter and an integer id, or
 * the client leaves the channel; later events list the ids of the bindings they match, with
 * the same JSON type. Like hosted Realtime (which uses `phash2(params)`), the id is a hash of
 * the binding, so a rejoin gets the same ids.
 *
 * A binding the server cannot serve (unknown table or column, a value its column's type does
 * not accept) is still echoed, so the join succeeds as on hosted Supabase, but it never fires;
 * the problem is reported in a `system` message with status `error`. A filter that is not
 * what supabase-js's filter builder can send (an unknown operator, broken syntax) refuses the
 * whole join with an error reply that names the problem.
 *
 * Matching a change here is by event, schema and table only; filters are evaluated by
 * Postgres in the authorisation query (authorize.ts), after row security.
 */
import type { Catalog, TableInfo } from './catalog.ts';
import type { ChangeType } from './change-feed.ts';
import { isDbError } from '../db/types.ts';
import type { BoundedTransaction } from '../db/bounded-transaction.ts';
import { FilterError, filterCheckSql, parseFilter } from './filters.ts';
import type { Condition } from './filters.ts';

export type BindingEvent = '*' | ChangeType;

export interface Binding {
  id: number;
  event: BindingEvent;
  schema: string;
  /** null: every published table of the schema. */
  table: string | null;
  conditions: Condition[];
  /** Identifies the filter (same conditions, same table: same key); null without a filter. */
  filterKey: string | null;
  /** False when the binding could not be set up; it is echoed but never matches. */
  active: boolean;
}

export interface ParsedBindings {
  bindings: Binding[];
  /** The join reply's `postgres_changes`: each request as sent, plus its id. */
  reply: Record<string, unknown>[];
  /** One line per binding that cannot work, for a system message. */
  problems: string[];
}

/** A join that cannot be accepted; `reason` goes into the error reply. */
export class BindingsError extends Error {
  override name = 'BindingsError';
  constructor(
    message: string,
    readonly reason = `malformed message: ${message}`,
  ) {
    super(message);
  }
}

/** Bindings one join may hold (the app uses a handful; each costs work per change). */
export const MAX_BINDINGS_PER_JOIN = 100;

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

/** FNV-1a, 31 bits: small positive integers that survive JSON round trips unchanged. */
const hashId = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & 0x7fffffff;
};

const describe = (schema: string, table: string | null, filter: string | undefined): string =>
  `[schema: ${schema}, table: ${table ?? '*'}${filter === undefined ? '' : `, filter: ${filter}`}]`;

const parseOne = (
  request: Record<string, unknown>,
  catalog: Catalog,
): { binding: Omit<Binding, 'id'>; problem?: string } => {
  const rawEvent = request.event;
  const schema = request.schema;
  const rawTable = request.table;
  const filter = request.filter;
  if (typeof rawEvent !== 'string' || !EVENTS.has(rawEvent.toUpperCase())) {
    throw new BindingsError(`postgres_changes event must be one of *, INSERT, UPDATE, DELETE`);
  }
  if (typeof schema !== 'string' || schema === '') {
    throw new BindingsError('postgres_changes needs a schema');
  }
  if (rawTable !== undefined && rawTable !== null && typeof rawTable !== 'string') {
    throw new BindingsError('postgres_changes table must be a string');
  }
  if (filter !== undefined && filter !== null && typeof filter !== 'string') {
    throw new BindingsError('postgres_changes filter must be a string');
  }
  const table = rawTable === undefined || rawTable === null || rawTable === '*' ? null : rawTable;
  const event = rawEvent.toUpperCase() as BindingEvent;
  const where = describe(schema, table, filter ?? undefined);

  // The filter's form is checked first, whatever the table: a filter the client's builder could
  // not have sent is refused outright.
  let conditions: Condition[] = [];
  if (typeof filter === 'string' && filter !== '') {
    try {
      conditions = parseFilter(filter);
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      throw new BindingsError(
        error.message,
        `InvalidFilter: ${error.message} in postgres_changes filter "${filter.slice(0, 200)}"`,
      );
    }
  }
  const base = { event, schema, table, conditions: [], filterKey: null, active: false };

  const tables: TableInfo[] =
    table === null
      ? catalog.inSchema(schema)
      : [catalog.get(schema, table)].flatMap((t) => (t ? [t] : []));
  if (tables.length === 0) {
    return {
      binding: base,
      problem: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${where}`,
    };
  }
  if (conditions.length === 0) return { binding: { ...base, active: true } };
  if (table === null) {
    return { binding: base, problem: `A filter needs a table: ${where}` };
  }
  const info = tables[0] as TableInfo;
  const unknown = conditions.find((c) => !info.columns.some((col) => col.name === c.column));
  if (unknown)
    return { binding: base, problem: `Unknown column "${unknown.column}" in filter ${where}` };
  const filterKey = JSON.stringify([schema, table, conditions]);
  return { binding: { ...base, conditions, filterKey, active: true } };
};

/** Parses the join's `config.postgres_changes`; throws BindingsError for a malformed request. */
export const parseBindings = (requests: unknown, catalog: Catalog): ParsedBindings => {
  if (requests === undefined || requests === null) return { bindings: [], reply: [], problems: [] };
  if (!Array.isArray(requests)) throw new BindingsError('config.postgres_changes must be an array');
  if (requests.length > MAX_BINDINGS_PER_JOIN) {
    throw new BindingsError(
      `at most ${MAX_BINDINGS_PER_JOIN} postgres_changes bindings per channel`,
    );
  }
  const used = new Set<number>();
  const result: ParsedBindings = { bindings: [], reply: [], problems: [] };
  for (const request of requests) {
    if (typeof request !== 'object' || request === null || Array.isArray(request)) {
      throw new BindingsError('each postgres_changes entry must be an object');
    }
    const fields = request as Record<string, unknown>;
    const { binding, problem } = parseOne(fields, catalog);
    let id = hashId(
      JSON.stringify([fields.event, fields.schema, fields.table ?? null, fields.filter ?? null]),
    );
    while (used.has(id)) id = (id + 1) & 0x7fffffff;
    used.add(id);
    result.bindings.push({ ...binding, id });
    result.reply.push({ ...fields, id });
    if (problem) result.problems.push(problem);
  }
  return result;
};

export interface Candidate {
  id: number;
  /** The filter Postgres must find true for the row; null: none. */
  filterKey: string | null;
}

/**
 * The bindings `change` may fire, by event, schema and table, in binding order; those with a
 * filter still need Postgres's verdict on the row. A filter on a column the subscriber's role
 * may not select never fires: otherwise its matches would reveal the column's values one guess
 * at a time.
 */
export const candidateBindings = (
  bindings: Binding[],
  change: { schema: string; table: string; type: ChangeType },
  selectable: Set<string>,
): Candidate[] => {
  const candidates: Candidate[] = [];
  for (const b of bindings) {
    if (!b.active) continue;
    if (b.event !== '*' && b.event !== change.type) continue;
    if (b.schema !== '*' && b.schema !== change.schema) continue;
    if (b.table !== null && b.table !== change.table) continue;
    if (!b.conditions.every((c) => selectable.has(c.column))) continue;
    candidates.push({ id: b.id, filterKey: b.filterKey });
  }
  return candidates;
};

const runCheck = (checks: BoundedTransaction, sql: string, params: unknown[]) =>
  checks((tx) => tx.query(sql, params), { readOnly: true });

/**
 * Lets Postgres try every filter of a join once, on no row: a value its column's type does not
 * accept, `is.true` on a column that is not boolean or a pattern it cannot compile fails here,
 * and the binding is reported and never fires, instead of failing deliveries later. One
 * statement for all filters; only when it fails, one per filter to tell which.
 */
export const checkFilters = async (
  checks: BoundedTransaction,
  catalog: Catalog,
  parsed: ParsedBindings,
): Promise<void> => {
  const filtered = parsed.bindings.flatMap((binding) => {
    const info =
      binding.active && binding.table !== null && binding.conditions.length > 0
        ? catalog.get(binding.schema, binding.table)
        : undefined;
    return info ? [{ binding, info }] : [];
  });
  if (filtered.length === 0) return;
  const all: unknown[] = [];
  const statements = filtered.map(({ binding, info }) =>
    filterCheckSql(binding.conditions, info, all),
  );
  try {
    await runCheck(checks, statements.map((sql) => `(${sql})`).join(' union all '), all);
    return;
  } catch (error) {
    if (!isDbError(error)) throw error;
  }
  const verdicts = new Map<string, string | null>();
  for (const { binding, info } of filtered) {
    const key = binding.filterKey ?? '';
    if (!verdicts.has(key)) {
      const params: unknown[] = [];
      try {
        await runCheck(checks, filterCheckSql(binding.conditions, info, params), params);
        verdicts.set(key, null);
      } catch (error) {
        if (!isDbError(error)) throw error;
        verdicts.set(key, error.message);
      }
    }
    const problem = verdicts.get(key);
    if (problem) {
      binding.active = false;
      parsed.problems.push(
        `Invalid filter ${describe(binding.schema, binding.table, undefined)}: ${problem}`,
      );
    }
  }
};
