/**
 * Sign-in, sign-up and token refresh are rate-limited per IP address and per e-mail address,
 * answered as GoTrue does: 429 `over_request_rate_limit`, which supabase-js hands the app as an
 * AuthApiError. This file's backend runs with low limits; every other test file's backend
 * turns them off (support/backend.ts).
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createRateLimiter } from '../src/auth/rate-limit.ts';
import { uniqueEmail } from './support/backend.ts';
import { useTestBackend } from './support/use-backend.ts';

const backend = useTestBackend({
  rateLimitSignInSignUps: 5,
  rateLimitPerEmail: 2,
  rateLimitTokenRefresh: 2,
});

/** A POST to /auth/v1 from a chosen loopback address (fetch cannot choose one). */
const postFrom = (localAddress: string, path: string, body: unknown) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown }>(
    (resolve, reject) => {
      const request = http.request(
        `${backend.url}/auth/v1/${path}`,
        {
          method: 'POST',
          localAddress,
          headers: {
            apikey: backend.anonKey,
            'Content-Type': 'application/json',
            'X-Supabase-Api-Version': '2024-01-01',
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: JSON.parse(text) as unknown,
            }),
          );
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify(body));
    },
  );

const RATE_LIMITED = {
  name: 'AuthApiError',
  status: 429,
  code: 'over_request_rate_limit',
  message: 'Request rate limit reached',
};

describe('auth rate limits', () => {
  it('limit sign-ups and sign-ins per e-mail and IP address, refreshes per IP address and account', async () => {
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

    // Another address has its own budget.
    const elsewhere = await postFrom('127.0.0.2', 'token?grant_type=password', {
      email: uniqueEmail(),
      password,
    });
    expect(elsewhere.status).toBe(400);

    // Token refreshes have their own budget, per IP address and per account: two pass.
    expect((await supabase.auth.refreshSession()).error).toBeNull();
    const { data } = await supabase.auth.refreshSession();
    const refreshToken = data.session!.refresh_token;
    const refused = await postFrom('127.0.0.1', 'token?grant_type=refresh_token', {
      refresh_token: 'whatever',
    });
    expect(refused.status).toBe(429);
    expect(refused.headers['x-supabase-api-version']).toBe('2024-01-01');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    // From another address the account's budget is still spent; another token is not limited.
    const sameAccount = await postFrom('127.0.0.3', 'token?grant_type=refresh_token', {
      refresh_token: refreshToken,
    });
    expect(sameAccount.status).toBe(429);
    const otherToken = await postFrom('127.0.0.3', 'token?grant_type=refresh_token', {
      refresh_token: 'whatever',
    });
    expect(otherToken.body).toMatchObject({ code: 'refresh_token_not_found' });
    // The session itself is untouched: REST still works with the last token.
    expect((await supabase.from('boards').select('id')).error).toBeNull();
  });

  it('count per X-Forwarded-For address only with TRUST_PROXY', async () => {
    const signIn = (app: Hono, forwardedFor: string) =>
      app.request('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          'Content-Type': 'application/json',
          'X-Forwarded-For': forwardedFor,
        },
        body: JSON.stringify({ email: uniqueEmail(), password: 'geheim123' }),
      });
    const { ctx } = backend.backend;
    const limits = { rateLimitSignInSignUps: 1, rateLimitPerEmail: 0 };
    const behindProxy = createApp(
      { ...ctx, config: { ...ctx.config, ...limits, trustProxy: true } },
      () => undefined,
    );
    expect((await signIn(behindProxy, '203.0.113.1')).status).toBe(400);
    expect((await signIn(behindProxy, '203.0.113.2, 10.0.0.1')).status).toBe(400);
    expect((await signIn(behindProxy, '203.0.113.1')).status).toBe(429);

    const direct = createApp({ ...ctx, config: { ...ctx.config, ...limits } }, () => undefined);
    expect((await signIn(direct, '203.0.113.1')).status).toBe(400);
    expect((await signIn(direct, '203.0.113.2')).status).toBe(429);
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
    expect(config.trustProxy).toBe(false);
  });
});
