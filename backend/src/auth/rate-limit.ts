/**
 * GoTrue's abuse limits for the endpoints that check a password or mint tokens: a token bucket
 * per key (an IP address, an e-mail address), as Supabase Auth limits its endpoints. A bucket
 * holds `limit` requests and refills at `limit` per window, so a burst of `limit` passes and a
 * steady client gets `limit` per window; one more is 429 `over_request_rate_limit`.
 *
 * A small in-process bucket rather than a library: hono-rate-limiter (fixed windows, one key
 * per middleware) cannot key on the e-mail address in the body before the route reads it, and
 * one process is the whole deployment here, so no shared store is needed.
 */
import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { AuthError } from './errors.ts';

/** Supabase's rate-limit settings count requests per 5 minutes. */
export const RATE_LIMIT_WINDOW_SECONDS = 300;

/** Buckets kept before full ones (clients that went quiet) are forgotten. */
const SWEEP_ABOVE = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export interface RateLimiter {
  /** Takes one request from `key`'s bucket; throws 429 when it is empty. */
  take(key: string): void;
}

export const createRateLimiter = (
  limit: number,
  windowSeconds = RATE_LIMIT_WINDOW_SECONDS,
  now: () => number = Date.now,
): RateLimiter => {
  const buckets = new Map<string, Bucket>();
  const perMs = limit / (windowSeconds * 1000);
  const level = (bucket: Bucket, at: number) =>
    Math.min(limit, bucket.tokens + (at - bucket.at) * perMs);

  const sweep = (at: number) => {
    for (const [key, bucket] of buckets) if (level(bucket, at) >= limit) buckets.delete(key);
  };

  return {
    take(key) {
      if (limit <= 0) return;
      const at = now();
      if (buckets.size > SWEEP_ABOVE) sweep(at);
      const bucket = buckets.get(key) ?? { tokens: limit, at };
      const tokens = level(bucket, at);
      if (tokens < 1) {
        const retryAfter = Math.ceil((1 - tokens) / perMs / 1000);
        throw new AuthError(
          429,
          'over_request_rate_limit',
          'Request rate limit reached',
          {},
          {
            'Retry-After': String(retryAfter),
          },
        );
      }
      buckets.set(key, { tokens: tokens - 1, at });
    },
  };
};

/**
 * The client's address: the connection's peer, or with `trustProxy` the first X-Forwarded-For
 * entry (the proxy's view of the client). Requests made in process (app.request) share one key.
 */
export const clientAddress = (c: Context, trustProxy: boolean): string => {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : '';
  return (
    forwarded ||
    ((c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ??
      'in-process')
  );
};
