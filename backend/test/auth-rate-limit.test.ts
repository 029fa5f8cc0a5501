/**
 * Sign-in, sign-up and token refresh are rate-limited per IP address and per e-mail address
 * (sign-ins per e-mail and IP address, with back-off, so that nobody can lock an owner out),
 * answered as GoTrue does: 429 `over_request_rate_limit`, which supabase-js hands the app as an
 * AuthApiError. This file's backend runs with low limits; every other test file's backend
 * turns them off (support/backend.ts).
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import {
  FREE_FAILURES,
  MAX_BACKOFF_SECONDS,
  createFailureBackoff,
  createRateLimiter,
} from '../src/auth/rate-limit.ts';
import { proxyTrust } from '../src/http/client-address.ts';
import { startTestBackend, uniqueEmail, type TestBackend } from './support/backend.ts';
import { useTestBackend } from './support/use-backend.ts';

const backend = useTestBackend({
  rateLimitSignInSignUps: 5,
  rateLimitPerEmail: 2,
  rateLimitTokenRefresh: 2,
});

/** A POST to /auth/v1 from a chosen loopback address (fetch cannot choose one). */
const postFrom = (
  localAddress: string,
  path: string,
  body: unknown,
  target: Pick<TestBackend, 'url' | 'anonKey'> = backend,
) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: unknown }>(
    (resolve, reject) => {
      const request = http.request(
        `${target.url}/auth/v1/${path}`,
        {
          method: 'POST',
          localAddress,
          headers: {
            apikey: target.anonKey,
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
  it('limit sign-ups per e-mail and IP address, sign-ins per IP and per account and IP, refreshes per IP address and account', async () => {
    const supabase = backend.client();
    const email = uniqueEmail('limited');
    const password = 'geheim123';
    // Per account and IP address: two password checks, then this address must wait.
    expect((await supabase.auth.signUp({ email, password })).error).toBeNull();
    expect((await supabase.auth.signInWithPassword({ email, password })).error).toBeNull();
    const signIn = await supabase.auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const fourth = await supabase.auth.signInWithPassword({ email, password });
    expect(fourth.error).toMatchObject(RATE_LIMITED);
    expect(fourth.data.session).toBeNull();

    // No limit counts per account alone: from another address the same account signs in.
    const elsewhere = await postFrom('127.0.0.2', 'token?grant_type=password', { email, password });
    expect(elsewhere.status).toBe(200);

    // Per IP address: 5 in all; the refused one above counted, so one more passes.
    const other = await supabase.auth.signInWithPassword({ email: uniqueEmail(), password });
    expect(other.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const sixth = await backend
      .client()
      .auth.signUp({ email: uniqueEmail(), password: 'geheim123' });
    expect(sixth.error).toMatchObject(RATE_LIMITED);

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

  it('count per X-Forwarded-For address only with TRUST_PROXY, as the trusted proxy saw it', async () => {
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
      { ...ctx, config: { ...ctx.config, ...limits, trustProxy: 'true' } },
      () => undefined,
    );
    expect((await signIn(behindProxy, '203.0.113.1')).status).toBe(400);
    // The proxy appends the address it saw; what the client wrote before it is not believed.
    expect((await signIn(behindProxy, '198.51.100.9, 203.0.113.2')).status).toBe(400);
    expect((await signIn(behindProxy, '203.0.113.9, 203.0.113.1')).status).toBe(429);

    const twoProxies = createApp(
      { ...ctx, config: { ...ctx.config, ...limits, trustProxy: '2' } },
      () => undefined,
    );
    expect((await signIn(twoProxies, '203.0.113.5, 10.0.0.1')).status).toBe(400);
    expect((await signIn(twoProxies, '203.0.113.5, 10.0.0.2')).status).toBe(429);

    const direct = createApp({ ...ctx, config: { ...ctx.config, ...limits } }, () => undefined);
    expect((await signIn(direct, '203.0.113.1')).status).toBe(400);
    expect((await signIn(direct, '203.0.113.2')).status).toBe(429);

    expect(() => proxyTrust('10.0.0.0/8, loopback')).not.toThrow();
    expect(() => proxyTrust('not-an-address')).toThrow(/^TRUST_PROXY must be/);
  });

  it("let the owner sign in from another address after a stranger's 30 wrong passwords", async () => {
    // A hosted project's limits: 30 per IP address, 30 per account and IP address.
    const hosted = await startTestBackend({
      rateLimitSignInSignUps: 30,
      rateLimitPerEmail: 30,
      rateLimitTokenRefresh: 150,
    });
    try {
      const owner = hosted.client();
      const email = uniqueEmail('owner');
      expect((await owner.auth.signUp({ email, password: 'richtig123' })).error).toBeNull();
      const statuses: number[] = [];
      for (let i = 0; i < 30; i += 1) {
        const guess = await postFrom(
          '127.0.0.2',
          'token?grant_type=password',
          { email, password: `falsch${i}` },
          hosted,
        );
        statuses.push(guess.status);
        if (guess.status === 429) expect(Number(guess.headers['retry-after'])).toBeGreaterThan(0);
      }
      // Five wrong ones are answered; then the stranger waits 1 s, 2 s, 4 s… after each, so only
      // a few more get through however slow this machine is (each is 400, never 429 for the owner).
      expect(statuses.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(400));
      expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(9);
      expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([]);
      // Even the right password waits, from the stranger's address.
      const lucky = await postFrom(
        '127.0.0.2',
        'token?grant_type=password',
        { email, password: 'richtig123' },
        hosted,
      );
      expect(lucky.status).toBe(429);

      const signIn = await owner.auth.signInWithPassword({ email, password: 'richtig123' });
      expect(signIn.error).toBeNull();
      expect(signIn.data.session?.user.email).toBe(email);
    } finally {
      await hosted.close();
    }
  });

  it('back off after consecutive wrong passwords, doubling the wait; a right one clears it', () => {
    let now = 0;
    const backoff = createFailureBackoff(() => now);
    for (let i = 0; i < FREE_FAILURES; i += 1) {
      backoff.check('k');
      backoff.failed('k');
    }
    expect(() => backoff.check('k')).toThrow('Request rate limit reached');
    backoff.check('other');
    now += 1000;
    backoff.check('k');
    backoff.failed('k');
    now += 1999;
    expect(() => backoff.check('k')).toThrow('Request rate limit reached');
    now += 1;
    backoff.check('k');
    backoff.succeeded('k');
    backoff.failed('k');
    backoff.check('k');
    // However many failures, the wait stays bounded.
    for (let i = 0; i < 40; i += 1) backoff.failed('k');
    now += MAX_BACKOFF_SECONDS * 1000;
    backoff.check('k');
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
    expect(config.trustProxy).toBe('');
  });
});
