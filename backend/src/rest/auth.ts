/**
 * Who is asking, as PostgREST decides it (docs/notes/supabase-wire-protocol.md §4): the bearer token, else
 * the `apikey` header, verified as a JWT; no token at all is the anonymous role. The claims only
 * choose the database role and `request.jwt.claims`: what that role may do is decided by grants
 * and row-level security in Postgres, not here.
 */
import type { MiddlewareHandler } from 'hono';
import { TokenError, type JwtService } from '../auth/jwt.ts';
import type { RequestClaims } from '../db/types.ts';
import { badToken } from './errors.ts';

export interface RestEnv {
  Variables: { claims: RequestClaims };
}

const bearerToken = (header: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];

export const authenticate =
  (jwt: JwtService): MiddlewareHandler<RestEnv> =>
  async (c, next) => {
    const token = bearerToken(c.req.header('authorization')) ?? c.req.header('apikey')?.trim();
    if (!token) {
      c.set('claims', { role: 'anon' });
      return next();
    }
    try {
      c.set('claims', await jwt.verify(token));
    } catch (error) {
      if (error instanceof TokenError) throw badToken(error.problem === 'expired', error.message);
      throw error;
    }
    return next();
  };
