/**
 * Sign-in, sign-up and token refresh are rate-limited per IP address and per e-mail address,
 * answered as GoTrue does: 429 `over_request_rate_limit`, which supabase-js hands the app as an
 * AuthApiError. This file's backend runs with low limits; every other test file's backend
 * turns them off (support/backend.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createRateLimiter } from '../src/auth/rate-limit.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({
    rateLimitSignInSignUps: 5,
    rateLimitPerEmail: 2,
    rateLimitTokenRefresh: 2,
  });
});

afterAll(async () => {
  await backend?.close();
});

const RATE_LIMITED = {
  name: 'AuthApiError',
  status: 429,
  code: 'over_request_rate_limit',
  message: 'Request rate limit reached',
};

describe('auth rate limits', () => {
  it('limit sign-ups and sign-ins per e-mail address, then per IP address, and refreshes per IP', async () => {
    const supabase = backend.client();
    const email = uniqueEmail('limited');
    const password = 'geheim123';
    // Per e-mail address: a sign-up and a sign-in, then the address is used up.
    expect((await supabase.auth.signUp({ email, password })).error).toBeNull();
    const signIn = await supabase.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const third = await supabase.auth.signInWithPassword({ email, password });
    expect(third.error).toMatchObject(RATE_LIMITED);
    expect(third.data.session).toBeNull();

    // Per IP address: 5 in all; the refused one above counted, so two more pass.
    for (const other of [uniqueEmail(), uniqueEmail()]) {
      const { error } = await supabase.auth.signInWithPassword({ email: other, password });
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    }
    const sixth = await backend
      .client()
      .auth.signUp({ email: uniqueEmail(), password: 'geheim123' });
    expect(sixth.error).toMatchObject(RATE_LIMITED);

    // Token refreshes have their own budget: two pass, the third is refused.
    expect((await supabase.auth.refreshSession()).error).toBeNull();
    expect((await supabase.auth.refreshSession()).error).toBeNull();
    const refused = await fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ refresh_token: 'whatever' }),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    // The session itself is untouched: REST still works with the last token.
    expect((await supabase.from('boards').select('id')).error).toBeNull();
  });

  it('refill at the configured rate: a full bucket per 5 minutes', () => {
    let now = 0;
    const limiter = createRateLimiter(2, 300, () => now);
    limiter.take('a');
    limiter.take('a');
    expect(() => limiter.take('a')).toThrow('Request rate limit reached');
    limiter.take('b');
    now += 150_000; // half a window: one request back
    limiter.take('a');
    expect(() => limiter.take('a')).toThrow('Request rate limit reached');
  });

  it("default to a hosted project's limits", () => {
    const config = loadConfig({});
    expect(config.rateLimitSignInSignUps).toBe(30);
    expect(config.rateLimitTokenRefresh).toBe(150);
    expect(config.rateLimitPerEmail).toBe(30);
  });
});
