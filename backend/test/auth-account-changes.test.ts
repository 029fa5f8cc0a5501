/**
 * Account changes as GoTrue makes them, through the real supabase-js: a new e-mail address or
 * password needs the current password (`updateUser({ …, current_password })`), asking for an
 * address is limited like sign-up, and a new password ends every other session while the one
 * that changed it stays signed in.
 */
import { describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type SignedInUser } from './support/backend.ts';
import { useTestBackend } from './support/use-backend.ts';

const backend = useTestBackend();

const currentPasswordMismatch = { status: 400, code: 'current_password_mismatch' };

describe('changing the e-mail address', () => {
  it('needs the current password; a stolen access token alone moves nothing', async () => {
    const alice = await backend.signUpAndSignIn();
    const wanted = uniqueEmail('neu');
    const without = await alice.client.auth.updateUser({ email: wanted });
    expect(without.error).toMatchObject(currentPasswordMismatch);
    const wrong = await alice.client.auth.updateUser({
      email: wanted,
      current_password: 'falsch123',
    });
    expect(wrong.error).toMatchObject(currentPasswordMismatch);
    expect((await alice.client.auth.getUser()).data.user?.email).toBe(alice.email);

    const moved = await alice.client.auth.updateUser({
      email: wanted,
      current_password: alice.password,
    });
    expect(moved.error).toBeNull();
    expect(moved.data.user?.email).toBe(wanted);
    const again = await backend
      .client()
      .auth.signInWithPassword({ email: wanted, password: alice.password });
    expect(again.error).toBeNull();
    // Metadata alone still needs no password (the profile's name).
    const renamed = await alice.client.auth.updateUser({ data: { full_name: 'Alice Neu' } });
    expect(renamed.error).toBeNull();
  });

  it('is limited like sign-up, so it answers "registered?" no more often than sign-up does', async () => {
    // 10 password checks and sign-ups per IP address; an address change costs two (the
    // password check, then the question about the new address), as a sign-in plus a sign-up.
    const limited = await startTestBackend({ rateLimitSignInSignUps: 10 });
    try {
      const alice: SignedInUser = await limited.signUpAndSignIn();
      const bob = await limited.signUpAndSignIn();
      const statuses: unknown[] = [];
      for (let i = 0; i < 4; i += 1) {
        const { error } = await alice.client.auth.updateUser({
          email: bob.email,
          current_password: alice.password,
        });
        statuses.push(error?.code);
      }
      expect(statuses).toEqual([
        'email_exists',
        'email_exists',
        'email_exists',
        'over_request_rate_limit',
      ]);
      // The budget is the one sign-up spends, too.
      const signUp = await limited
        .client()
        .auth.signUp({ email: uniqueEmail(), password: 'geheim123' });
      expect(signUp.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    } finally {
      await limited.close();
    }
  });
});

describe('changing the password', () => {
  it('ends every other session; the one that changed it stays signed in', async () => {
    const alice = await backend.signUpAndSignIn();
    const laptop = backend.client();
    const phone = backend.client();
    for (const client of [laptop, phone]) {
      const { error } = await client.auth.signInWithPassword({
        email: alice.email,
        password: alice.password,
      });
      expect(error).toBeNull();
    }
    const { data: before } = await phone.auth.getSession();
    const phoneRefreshToken = before.session!.refresh_token;

    const changed = await alice.client.auth.updateUser({
      password: 'ganzneu456',
      current_password: alice.password,
    });
    expect(changed.error).toBeNull();

    // The other sessions are gone: their refresh tokens and their sessions.
    for (const client of [laptop, phone]) {
      const refreshed = await client.auth.refreshSession();
      expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    }
    const raw = await backend.request('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: phoneRefreshToken }),
    });
    expect(raw.status).toBe(400);
    const stale = await backend.request('/auth/v1/user', {
      headers: { Authorization: `Bearer ${before.session!.access_token}` },
    });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ code: 'session_not_found' });

    // This one goes on: its user, a refresh, and REST.
    expect((await alice.client.auth.getUser()).error).toBeNull();
    expect((await alice.client.auth.refreshSession()).error).toBeNull();
    expect((await alice.client.from('boards').select('id')).error).toBeNull();

    const oldPassword = await backend
      .client()
      .auth.signInWithPassword({ email: alice.email, password: alice.password });
    expect(oldPassword.error).toMatchObject({ code: 'invalid_credentials' });
    const newPassword = await backend
      .client()
      .auth.signInWithPassword({ email: alice.email, password: 'ganzneu456' });
    expect(newPassword.error).toBeNull();
  });

  it('keeps the other sessions when only the metadata changes', async () => {
    const alice = await backend.signUpAndSignIn();
    const other = backend.client();
    await other.auth.signInWithPassword({ email: alice.email, password: alice.password });
    expect((await alice.client.auth.updateUser({ data: { full_name: 'Alice' } })).error).toBeNull();
    expect((await other.auth.refreshSession()).error).toBeNull();
  });
});
