/**
 * The GoTrue subset supabase-js uses (docs/notes/supabase-wire-protocol.md §2): sign-up, password and
 * refresh grants, the current user, sign-out, and the mailed links (recovery, confirmation,
 * e-mail change: /recover, /resend, /verify). Sign-up answers like GoTrue: the user and no
 * session. With AUTH_CONFIRM_EMAIL off (the Supabase CLI's local default, `mailer_autoconfirm`)
 * the address counts as confirmed at once; with it on, a confirmation mail goes out first and a
 * registered address gets GoTrue's obfuscated user, so sign-up does not tell who is registered.
 */
import { Hono, type Context } from 'hono';
import type { BackendContext } from '../context.ts';
import { JsonBodyError, decodeUtf8, hasUnstorableText, parseJsonText } from '../http/json-body.ts';
import { AuthError, authErrorResponse, badJwt, invalidCredentials } from './errors.ts';
import { hashPassword, passwordMatches } from './password-hash.ts';
import { TokenError, type VerifiedClaims } from './jwt.ts';
import { clientAddress, proxyTrust } from '../http/client-address.ts';
import { createFailureBackoff, createRateLimiter } from './rate-limit.ts';
import {
  closeSessions,
  openSession,
  refreshSession,
  refreshTokenOwner,
  sessionExists,
  type SessionSettings,
} from './sessions.ts';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  obfuscatedUserJson,
  toUserJson,
  updateUser,
  type UserRow,
} from './users.ts';
import {
  VERIFY_TYPES,
  allowedRedirect,
  consumeToken,
  newToken,
  storeEmailChange,
  storeToken,
  tokenHash,
  verifyUrl,
  type Consumed,
  type LinkPurpose,
  type VerifyType,
} from './email-links.ts';
import { loadMailTemplates, type AuthMailKind } from '../mail/templates.ts';

