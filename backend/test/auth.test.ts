import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { uniqueEmail } from './support/backend.ts';
import { useTestBackend } from './support/use-backend.ts';

const backend = useTestBackend();

describe('sign-up', () => {
  it('returns the user without a session and stores the full name as metadata', async () => {
    const supabase = backend.client();
    const email = uniqueEmail('Anna');
    const { data, error } = await supabase.auth.signUp({
      email: `  ${email.toUpperCase()} `,
      password: 'geheim123',
      options: { data: { full_name: 'Anna Schmidt' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email.toLowerCase());
    expect(data.user?.user_metadata).toEqual({ full_name: 'Anna Schmidt' });
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it('refuses an address that is taken, in any letter case', async () => {
    const email = uniqueEmail();
    await backend.client().auth.signUp({ email, password: 'geheim123' });
    const { data, error } = await backend
      .client()
      .auth.signUp({ email: email.toUpperCase(), password: 'anders123' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });

  it('refuses a password shorter than six characters', async () => {
    const { error } = await backend
      .client()
      .auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      name: 'AuthWeakPasswordError',
    });
    expect(error?.message).toBe('Password should be at least 6 characters.');
  });

  it('refuses an address that is not one', async () => {
    const { error } = await backend
      .client()
      .auth.signUp({ email: 'not-an-address', password: 'geheim123' });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});

describe('sign-in', () => {
  it('signs in with the password and announces SIGNED_IN', async () => {
    const email = uniqueEmail();
    const supabase = backend.client();
    await supabase.auth.signUp({
      email,
      password: 'geheim123',
      options: { data: { full_name: 'Ben' } },
    });
    const events: string[] = [];
    supabase.auth.onAuthStateChange((event) => events.push(event));
    const { data, error } = await supabase.auth.signInWithPassword({
      email,
      password: 'geheim123',
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.user?.email).toBe(email);
    expect(events).toContain('SIGNED_IN');
    const user = await supabase.auth.getUser();
    expect(user.data.user?.id).toBe(data.user?.id);
    expect(user.data.user?.user_metadata.full_name).toBe('Ben');
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const { email } = await backend.signUpAndSignIn();
    for (const attempt of [
      { email, password: 'falsch123' },
      { email: uniqueEmail('nobody'), password: 'geheim123' },
    ]) {
      const { data, error } = await backend.client().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });
});

describe('sessions', () => {
  it('rotates refresh tokens and refuses a used one', async () => {
    const { client, session } = await backend.signUpAndSignIn();
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(refreshed.data.session?.user.id).toBe(session.user.id);

    const replay = await backend
      .client()
      .auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });

    const unknown = await backend.client().auth.refreshSession({ refresh_token: 'no-such-token' });
    expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('lets exactly one of several concurrent refreshes with one token win', async () => {
    const { session } = await backend.signUpAndSignIn();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        backend.client().auth.refreshSession({ refresh_token: session.refresh_token }),
      ),
    );
    const winners = results.filter((r) => r.error === null);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => r.error !== null)) {
      expect(loser.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    }
    // The losers came within the reuse interval: the winner's session goes on.
    const next = await backend
      .client()
      .auth.refreshSession({ refresh_token: winners[0]!.data.session!.refresh_token });
    expect(next.error).toBeNull();
  });

  it('ends the whole session when a used refresh token comes back after the reuse interval', async () => {
    const { client, session } = await backend.signUpAndSignIn();
    const refreshed = await client.auth.refreshSession();
    const current = refreshed.data.session!;

    // At once (two tabs racing): refused, and the session lives on.
    const racing = await backend
      .client()
      .auth.refreshSession({ refresh_token: session.refresh_token });
    expect(racing.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    expect((await backend.client().auth.getUser(current.access_token)).error).toBeNull();

    // Later: the token was copied. Whoever holds the session's newest token loses it too.
    await backend.db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
      [session.refresh_token],
    );
    const replay = await backend
      .client()
      .auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const owner = await backend
      .client()
      .auth.refreshSession({ refresh_token: current.refresh_token });
    expect(owner.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    expect((await backend.client().auth.getUser(current.access_token)).data.user).toBeNull();
  });

  it('signs out: the session and its refresh token stop working', async () => {
    const { client, session } = await backend.signUpAndSignIn();
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    const stale = await backend.client().auth.getUser(session.access_token);
    // auth-js turns GoTrue's session_not_found into its AuthSessionMissingError.
    expect(stale.data.user).toBeNull();
    expect(stale.error?.name).toBe('AuthSessionMissingError');
    const refresh = await backend
      .client()
      .auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.status).toBe(400);
  });

  it('refuses forged and expired tokens', async () => {
    const { session } = await backend.signUpAndSignIn();
    const [header, payload] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());

    const forgedKey = new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(forgedKey);
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url')}.${session.access_token.split('.')[2]}`;
    const secret = new TextEncoder().encode(backend.backend.ctx.config.jwtSecret);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret);

    for (const token of [forged, tampered, expired]) {
      const { data, error } = await backend.client().auth.getUser(token);
      expect(data.user).toBeNull();
      expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
    }
  });

  it('updates the user metadata', async () => {
    const { client } = await backend.signUpAndSignIn();
    const { data, error } = await client.auth.updateUser({ data: { full_name: 'Neuer Name' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.full_name).toBe('Neuer Name');
  });

  it('changes the e-mail address: sign-in and profile follow, a taken one is refused', async () => {
    const { client, user, password } = await backend.signUpAndSignIn();
    const other = await backend.signUpAndSignIn();
    // The current password is required (auth-account-changes.test.ts).
    const taken = await client.auth.updateUser({
      email: other.email.toUpperCase(),
      current_password: password,
    });
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' });

    const newEmail = uniqueEmail('moved');
    const { data, error } = await client.auth.updateUser({
      email: ` ${newEmail.toUpperCase()} `,
      current_password: password,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(newEmail);
    const profile = await client.from('profiles').select('email').eq('id', user.id).single();
    expect(profile.data?.email).toBe(newEmail);
    const signIn = await backend.client().auth.signInWithPassword({ email: newEmail, password });
    expect(signIn.error).toBeNull();
  });
});

describe('bad input', () => {
  it('answers an unparsable body with a 400 in GoTrue shape', async () => {
    const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: backend.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    // GoTrue appends its decoder's complaint, as here.
    expect(await response.json()).toEqual({
      code: 'bad_json',
      message: expect.stringMatching(/^Could not parse request body as JSON: .*JSON input/),
    });
  });

  it('answers fields of the wrong JSON type with 400 bad_json, creating nobody', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${backend.url}/auth/v1/${path}`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify(body),
      });
    const email = uniqueEmail();
    for (const [path, body] of [
      ['signup', { email, password: 12345678 }],
      ['signup', { email: [email], password: 'geheim123' }],
      ['signup', { email, password: 'geheim123', data: ['full_name'] }],
      ['token?grant_type=password', { email, password: { $ne: '' } }],
      ['token?grant_type=refresh_token', { refresh_token: 42 }],
    ] as const) {
      const response = await post(path, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'bad_json' });
    }
    const signIn = await backend.client().auth.signInWithPassword({ email, password: 'geheim123' });
    expect(signIn.error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('answers an oversized body with a 413', async () => {
    const response = await fetch(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: uniqueEmail(),
        password: 'geheim123',
        data: { blob: 'x'.repeat(2 * 1024 * 1024) },
      }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'request_too_large' });
  });

  it('answers an unknown grant type with a 400', async () => {
    const response = await fetch(`${backend.url}/auth/v1/token?grant_type=magic`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'unsupported_grant_type' });
  });
});
