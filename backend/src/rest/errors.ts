/**
 * PostgREST's error vocabulary: every refusal leaves as `{code, message, details, hint}` with
 * the status PostgREST would use, so postgrest-js hands the app the same `error` object a hosted
 * project would. Codes and wording follow PostgREST 12 (see docs/notes/supabase-wire-protocol.md §3.6).
 */
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DbError } from '../db/types.ts';

export interface ErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class RestError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(status, { message: body.message });
  }
}

const fail = (
  status: ContentfulStatusCode,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) => new RestError(status, { code, message, details, hint });

/** Long input is shortened in the message: the details say where the problem is. */
export const parseError = (what: string, input: string, details: string) =>
  fail(
    400,
    'PGRST100',
    `failed to parse ${what} (${input.length > 300 ? `${input.slice(0, 300)}…` : input})`,
    details,
  );

export const invalidBody = (details: string | null = null) =>
  fail(400, 'PGRST102', 'Empty or invalid json', details);

/** The rest of the body is never read, so the connection cannot carry another request. */
export const payloadTooLarge = (maxBytes: number) =>
  new RestError(
    413,
    {
      code: 'PGRST413',
      message: 'Payload too large',
      details: `The request body exceeds the limit of ${maxBytes} bytes.`,
      hint: null,
    },
    { Connection: 'close' },
  );

export const tableNotFound = (name: string) =>
  fail(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);

/** A path that names no table or function: `/rest/v1/`, `/rest/v1/cards/`, `/rest/v1/a/b`. */
export const invalidPath = () => fail(404, 'PGRST125', 'Invalid path specified in request URL');

export const columnNotFound = (table: string, column: string) =>
  fail(400, '42703', `column ${table}.${column} does not exist`);

export const bodyColumnNotFound = (table: string, column: string) =>
  fail(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const relationshipNotFound = (from: string, to: string) =>
  fail(
    400,
    'PGRST200',
    `Could not find a relationship between '${from}' and '${to}' in the schema cache`,
    `Searched for a foreign key relationship between '${from}' and '${to}' in the schema 'public', but no matches were found.`,
  );

export const ambiguousRelationship = (from: string, to: string, options: string[]) =>
  fail(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${from}' and '${to}'`,
    null,
    `Try changing '${to}' to one of the following: ${options.map((o) => `'${o}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );

export const notAnEmbed = (path: string) =>
  fail(
    400,
    'PGRST108',
    `'${path}' is not an embedded resource in this request`,
    null,
    `Verify that '${path}' is included in the 'select' query parameter.`,
  );

export const functionNotFound = (name: string, args: string[]) =>
  fail(
    404,
    'PGRST202',
    `Could not find the function public.${name}(${args.join(', ')}) in the schema cache`,
    `Searched for the function public.${name} with ${
      args.length ? `parameters ${args.join(', ')}` : 'no parameters'
    } or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
  );

export const notSingular = (rows: number) =>
  fail(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );

export const rangeNotSatisfiable = (offset: number, total: number) =>
  fail(
    416,
    'PGRST103',
    'Requested range not satisfiable',
    `An offset of ${offset} was requested, but there are only ${total} rows.`,
  );

export const maxAffectedExceeded = (rows: number) =>
  fail(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${rows} rows`,
  );

export const invalidPreferences = (tokens: string[]) =>
  fail(
    400,
    'PGRST122',
    'Invalid preferences given with handling=strict',
    `Invalid preferences: ${tokens.join(', ')}`,
  );

export const schemaNotExposed = () =>
  fail(406, 'PGRST106', 'The schema must be one of the following: public', null);

export const mediaTypeUnavailable = (accept: string) =>
  fail(406, 'PGRST107', `None of these media types are available: ${accept}`);

/** pg-safeupdate's refusal, as a hosted Supabase project sends it. */
export const missingWhere = (verb: 'UPDATE' | 'DELETE') =>
  fail(400, '21000', `${verb} requires a WHERE clause`);

export const notImplemented = (details: string) =>
  fail(400, 'PGRST127', 'Feature not implemented', details);

export const ambiguousFunction = (name: string) =>
  fail(
    300,
    'PGRST203',
    `Could not choose the best candidate function between several overloads of public.${name}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );

export const unsupportedMethod = (method: string) =>
  fail(405, 'PGRST117', `Unsupported HTTP method: ${method}`);

export const badToken = (expired: boolean, message: string) =>
  new RestError(
    401,
    {
      code: expired ? 'PGRST303' : 'PGRST301',
      message: expired ? 'JWT expired' : message,
      details: null,
      hint: null,
    },
    {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${
        expired ? 'JWT expired' : message.replace(/["\\]/g, '')
      }"`,
    },
  );

/** HTTP status for a Postgres SQLSTATE, as PostgREST maps them. */
export const statusForSqlState = (code: string, anonymous: boolean): number => {
  if (code === '42501') return anonymous ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  // RAISE ... USING ERRCODE = 'PT404' chooses the HTTP status itself.
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2));
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[code.slice(0, 2)] ?? 400;
};

export const fromDbError = (
  error: DbError,
  anonymous: boolean,
): { status: number; body: ErrorBody } => ({
  status: statusForSqlState(error.code ?? 'XX000', anonymous),
  body: {
    code: error.code ?? 'XX000',
    message: error.message,
    details: error.detail ?? null,
    hint: error.hint ?? null,
  },
});
