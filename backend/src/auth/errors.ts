import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * GoTrue answers errors as `{code, message}` when the client sends
 * `X-Supabase-Api-Version: 2024-01-01` (supabase-js always does) and echoes that header; auth-js
 * reads `code` only when the header is echoed (docs/notes/supabase-wire-protocol.md §2.4).
 */
export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export const authErrorResponse = (c: Context, error: AuthError) => {
  c.header('X-Supabase-Api-Version', API_VERSION);
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json({ code: error.code, message: error.message, ...error.extra }, error.status);
};

export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const badJwt = (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: ${detail}`);
