/**
 * Who asks, as hosted Storage decides it (supabase/storage src/http/plugins/jwt.ts): the bearer
 * token of `Authorization`, verified with the project's JWT secret. Most routes need one
 * (supabase-js always sends the anon key when nobody is signed in); an invalid or missing
 * token there is AccessDenied with the verifier's message. Routes that also serve public
 * buckets (info, HEAD) treat a missing or invalid token as the anonymous role.
 */
import type { JwtService } from '../auth/jwt.ts';
import type { RequestClaims } from '../db/types.ts';
import { errors } from './errors.ts';

export interface Requester {
  claims: RequestClaims;
  /** Whether a valid token came with the request. */
  authenticated: boolean;
}

export const SERVICE: RequestClaims = { role: 'service_role' };

const bearer = (header: string | null | undefined) =>
  /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];

export const requesterOf = async (
  jwt: JwtService,
  authorization: string | null | undefined,
  { optional = false } = {},
): Promise<Requester> => {
  const token = bearer(authorization);
  if (!token) {
    if (optional) return { claims: { role: 'anon' }, authenticated: false };
    throw errors.accessDenied('invalid JWT: no bearer token in the Authorization header');
  }
  try {
    return { claims: await jwt.verify(token), authenticated: true };
  } catch (error) {
    if (optional) return { claims: { role: 'anon' }, authenticated: false };
    throw errors.accessDenied(error instanceof Error ? error.message : 'invalid JWT');
  }
};

/** The owner recorded on rows a request writes: the token's user, none for the API keys. */
export const ownerOf = (claims: RequestClaims): string | null =>
  typeof claims.sub === 'string' && /^[0-9a-f-]{36}$/i.test(claims.sub) ? claims.sub : null;
