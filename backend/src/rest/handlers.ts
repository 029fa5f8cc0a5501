/**
 * One handler per PostgREST operation. Each follows the same steps: read headers and query
 * string, build SQL against the catalog (outside any transaction: the catalog may need to
 * reload, and a query inside a transaction callback would deadlock PGlite), then run the SQL in
 * one transaction as the request's role, and turn the `total, page, body` row into a response.
 *
 * Checks that can fail after the SQL ran (`.single()` on writes, `max-affected`) throw inside
 * the transaction, so the rows they refuse are rolled back.
 */
import type { Context } from 'hono';
import type { BackendContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { JsonBodyError, decodeUtf8, parseJsonText } from '../http/json-body.ts';
import type { QueryAst } from './ast.ts';
import type { RestEnv } from './auth.ts';
import { Builder, resultSql, tableSource } from './build.ts';
import type { Catalog } from './catalog.ts';
import { invalidBody, maxAffectedExceeded, notSingular, rangeNotSatisfiable } from './errors.ts';
import { type Statement, planDelete, planInsert, planUpdate } from './mutate.ts';
import {
  JSON_CONTENT_TYPE,
  type Preferences,
  type Representation,
  paging,
  preferences,
  representation,
} from './negotiate.ts';
import { parseQuery } from './parse.ts';
import { type RpcArgs, chooseFunction, planRpc } from './rpc.ts';

type RestContext = Context<RestEnv>;

interface ResultRow {
  total: string | null;
  page: string;
  body: string;
}

/** Carries a finished result out of a transaction that must not commit (`Prefer: tx=rollback`). */
class Rollback<T> {
  constructor(readonly value: T) {}
}

/** The query string; `apikey` is the gateway's (hosted Kong strips it before PostgREST). */
const queryEntries = (c: RestContext): [string, string][] =>
  [...new URL(c.req.url).searchParams.entries()].filter(([key]) => key !== 'apikey');

const contentRange = (offset: number, rows: number, total?: number): string =>
  `${rows > 0 ? `${offset}-${offset + rows - 1}` : '*'}/${total ?? '*'}`;

/** The JSON request body; `empty` is what a missing body means (an error, or `{}` for rpc). */
const jsonBody = async (c: RestContext, empty?: unknown): Promise<unknown> => {
  try {
    const text = decodeUtf8(await c.req.arrayBuffer());
    if (!text.trim()) {
      if (empty === undefined) throw invalidBody();
      return empty;
    }
    return parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonBodyError) throw invalidBody(error.message);
    throw error;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON array of exactly one element, as text, is that element with the brackets removed. */
const singleObject = (arrayText: string, rows: number): string => {
  if (rows !== 1) throw notSingular(rows);
  return arrayText.trim().slice(1, -1);
};

export const createHandlers = (ctx: BackendContext, catalog: Catalog) => {
  /**
   * Runs `fn` in one transaction as the request's role, with PostgREST's request settings.
   *
   * `Prefer: tx=rollback` is honoured for `service_role` only. Hosted PostgREST ignores it
   * (`db-tx-end = commit`), and for good reason: the database's abuse limits (invitations,
   * imports) count in the caller's own transaction, so a client that could roll back its
   * request could also roll back the count and ask without limit.
   */
  const transaction = async <T>(
    c: RestContext,
    path: string,
    asked: boolean,
    fn: (tx: Queryable) => Promise<T>,
  ): Promise<T> => {
    const rollback = asked && c.get('claims').role === 'service_role';
    const method = c.req.method;
    const settings = { method, path, headers: JSON.stringify(c.req.header()), cookies: '{}' };
    try {
      return await ctx.db.asRole(
        c.get('claims'),
        async (tx) => {
          const value = await fn(tx);
          if (rollback) throw new Rollback(value);
          return value;
        },
        { readOnly: method === 'GET' || method === 'HEAD', settings },
      );
    } catch (error) {
      if (error instanceof Rollback) return error.value as T;
      throw error;
    }
  };

  const send = (
    c: RestContext,
    status: number,
    body: string | null,
    headers: Record<string, string> = {},
  ) => {
    if (body === null || c.req.method === 'HEAD' || status === 204)
      return c.body(null, status as 200, headers);
    return c.body(body, status as 200, { 'Content-Type': JSON_CONTENT_TYPE, ...headers });
  };

  /** GET/HEAD answer for rows: Content-Range, 206 for a partial page, 416 past the end. */
  const sendRows = (
    c: RestContext,
    row: ResultRow,
    rep: Representation,
    offset: number,
    { object = false, omitBody = false } = {},
  ) => {
    const rows = Number(row.page);
    const total = row.total === null ? undefined : Number(row.total);
    if (total !== undefined && offset > total) throw rangeNotSatisfiable(offset, total);
    const status = total !== undefined && rows < total ? 206 : 200;
    let body = row.body;
    if (rep.single) body = singleObject(body, rows);
    else if (object) body = rows ? singleObject(body, 1) : 'null';
    return send(c, status, omitBody ? null : body, {
      'Content-Range': contentRange(offset, rows, total),
    });
  };

  const read = async (c: RestContext) => {
    const table = c.req.param('table') ?? '';
    const prefs = preferences(c.req.header('prefer'));
    const rep = representation(c.req.header('accept'));
    const ast = parseQuery(queryEntries(c));
    const root = ast.scopes.get('');
    const page = paging(c.req.header('range'), root?.offset, root?.limit);
    const plan = await catalog.use((schema) => {
      const b = new Builder(schema, ast);
      const src = tableSource(schema, table, 'pgrst_source');
      const options = { count: prefs.count, stripNulls: rep.stripNulls, filter: true, ...page };
      return { sql: resultSql(b, src, options), params: b.params.values };
    });
    const row = await transaction(c, `/${table}`, prefs.rollback, async (tx) => {
      const { rows } = await tx.query<ResultRow>(plan.sql, plan.params);
      return rows[0]!;
    });
    return sendRows(c, row, rep, page.offset);
  };

  /** Runs the statements of a write and merges their results (an insert may need several). */
  const runWrite = async (
    c: RestContext,
    table: string,
    prefs: Preferences,
    rep: Representation,
    statements: Statement[],
  ): Promise<{ rows: number; body: string }> =>
    transaction(c, `/${table}`, prefs.rollback, async (tx) => {
      let rows = 0;
      const bodies: string[] = [];
      for (const statement of statements) {
        const result = await tx.query<ResultRow>(statement.sql, statement.params);
        if (statement.returnsResult) {
          const row = result.rows[0]!;
          rows += Number(row.page);
          const inner = row.body.trim().slice(1, -1).trim();
          if (inner) bodies.push(inner);
        } else {
          rows += result.rowCount;
        }
      }
      if (prefs.maxAffected !== undefined && rows > prefs.maxAffected)
        throw maxAffectedExceeded(rows);
      const body = `[${bodies.join(',')}]`;
      const representing = prefs.return === 'representation';
      return { rows, body: representing && rep.single ? singleObject(body, rows) : body };
    });

  const writeOptions = (prefs: Preferences, rep: Representation) => ({
    representation: prefs.return === 'representation',
    stripNulls: rep.stripNulls,
    missingDefault: prefs.missingDefault,
    ...(prefs.resolution ? { resolution: prefs.resolution } : {}),
  });

  const write = async (c: RestContext, kind: 'insert' | 'update' | 'delete') => {
    const table = c.req.param('table') ?? '';
    const prefs = preferences(c.req.header('prefer'));
    const rep = representation(c.req.header('accept'));
    const ast: QueryAst = parseQuery(queryEntries(c));
    const body = kind === 'delete' ? undefined : await jsonBody(c);
    const options = writeOptions(prefs, rep);
    const statements = await catalog.use((schema) => {
      if (kind === 'insert') return planInsert(schema, table, ast, body, options);
      if (kind === 'update') return [planUpdate(schema, table, ast, body, options)];
      return [planDelete(schema, table, ast, options)];
    });
    const result = await runWrite(c, table, prefs, rep, statements);
    const total = prefs.count ? result.rows : undefined;
    const representing = prefs.return === 'representation';
    if (kind === 'insert') {
      const range = `*/${total ?? '*'}`;
      return send(c, 201, representing ? result.body : null, { 'Content-Range': range });
    }
    const range = contentRange(0, result.rows, total);
    return representing
      ? send(c, 200, result.body, { 'Content-Range': range })
      : send(c, 204, null, { 'Content-Range': range });
  };

  const rpc = async (c: RestContext) => {
    const name = c.req.param('fn') ?? '';
    const prefs = preferences(c.req.header('prefer'));
    const rep = representation(c.req.header('accept'));
    const isPost = c.req.method === 'POST';
    const entries = queryEntries(c);
    const body = isPost ? await jsonBody(c, {}) : undefined;
    const bodyKeys = isRecord(body) ? Object.keys(body) : [];
    const plan = await catalog.use((schema) => {
      const keys = isPost ? bodyKeys : entries.map(([key]) => key);
      const fn = chooseFunction(schema, name, keys, isPost);
      const argNames = new Set(fn.args.map((a) => a.name));
      const args: RpcArgs = isPost
        ? { kind: 'json', body }
        : { kind: 'query', values: new Map(entries.filter(([key]) => argNames.has(key))) };
      const rest = isPost ? entries : entries.filter(([key]) => !argNames.has(key));
      const ast = parseQuery(rest);
      const scope = ast.scopes.get('');
      const page = paging(isPost ? undefined : c.req.header('range'), scope?.offset, scope?.limit);
      return {
        page,
        ...planRpc(schema, fn, ast, args, {
          count: prefs.count,
          stripNulls: rep.stripNulls,
          ...page,
        }),
      };
    });
    const result = await transaction(c, `/rpc/${name}`, prefs.rollback, async (tx) => {
      const { rows } = await tx.query<ResultRow>(plan.sql, plan.params);
      const row = rows[0];
      if (rep.single && row && (plan.shape === 'rows' || plan.shape === 'row'))
        singleObject(row.body, Number(row.page));
      return row;
    });
    // `return=minimal` is how postgrest-js asks for a count without rows (head with object args).
    const minimal = prefs.return === 'minimal';
    if (plan.shape === 'void' || (minimal && plan.shape === 'scalar')) return send(c, 204, null);
    if (plan.shape === 'scalar') return send(c, 200, result?.body ?? 'null');
    return sendRows(c, result!, rep, plan.page.offset, {
      object: plan.shape === 'row',
      omitBody: minimal,
    });
  };

  return {
    read,
    insert: (c: RestContext) => write(c, 'insert'),
    update: (c: RestContext) => write(c, 'update'),
    remove: (c: RestContext) => write(c, 'delete'),
    rpc,
  };
};
