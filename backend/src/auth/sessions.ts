/**
 * Sessions and their rotating refresh tokens. Each sign-in opens a session; each refresh revokes
 * the token it used and issues a child, so a token works exactly once (a replayed one is
 * refused). The revoke is a single conditional UPDATE, so two concurrent refreshes with the same
 * token cannot both win, on PGlite or on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import type { JwtService } from './jwt.ts';
import { AuthError } from './errors.ts';
import { EMAIL_PROVIDER_META, findUserById, toUserJson, type UserRow } from './users.ts';

const newRefreshToken = () => randomBytes(24).toString('base64url');

export interface SessionSettings {
  jwt: JwtService;
  issuer: string;
  expiresIn: number;
  /** Metadata larger than this stays out of the token (it is still in the user object). */
  maxMetadataBytes: number;
}

/**
 * The token's copy of the user metadata: left out when it is larger than the limit, as for an
 * account created before the limit existed, so that its tokens still fit in a request header.
 */
const tokenMetadata = (metadata: Record<string, unknown>, maxBytes: number) =>
  Buffer.byteLength(JSON.stringify(metadata)) > maxBytes ? {} : metadata;

const sessionResponse = async (
  settings: SessionSettings,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
) => {
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await settings.jwt.sign(
    {
      iss: settings.issuer,
      sub: user.id,
      aud: 'authenticated',
      email: user.email,
      phone: '',
      app_metadata: { ...EMAIL_PROVIDER_META, ...user.raw_app_meta_data },
      user_metadata: tokenMetadata(user.raw_user_meta_data, settings.maxMetadataBytes),
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    },
    settings.expiresIn,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: settings.expiresIn,
    expires_at: now + settings.expiresIn,
    refresh_token: refreshToken,
    user: toUserJson(user),
  };
};

/**
 * Opens a session for `user`. `method` other than a password (a recovery link) is recorded in
 * auth.mfa_amr_claims, as GoTrue records how a session was opened.
 */
export const openSession = async (
  db: Queryable,
  settings: SessionSettings,
  user: UserRow,
  method: 'password' | 'recovery' | 'otp' = 'password',
) => {
  const signedIn = await db.query<{ last_sign_in_at: string; session_id: string }>(
    `with touched as (update auth.users set last_sign_in_at = now() where id = $1 returning last_sign_in_at),
          session as (insert into auth.sessions (user_id) values ($1) returning id)
     select to_json(touched.last_sign_in_at) #>> '{}' as last_sign_in_at, session.id as session_id
     from touched, session`,
    [user.id],
  );
  const { last_sign_in_at, session_id } = signedIn.rows[0]!;
  if (method !== 'password') {
    await db.query(
      'insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)',
      [session_id, method],
    );
  }
  const token = newRefreshToken();
  await db.query(
    'insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)',
    [token, user.id, session_id],
  );
  return sessionResponse(settings, { ...user, last_sign_in_at }, session_id, token);
};

/**
 * How long a used refresh token may come back without ending its session (GoTrue's
 * `REFRESH_TOKEN_REUSE_INTERVAL`): two tabs refreshing at once get one success and one
 * refusal, and the session lives on.
 */
export const REUSE_INTERVAL_SECONDS = 10;

/**
 * Exchanges a refresh token for a new session response. A refusal is returned rather than
 * thrown, so that the caller's transaction commits what the refusal did: a token reused after
 * the reuse interval means it was copied, so the whole session ends (GoTrue's reuse detection),
 * and neither the thief nor the owner can go on refreshing it.
 */
export const refreshSession = async (
  db: Queryable,
  settings: SessionSettings,
  token: string,
): Promise<Awaited<ReturnType<typeof sessionResponse>> | AuthError> => {
  const used = await db.query<{ user_id: string; session_id: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = now()
     where token = $1 and not revoked
     returning user_id, session_id`,
    [token],
  );
  const row = used.rows[0];
  if (!row) {
    const known = await db.query<{ session_id: string; stale: boolean }>(
      `select session_id, updated_at < now() - make_interval(secs => $2) as stale
       from auth.refresh_tokens where token = $1`,
      [token, REUSE_INTERVAL_SECONDS],
    );
    const reused = known.rows[0];
    if (!reused) {
      return new AuthError(
        400,
        'refresh_token_not_found',
        'Invalid Refresh Token: Refresh Token Not Found',
      );
    }
    if (reused.stale) {
      await db.query('delete from auth.sessions where id = $1', [reused.session_id]);
    }
    return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }
  const user = await findUserById(db, row.user_id);
  if (!user)
    return new AuthError(
      400,
      'refresh_token_not_found',
      'Invalid Refresh Token: Refresh Token Not Found',
    );
  const child = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4);`,
    [child, row.user_id, row.session_id, token],
  );
  await db.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
  return sessionResponse(settings, user, row.session_id, child);
};

/** The e-mail address of the account a refresh token (used or not) belongs to, if any. */
export const refreshTokenOwner = async (db: Queryable, token: string): Promise<string | null> =>
  (
    await db.query<{ email: string }>(
      `select u.email from auth.refresh_tokens t join auth.users u on u.id = t.user_id
       where t.token = $1`,
      [token],
    )
  ).rows[0]?.email ?? null;

export const sessionExists = async (db: Queryable, sessionId: string) =>
  (await db.query('select 1 from auth.sessions where id = $1', [sessionId])).rowCount > 0;

/** Ends sessions: `local` the current one, `others` all but it, `global` all of the user's. */
export const closeSessions = async (
  db: Queryable,
  userId: string,
  sessionId: string | undefined,
  scope: 'global' | 'local' | 'others',
) => {
  if (scope === 'global') await db.query('delete from auth.sessions where user_id = $1', [userId]);
  else if (scope === 'local')
    await db.query('delete from auth.sessions where id = $1', [sessionId ?? null]);
  else
    await db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [
      userId,
      sessionId ?? null,
    ]);
};
