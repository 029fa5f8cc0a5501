/**
 * Signed URL tokens, as hosted Storage makes them (supabase/storage src/storage/object.ts): an
 * HS256 JWT with the project's JWT secret, `url` = `<bucket>/<key>` and a `scope` of `download`
 * or `upload` (an upload token also carries `owner` and `upsert`). A token opens exactly the
 * object and the action it was made for, until `exp`.
 */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { errors } from './errors.ts';

export type Scope = 'download' | 'upload';

export interface SignedToken {
  url: string;
  scope: Scope;
  exp: number;
  owner?: string;
  upsert?: boolean;
  /** A signed rendition's options (image-transform.ts), as hosted signs them. */
  transformations?: string;
  format?: string;
}

export interface UrlSigner {
  sign(
    claims: {
      url: string;
      scope: Scope;
      owner?: string;
      upsert?: boolean;
      transformations?: string;
      format?: string;
    },
    expiresIn: number,
  ): Promise<string>;
  verify(token: string, url: string, scope: Scope): Promise<SignedToken>;
}

export const createUrlSigner = (secret: string): UrlSigner => {
  const key = new TextEncoder().encode(secret);
  return {
    sign(claims, expiresIn) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresIn)
        .sign(key);
    },
    async verify(token, url, scope) {
      let payload: Partial<SignedToken>;
      try {
        ({ payload } = await jwtVerify<Partial<SignedToken>>(token, key, {
          algorithms: ['HS256'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw errors.expiredSignature();
        throw errors.invalidJwt(error instanceof Error ? error.message : undefined);
      }
      if (payload.scope !== scope)
        throw errors.invalidSignature(`Token is not scoped for ${scope}`);
      if (payload.url !== url) throw errors.invalidSignature();
      return payload as SignedToken;
    },
  };
};

/** Hosted refuses an expiry that is not a positive whole number of seconds. */
export const mustBeExpiry = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw errors.invalidParameter('expiresIn', 'expiresIn must be a positive integer');
  }
  return value;
};
