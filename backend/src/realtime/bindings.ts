/**
 * The `postgres_changes` part of a join (wire doc §5.5–5.6). The join reply must echo every
 * requested binding in order, with the same event/schema/table/filter and an integer id, or
 * the client leaves the channel; later events list the ids of the bindings they match, with
 * the same JSON type. Like hosted Realtime (which uses `phash2(params)`), the id is a hash of
 * the binding, so a rejoin gets the same ids.
 *
 * A binding the server cannot serve (unknown table, bad filter) is still echoed, so the join
 * succeeds as on hosted Supabase, but it never fires; the problem is reported in a `system`
 * message with status `error`.
 */
import type { Catalog, TableInfo } from './catalog.ts';
import type { ChangeType } from './change-feed.ts';
import { FilterError, checkConditions, parseFilter, rowMatches } from './filters.ts';
import type { Condition } from './filters.ts';

export type BindingEvent = '*' | ChangeType;

export interface Binding {
  id: number;
  event: BindingEvent;
  schema: string;
  /** null: every published table of the schema. */
  table: string | null;
  conditions: Condition[];
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

export class BindingsError extends Error {
  override name = 'BindingsError';
}

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
  const base = { event, schema, table, conditions: [] as Condition[], active: false };
  const where = describe(schema, table, filter ?? undefined);

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
  if (typeof filter !== 'string' || filter === '') return { binding: { ...base, active: true } };
  if (table === null) {
    return { binding: base, problem: `A filter needs a table: ${where}` };
  }
  try {
    const conditions = parseFilter(filter);
    checkConditions(conditions);
    const info = tables[0] as TableInfo;
    const unknown = conditions.find((c) => !info.columns.some((col) => col.name === c.column));
    if (unknown)
      return { binding: base, problem: `Unknown column "${unknown.column}" in filter ${where}` };
    return { binding: { ...base, conditions, active: true } };
  } catch (error) {
    if (error instanceof FilterError)
      return { binding: base, problem: `Invalid filter ${where}: ${error.message}` };
    throw error;
  }
};

/** Parses the join's `config.postgres_changes`; throws BindingsError for a malformed request. */
export const parseBindings = (requests: unknown, catalog: Catalog): ParsedBindings => {
  if (requests === undefined || requests === null) return { bindings: [], reply: [], problems: [] };
  if (!Array.isArray(requests)) throw new BindingsError('config.postgres_changes must be an array');
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

/**
 * Ids of the bindings that `change` matches, in binding order. A filter on a column the
 * subscriber's role may not select never matches: otherwise its matches would reveal the
 * column's values one guess at a time.
 */
export const matchingIds = (
  bindings: Binding[],
  change: {
    schema: string;
    table: string;
    type: ChangeType;
    record: Record<string, unknown> | null;
    oldRecord: Record<string, unknown> | null;
  },
  info: TableInfo,
  selectable: Set<string>,
): number[] => {
  const ids: number[] = [];
  const row = change.type === 'DELETE' ? change.oldRecord : change.record;
  for (const b of bindings) {
    if (!b.active) continue;
    if (b.event !== '*' && b.event !== change.type) continue;
    if (b.schema !== '*' && b.schema !== change.schema) continue;
    if (b.table !== null && b.table !== change.table) continue;
    if (b.conditions.length > 0) {
      if (!row || !b.conditions.every((c) => selectable.has(c.column))) continue;
      const typeOf = (column: string) => info.columns.find((c) => c.name === column)?.type;
      if (!rowMatches(b.conditions, row, typeOf)) continue;
    }
    ids.push(b.id);
  }
  return ids;
};
