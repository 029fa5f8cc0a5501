/**
 * The API gateway's key check: a hosted project's gateway answers every `/auth/v1`, `/rest/v1`
 * and `/realtime/v1/api` request that carries no project key (the `apikey` header, or `?apikey=`) with 401
 * before GoTrue or PostgREST see it, even when the request has a valid user token. supabase-js
 * always sends the key. A key that is not one of this project's (a JWT for `anon` or
 * `service_role` signed with its secret) is refused too.
 */
import type { MiddlewareHandler } from 'hono';
import type { JwtService } from '../auth/jwt.ts';

const API_KEY_ROLES = new Set(['anon', 'service_role']);

export const requireApiKey = (jwt: JwtService): MiddlewareHandler => {
  const valid = new Set([jwt.anonKey, jwt.serviceRoleKey]);
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const key = c.req.header('apikey')?.trim() || c.req.query('apikey');
    if (!key) {
      return c.json(
        {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        },
        401,
      );
    }
    if (!valid.has(key)) {
      const role = await jwt.verify(key).then(
        (claims) => claims.role,
        () => undefined,
      );
      if (!role || !API_KEY_ROLES.has(role)) {
        return c.json(
          {
            message: 'Invalid API key',
            hint: 'Double check your Supabase `anon` or `service_role` API key.',
          },
          401,
        );
      }
    }
    return next();
  };
};
