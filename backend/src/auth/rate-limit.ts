/**
 * GoTrue's abuse limits for the endpoints that check a password or mint tokens: a token bucket
 * per key (an IP address, an e-mail address), as Supabase Auth limits its endpoints. A bucket
 * holds `limit` requests and refills at `limit` per window, so a burst of `limit` passes and a
 * steady client gets `limit` per window; one more is 429 `over_request_rate_limit`.
 *
 * A small in-process bucket rather than a library: hono-rate-limiter (fixed windows, one key
 * per middleware) cannot key on the e-mail address in the body before the route reads it, and
 * one process is the whole deployment here, so no shared store is needed. rate-limiter-flexible's
 * brute-force recipe was weighed for sign-ins: it is the same counters plus a block time the
 * caller computes, so the back-off below is the only part that is new.
 */
import { AuthError } from './errors.ts';

/** Supabase's rate-limit settings count requests per 5 minutes. */
export const RATE_LIMIT_WINDOW_SECONDS = 300;

/** Buckets kept before full ones (clients that went quiet) are forgotten. */
const SWEEP_ABOVE = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/** GoTrue's answer when a limit is reached, with the seconds until the next try may pass. */
const rateLimited = (retryAfterSeconds: number) =>
  new AuthError(
    429,
    'over_request_rate_limit',
    'Request rate limit reached',
    {},
    { 'Retry-After': String(Math.max(1, retryAfterSeconds)) },
  );

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
      if (tokens < 1) throw rateLimited(Math.ceil((1 - tokens) / perMs / 1000));
      buckets.set(key, { tokens: tokens - 1, at });
    },
  };
};

/** Wrong passwords a key may send before each further try must wait. */
export const FREE_FAILURES = 5;
/** The longest wait between two tries, however many failed. */
export const MAX_BACKOFF_SECONDS = 15 * 60;
/** A key's failures are forgotten a day after its last one. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface FailureBackoff {
  /** Throws 429 with Retry-After while `key` must still wait after its failures. */
  check(key: string): void;
  failed(key: string): void;
  /** A correct password clears the key's failures. */
  succeeded(key: string): void;
}

/**
 * Back-off after consecutive wrong passwords, per key (an e-mail address with the IP address it
 * is tried from): after FREE_FAILURES, each further try waits twice as long as the one before
 * (1 s, 2 s, 4 s … at most MAX_BACKOFF_SECONDS). A bucket alone lets a guesser spend its whole
 * budget at once; the back-off makes a guesser slow while a person who mistyped a few times
 * never notices it. Keyed with the IP address, a stranger's failures delay only the stranger:
 * the owner, from another address, signs in as usual.
 */
export const createFailureBackoff = (now: () => number = Date.now): FailureBackoff => {
  const failures = new Map<string, { count: number; at: number }>();
  const waitMs = (count: number) =>
    count < FREE_FAILURES ? 0 : Math.min(MAX_BACKOFF_SECONDS, 2 ** (count - FREE_FAILURES)) * 1000;
  const current = (key: string, at: number) => {
    const entry = failures.get(key);
    if (entry && at - entry.at > FORGET_AFTER_MS) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = (at: number) => {
    for (const [key, entry] of failures) if (at - entry.at > FORGET_AFTER_MS) failures.delete(key);
  };
  return {
    check(key) {
      const at = now();
      const entry = current(key, at);
      if (!entry) return;
      const remaining = entry.at + waitMs(entry.count) - at;
      if (remaining > 0) throw rateLimited(Math.ceil(remaining / 1000));
    },
    failed(key) {
      const at = now();
      if (failures.size > SWEEP_ABOVE) sweep(at);
      failures.set(key, { count: (current(key, at)?.count ?? 0) + 1, at });
    },
    succeeded(key) {
      failures.delete(key);
    },
  };
};
