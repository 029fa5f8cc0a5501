/**
 * Which rights a channel runs with. The socket's `apikey` sets the floor (anon, or
 * service_role); a join's `access_token`, and each later `access_token` push, replaces it
 * with the signed-in user's claims. A join without a token (supabase-js omits it when it has
 * no session yet, wire doc §5.5) runs as the apikey's role. Reasons follow hosted Realtime's
 * `Code: message` shape, which the client shows as the error message.
 */
import { TokenError } from '../auth/jwt.ts';
import type { JwtService, VerifiedClaims } from '../auth/jwt.ts';

export type TokenResult = { ok: true; claims: VerifiedClaims } | { ok: false; reason: string };

export const verifyToken = async (jwt: JwtService, token: string): Promise<TokenResult> => {
  try {
    return { ok: true, claims: await jwt.verify(token) };
  } catch (error) {
    if (error instanceof TokenError && error.problem === 'expired') {
      return { ok: false, reason: 'InvalidJWTToken: Token has expired' };
    }
    const detail = error instanceof Error ? error.message : 'unreadable token';
    return { ok: false, reason: `InvalidJWTToken: ${detail}` };
  }
};

/** New-style `sb_…` keys are not JWTs; hosted Realtime ignores them as access tokens. */
export const isApiKeyLike = (token: string): boolean => token.startsWith('sb_');

/** Milliseconds until the claims expire, or null when there is no (reachable) expiry. */
export const msUntilExpiry = (claims: VerifiedClaims): number | null => {
  if (typeof claims.exp !== 'number') return null;
  const ms = claims.exp * 1000 - Date.now();
  // setTimeout cannot wait longer than this; API keys live for years and never need it.
  return ms > 2 ** 31 - 1 ? null : Math.max(ms, 0);
};
