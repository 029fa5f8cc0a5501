/**
 * The one narrow port between the protocol modules (auth, rest, realtime) and the database.
 * Two adapters implement it: PGlite in process (the default) and a `pg` pool for a PostgreSQL
 * server. Keep business logic in SQL so that the adapters only move strings and rows
 * (see docs/notes/pglite.md §5 and "Recommendation").
 */

export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  /** Rows affected by INSERT/UPDATE/DELETE, or returned by SELECT. */
  rowCount: number;
}

/** Something that runs one statement with bind parameters. Values are never spliced into SQL. */
export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** A script of several statements without parameters (bootstrap and migrations only). */
  exec(sql: string): Promise<void>;
}

/** The JWT claims a request runs with; `role` is one of anon, authenticated, service_role. */
export interface RequestClaims {
  role: 'anon' | 'authenticated' | 'service_role';
  sub?: string;
  email?: string;
  [claim: string]: unknown;
}

export interface AsRoleOptions {
  /** GET/HEAD requests run READ ONLY, as PostgREST does. */
  readOnly?: boolean;
  /** Extra `request.*` settings (method, path, headers) made visible to SQL. */
  settings?: Record<string, string>;
}

/** `query` and `exec` run as the connecting superuser (the backend's own bookkeeping). */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * A transaction as the connecting superuser. Use only the handle inside `fn`: calling
   * `db.query` from inside deadlocks on PGlite (its single connection is held by `fn`).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * A transaction as `claims.role` with `request.jwt.claims` set (SET LOCAL semantics), so that
   * row-level security decides what `fn` may see and change. Any error rolls back.
   */
  asRole<T>(
    claims: RequestClaims,
    fn: (tx: Queryable) => Promise<T>,
    options?: AsRoleOptions,
  ): Promise<T>;
  /** Subscribes to NOTIFY on a lower-case channel; resolves to the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A database error with its SQLSTATE, as both adapters raise it. */
export interface DbError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export const isDbError = (error: unknown): error is DbError =>
  error instanceof Error && typeof (error as DbError).code === 'string';
