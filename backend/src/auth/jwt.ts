/**
 * HS256 JSON Web Tokens with `jose`: access tokens for users, and the anon and service-role API
 * keys derived from the same secret (as a hosted Supabase project derives them).
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { RequestClaims } from '../db/types.ts';

/** Ten years: API keys are long-lived, like Supabase's legacy anon and service-role keys. */
const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;
/** Fixed issue time so the derived keys are the same at every start for the same secret. */
const API_KEY_ISSUED_AT = 1_700_000_000;

export type TokenProblem = 'expired' | 'invalid';

export class TokenError extends Error {
  constructor(
    readonly problem: TokenProblem,
    message: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

export interface VerifiedClaims extends RequestClaims {
  exp?: number;
  iat?: number;
  session_id?: string;
}

export interface JwtService {
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  sign(claims: Record<string, unknown>, expiresInSeconds: number): Promise<string>;
  /** Verifies signature, expiry and role; throws `TokenError` otherwise. */
  verify(token: string): Promise<VerifiedClaims>;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export const createJwtService = async (secret: string): Promise<JwtService> => {
  const key = new TextEncoder().encode(secret);
  const signWith = (claims: Record<string, unknown>, issuedAt: number, expiresAt: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(key);

  const apiKey = (role: string) =>
    signWith(
      { iss: 'supabase-demo', role },
      API_KEY_ISSUED_AT,
      API_KEY_ISSUED_AT + API_KEY_LIFETIME_SECONDS,
    );

  const [anonKey, serviceRoleKey] = await Promise.all([apiKey('anon'), apiKey('service_role')]);

  return {
    anonKey,
    serviceRoleKey,
    sign(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return signWith(claims, now, now + expiresInSeconds);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.role !== 'string' || !ROLES.has(payload.role)) {
          throw new TokenError('invalid', 'invalid JWT: unknown role claim');
        }
        return payload as VerifiedClaims;
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new TokenError('expired', 'JWT expired');
        throw new TokenError(
          'invalid',
          `invalid JWT: ${error instanceof Error ? error.message : 'unreadable token'}`,
        );
      }
    },
  };
};