const MIN_PASSWORD_LENGTH = 6;
// Deliberately loose, like GoTrue: one @, something on both sides, a dot in the domain.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const weakPassword = () =>
  new AuthError(
    422,
    'weak_password',
    `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
    {
      weak_password: { reasons: ['length'] },
    },
  );

const badJson = (detail?: string) =>
  new AuthError(
    400,
    'bad_json',
    `Could not parse request body as JSON${detail ? `: ${detail}` : ''}`,
  );

/**
 * The JSON object of the body: UTF-8, at most MAX_JSON_DEPTH deep, and with no text Postgres
 * cannot store (NUL, lone surrogates) anywhere, so nothing a client sends can end in a 500.
 */
const readBody = async (c: Context): Promise<Record<string, unknown>> => {
  let body: unknown;
  try {
    const text = decodeUtf8(await c.req.arrayBuffer());
    if (text.trim() === '') return {};
    body = parseJsonText(text);
  } catch (error) {
    if (error instanceof JsonBodyError) throw badJson(error.message);
    throw error;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badJson();
  if (hasUnstorableText(body)) {
    throw new AuthError(
      400,
      'validation_failed',
      'Text in the request must not contain NUL characters or unpaired surrogates',
    );
  }
  return body as Record<string, unknown>;
};

/** A string field; absent or null reads as ''. Another type is a 400, as GoTrue's decoder says. */
const stringField = (body: Record<string, unknown>, key: string): string => {
  const value = body[key];
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  throw new AuthError(
    400,
    'bad_json',
    `Could not parse request body as JSON: ${key} must be a string`,
  );
};

/** `data` (user metadata): an object; absent or null reads as none. */
const metadataField = (body: Record<string, unknown>): Record<string, unknown> | undefined => {
  const value = body.data;
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new AuthError(
    400,
    'bad_json',
    'Could not parse request body as JSON: data must be an object',
  );
};

const normaliseEmail = (value: string) => {
  const email = value.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email) || email.length > 255) {
    throw new AuthError(
      400,
      'validation_failed',
      'Unable to validate email address: invalid format',
    );
  }
  return email;
};

const checkPassword = (password: string) => {
  if (password.length < MIN_PASSWORD_LENGTH) throw weakPassword();
  // bcrypt reads only the first 72 bytes; refuse rather than silently ignore the rest.
  if (Buffer.byteLength(password) > 72) {
    throw new AuthError(422, 'validation_failed', 'Password cannot be longer than 72 characters');
  }
};

/**
 * User metadata travels in every access token, and tokens travel in a header: unbounded metadata
 * would make the user's every later request too large to read (431), locking them out.
 */
const checkMetadataSize = (metadata: Record<string, unknown>, maxBytes: number) => {
  const bytes = Buffer.byteLength(JSON.stringify(metadata));
  if (bytes > maxBytes) {
    throw new AuthError(
      400,
      'validation_failed',
      `User metadata is too large: ${bytes} bytes, at most ${maxBytes} are allowed`,
    );
  }
};

export const authRoutes = (ctx: BackendContext): Hono => {
  const dummyHash = hashPassword('no-such-user');
  const { db, jwt } = ctx;
  const settings: SessionSettings = {
    jwt,
    issuer: `${ctx.config.publicUrl}/auth/v1`,
    expiresIn: ctx.config.jwtExpiry,
    maxMetadataBytes: ctx.config.maxMetadataBytes,
  };
  const trust = proxyTrust(ctx.config.trustProxy);
  const limits = {
    signInSignUpPerIp: createRateLimiter(ctx.config.rateLimitSignInSignUps),
    refreshPerIp: createRateLimiter(ctx.config.rateLimitTokenRefresh),
    refreshPerEmail: createRateLimiter(ctx.config.rateLimitTokenRefresh),
    /** Sign-ups and e-mail changes, per address asked for (what reveals who is registered). */
    perEmail: createRateLimiter(ctx.config.rateLimitPerEmail),
    /** Password checks per account and IP address: never per account alone (see below). */
    perEmailAndIp: createRateLimiter(ctx.config.rateLimitPerEmail),
    failures: createFailureBackoff(),
    /** Auth mails of the whole backend per hour, as `[auth.rate_limit] email_sent`. */
    emailSent: createRateLimiter(ctx.config.rateLimitEmailSent, 3600),
    /** Link checks per IP address: a six-digit code must not be guessable by trying. */
    verifyPerIp: createRateLimiter(ctx.config.rateLimitSignInSignUps),
  };
  const templates = loadMailTemplates();
  const confirmEmail = ctx.config.authConfirmEmail;

  /** One more auth mail within `email_sent`; GoTrue's answer once the hour's mails are used up. */
  const takeEmailBudget = () => {
    try {
      limits.emailSent.take('all');
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      throw new AuthError(
        429,
        'over_email_send_rate_limit',
        'Email rate limit exceeded',
        {},
        error.headers,
      );
    }
  };

  /**
   * Sends an auth mail after the answer: how long SMTP takes must not tell whether the address
   * is registered (recovery and sign-up answer alike either way). A failure is logged; the user
   * can ask again (resend, or 'Passwort vergessen?').
   */
  const mailLink = (
    kind: AuthMailKind,
    to: string,
    link: { hash: string; otp: string; type: VerifyType; redirectTo: string },
    extra: { email?: string; newEmail?: string } = {},
  ) => {
    const rendered = templates.render(kind, {
      ConfirmationURL: verifyUrl(ctx.config, link.hash, link.type, link.redirectTo),
      Email: extra.email ?? to,
      NewEmail: extra.newEmail ?? '',
      SiteURL: ctx.config.siteUrl,
      Token: link.otp,
      TokenHash: link.hash,
      RedirectTo: link.redirectTo,
    });
    ctx.mail
      .send({ to, subject: rendered.subject, html: rendered.html, text: rendered.text })
      .catch((error: unknown) => ctx.logger.error({ err: error, kind }, 'auth mail not sent'));
  };

  /** A new link of `purpose` to the user's address, unless one went out within max_frequency. */
  const sendLink = async (
    user: UserRow,
    purpose: LinkPurpose,
    kind: AuthMailKind,
    type: VerifyType,
    redirectTo: string,
  ) => {
    const token = newToken(user.email);
    if (!(await storeToken(db, user.id, purpose, token.hash, ctx.config.emailMaxFrequencySeconds)))
      return;
    mailLink(kind, user.email, { ...token, type, redirectTo });
  };

  /** `redirect_to` of the query (supabase-js sends `redirectTo`/`emailRedirectTo` there). */
  const redirectOf = (c: Context) => allowedRedirect(ctx.config, c.req.query('redirect_to'));
  /** A sign-up, or an e-mail change: per IP address and per address asked for. */
  const limitSignUp = (c: Context, email: string) => {
    limits.signInSignUpPerIp.take(clientAddress(c, trust));
    limits.perEmail.take(email);
  };
  /**
   * Checks `password` against `hash` for the account `email`, within the limits on guessing:
   * per IP address, per account and IP address, and the back-off after wrong ones. None of them
   * counts per account alone, so a stranger's wrong guesses cannot lock the owner out: from
   * another address the owner's correct password works. An empty e-mail counts per IP only.
   */
  const passwordCheck = async (
    c: Context,
    email: string,
    password: string,
    hash: string | null,
  ) => {
    const ip = clientAddress(c, trust);
    limits.signInSignUpPerIp.take(ip);
    const key = JSON.stringify([email, ip]);
    if (email) {
      limits.failures.check(key);
      limits.perEmailAndIp.take(key);
    }
    const matches = password !== '' && (await passwordMatches(password, hash));
    if (email) {
      if (matches) limits.failures.succeeded(key);
      else limits.failures.failed(key);
    }
    return matches;
  };
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error);
    ctx.logger.error({ err: error }, 'auth request failed');
    return authErrorResponse(
      c,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please try again.'),
    );
  });

  /** The signed-in user behind the request's bearer token; a revoked session counts as none. */
  const requireUser = async (c: Context) => {
    const token = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    if (!token)
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    let claims: VerifiedClaims;
    try {
      claims = await jwt.verify(token);
    } catch (error) {
      throw badJwt(error instanceof TokenError ? error.message : 'unreadable token');
    }
    if (claims.role !== 'authenticated' || typeof claims.sub !== 'string')
      throw badJwt('not a user token');
    if (typeof claims.session_id === 'string' && !(await sessionExists(db, claims.session_id))) {
      throw new AuthError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      );
    }
    const user = await findUserById(db, claims.sub);
    if (!user)
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { user, claims };
  };

  app.get('/health', (c) =>
    c.json({ version: 'taskflow-local', name: 'GoTrue', description: 'TaskFlow local auth' }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: !confirmEmail,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.post('/signup', async (c) => {
    const body = await readBody(c);
    if (!('email' in body) && !('phone' in body)) {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
    }
    const email = normaliseEmail(stringField(body, 'email'));
    limitSignUp(c, email);
    const password = stringField(body, 'password');
    checkPassword(password);
    const metadata = metadataField(body) ?? {};
    checkMetadataSize(metadata, ctx.config.maxMetadataBytes);
    const existing = await findUserByEmail(db, email);
    if (existing) {
      if (!confirmEmail) throw new AuthError(422, 'user_already_exists', 'User already registered');
      // GoTrue: an unconfirmed account gets its confirmation mail again; either way the answer
      // looks like a new account's, so it does not reveal that the address is registered.
      takeEmailBudget();
      if (!existing.email_confirmed_at)
        await sendLink(existing, 'confirmation', 'confirmation', 'signup', redirectOf(c));
      return c.json(obfuscatedUserJson(email, metadata));
    }
    if (confirmEmail) takeEmailBudget();
    const passwordHash = await hashPassword(password);
    try {
      const user = await db.transaction((tx) =>
        insertUser(tx, { email, passwordHash, metadata, confirmed: !confirmEmail }),
      );
      if (!confirmEmail) return c.json(toUserJson(user));
      await sendLink(user, 'confirmation', 'confirmation', 'signup', redirectOf(c));
      return c.json(toUserJson((await findUserById(db, user.id)) ?? user));
    } catch (error) {
      // Two sign-ups with one address at once: the unique index decides.
      if ((error as { code?: string }).code === '23505') {
        if (confirmEmail) return c.json(obfuscatedUserJson(email, metadata));
        throw new AuthError(422, 'user_already_exists', 'User already registered');
      }
      throw error;
    }
  });

  /**
   * 'Passwort vergessen?': mails a recovery link. The answer is the same whether or not the
   * address is registered, and whether or not a link went out a moment ago (max_frequency).
   */
  app.post('/recover', async (c) => {
    const body = await readBody(c);
    const email = normaliseEmail(stringField(body, 'email'));
    limits.signInSignUpPerIp.take(clientAddress(c, trust));
    limits.perEmail.take(email);
    // Counted for every request, so running out does not tell registered addresses either.
    takeEmailBudget();
    const user = await findUserByEmail(db, email);
    if (user) await sendLink(user, 'recovery', 'recovery', 'recovery', redirectOf(c));
    return c.json({});
  });

  /** supabase-js `resend`: the confirmation mail of a sign-up or an e-mail change, again. */
  app.post('/resend', async (c) => {
    const body = await readBody(c);
    const type = stringField(body, 'type');
    if (type !== 'signup' && type !== 'email_change') {
      throw new AuthError(
        400,
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      );
    }
    const email = normaliseEmail(stringField(body, 'email'));
    limits.signInSignUpPerIp.take(clientAddress(c, trust));
    limits.perEmail.take(email);
    takeEmailBudget();
    const redirectTo = redirectOf(c);
    if (type === 'signup') {
      const user = await findUserByEmail(db, email);
      if (user && !user.email_confirmed_at)
        await sendLink(user, 'confirmation', 'confirmation', 'signup', redirectTo);
    } else {
      const user = await findUserByEmail(db, email);
      if (user?.email_change) await sendEmailChange(user, user.email_change, redirectTo);
    }
    return c.json({});
  });

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    const body = await readBody(c);
    if (grantType === 'password') {
      const email = stringField(body, 'email').trim().toLowerCase();
      const password = stringField(body, 'password');
      const user = email ? await findUserByEmail(db, email) : null;
      // Compare even for an unknown address, so timing does not tell which addresses exist.
      const matches = await passwordCheck(
        c,
        email,
        password,
        user?.encrypted_password ?? (await dummyHash),
      );
      if (!user || !matches) throw invalidCredentials();
      if (!user.email_confirmed_at)
        throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      return c.json(await db.transaction((tx) => openSession(tx, settings, user)));
    }
    if (grantType === 'refresh_token') {
      limits.refreshPerIp.take(clientAddress(c, trust));
      const token = stringField(body, 'refresh_token');
      if (!token)
        throw new AuthError(
          400,
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        );
      // Per e-mail address too: the refresh-token budget of the account the token belongs to.
      const owner = await refreshTokenOwner(db, token);
      if (owner) limits.refreshPerEmail.take(owner);
      const refreshed = await db.transaction((tx) => refreshSession(tx, settings, token));
      if (refreshed instanceof AuthError) throw refreshed;
      return c.json(refreshed);
    }
    throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  });

  app.get('/user', async (c) => c.json(toUserJson((await requireUser(c)).user)));

  app.put('/user', async (c) => {
    const { user, claims } = await requireUser(c);
    const body = await readBody(c);
    const password = body.password == null ? undefined : stringField(body, 'password');
    if (password !== undefined) checkPassword(password);
    const email = body.email == null ? undefined : normaliseEmail(stringField(body, 'email'));
    const changesEmail = email !== undefined && email !== user.email;
    // A session opened by a recovery link within the last link lifetime has just proven the
    // mailbox: it sets a new password without the one that was forgotten.
    const recovering =
      password !== undefined &&
      !changesEmail &&
      typeof claims.session_id === 'string' &&
      (
        await db.query(
          `select 1 from auth.mfa_amr_claims where session_id = $1
             and authentication_method = 'recovery' and created_at > now() - make_interval(secs => $2)`,
          [claims.session_id, ctx.config.emailOtpExpirySeconds],
        )
      ).rows.length > 0;
    if ((password !== undefined || changesEmail) && !recovering) {
      // As on a hosted project with update_password_require_current_password (supabase/auth
      // #2364), and for the address too: a stolen access token alone cannot take the account
      // over. supabase-js sends it as `updateUser({ email, current_password })`. Guesses count
      // like sign-in attempts.
      const current = stringField(body, 'current_password');
      if (!(await passwordCheck(c, user.email, current, user.encrypted_password))) {
        throw new AuthError(
          400,
          'current_password_mismatch',
          password !== undefined
            ? 'Current password required when setting new password.'
            : 'Current password required when setting a new email address.',
        );
      }
    }
    const metadata = metadataField(body);
    // The stored metadata is merged with the new keys (jsonb ||), so the merge is what must fit.
    if (metadata)
      checkMetadataSize({ ...user.raw_user_meta_data, ...metadata }, ctx.config.maxMetadataBytes);
    const emailTaken = () =>
      new AuthError(
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    if (changesEmail) {
      // "Is this address registered?" is what sign-up answers too: the same limits apply.
      limitSignUp(c, email);
      if (await findUserByEmail(db, email)) throw emailTaken();
    }
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    // With confirmations on, a new address waits for the links mailed to both addresses
    // (GoTrue's secure e-mail change); off, it takes effect at once, as GoTrue's autoconfirm.
    const confirmsEmail = changesEmail && confirmEmail;
    if (confirmsEmail) takeEmailBudget();
    try {
      // The profile follows a new address through the migrations' trigger. A new password ends
      // every other session, as GoTrue does: whoever signed in with the old one is signed out;
      // this session stays.
      const updated = await db.transaction(async (tx) => {
        const row = await updateUser(tx, user.id, {
          passwordHash,
          metadata,
          email: changesEmail && !confirmsEmail ? email : undefined,
        });
        if (passwordHash !== undefined) {
          await closeSessions(tx, user.id, claims.session_id, 'others');
          // The recovery link's grace is spent once the new password is set.
          await tx.query(
            `delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`,
            [claims.session_id],
          );
        }
        return row;
      });
      if (confirmsEmail) await sendEmailChange(updated ?? user, email, redirectOf(c));
      const current = confirmsEmail ? await findUserById(db, user.id) : updated;
      return c.json(toUserJson(current ?? user));
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw emailTaken();
      throw error;
    }
  });

  /** Stores a pending address change and mails its links to the current and the new address. */
  const sendEmailChange = async (user: UserRow, newEmail: string, redirectTo: string) => {
    const toNew = newToken(newEmail);
    const toCurrent = newToken(user.email);
    const stored = await storeEmailChange(
      db,
      user.id,
      { newEmail, newHash: toNew.hash, currentHash: toCurrent.hash },
      ctx.config.emailMaxFrequencySeconds,
    );
    if (!stored) return;
    const names = { email: user.email, newEmail };
    mailLink('email_change', user.email, { ...toCurrent, type: 'email_change', redirectTo }, names);
    mailLink('email_change', newEmail, { ...toNew, type: 'email_change', redirectTo }, names);
  };

  /** Uses a link once, in one transaction; a recovery session is marked as such. */
  const verify = async (type: VerifyType, hash: string) =>
    db.transaction(
      async (
        tx,
      ): Promise<
        | { outcome: 'invalid' }
        | { outcome: 'email_change_pending' }
        | { outcome: 'verified'; session: Awaited<ReturnType<typeof openSession>> }
      > => {
        let consumed: Consumed;
        try {
          consumed = await consumeToken(tx, type, hash, ctx.config.emailOtpExpirySeconds);
        } catch (error) {
          // The new address was registered by someone else meanwhile.
          if ((error as { code?: string }).code === '23505') {
            throw new AuthError(
              422,
              'email_exists',
              'A user with this email address has already been registered',
            );
          }
          throw error;
        }
        if (consumed.outcome !== 'verified') return consumed;
        const session = await openSession(
          tx,
          settings,
          consumed.user,
          type === 'recovery' ? 'recovery' : 'otp',
        );
        return { outcome: 'verified', session };
      },
    );

  const verifyTypeOf = (value: string): VerifyType => {
    if (!(VERIFY_TYPES as readonly string[]).includes(value)) {
      throw new AuthError(
        400,
        'validation_failed',
        `Verify requires a verification type: ${VERIFY_TYPES.join(', ')}`,
      );
    }
    return value as VerifyType;
  };

  const EXPIRED_MESSAGE = 'Email link is invalid or has expired';
  const PENDING_MESSAGE =
    'Confirmation link accepted. Please proceed to confirm link sent to the other email';

  /**
   * The link in the mail: checks the token, then sends the browser to `redirect_to` with the
   * session in the fragment (GoTrue's implicit flow, which the app's client uses) and `type`,
   * so supabase-js signs in and raises PASSWORD_RECOVERY for a recovery link. A used or expired
   * link comes back as GoTrue's `#error=access_denied&error_code=otp_expired`.
   */
  app.get('/verify', async (c) => {
    const redirectTo = redirectOf(c);
    const back = (params: Record<string, string>) =>
      c.redirect(`${redirectTo.replace(/#.*$/, '')}#${new URLSearchParams(params)}`, 303);
    limits.verifyPerIp.take(clientAddress(c, trust));
    const type = verifyTypeOf(c.req.query('type') ?? '');
    const result = await verify(type, c.req.query('token') ?? '');
    if (result.outcome === 'invalid') {
      return back({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: EXPIRED_MESSAGE,
      });
    }
    if (result.outcome === 'email_change_pending') return back({ message: PENDING_MESSAGE });
    const { session } = result;
    return back({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type: type === 'email' ? 'signup' : type,
    });
  });

  /** supabase-js `verifyOtp`: `{ token_hash, type }` from a link, or `{ email, token, type }` typed in. */
  app.post('/verify', async (c) => {
    const body = await readBody(c);
    limits.verifyPerIp.take(clientAddress(c, trust));
    const type = verifyTypeOf(stringField(body, 'type'));
    const typed = stringField(body, 'token');
    const hash =
      stringField(body, 'token_hash') ||
      (typed ? tokenHash(normaliseEmail(stringField(body, 'email')), typed.trim()) : '');
    const result = await verify(type, hash);
    if (result.outcome === 'invalid')
      throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    if (result.outcome === 'email_change_pending')
      return c.json({ msg: PENDING_MESSAGE, code: 200 });
    return c.json(result.session);
  });

  app.post('/logout', async (c) => {
    const { user, claims } = await requireUser(c);
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw new AuthError(400, 'validation_failed', 'Unsupported logout scope');
    }
    await closeSessions(db, user.id, claims.session_id, scope);
    return c.body(null, 204);
  });

  app.notFound((c) => authErrorResponse(c, new AuthError(404, 'not_found', 'Not found')));

  return app;
};
