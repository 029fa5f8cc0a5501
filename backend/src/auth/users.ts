/** auth.users rows and the user object GoTrue returns for them. */
import type { Queryable } from '../db/types.ts';

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  created_at: string;
  updated_at: string;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  /** The address a pending e-mail change moves to; '' when none is pending. */
  email_change: string;
  email_change_sent_at: string | null;
}

// Timestamps as ISO text built in SQL, so both database drivers return the same strings.
const USER_COLUMNS = `id, aud, role, email, encrypted_password,
  to_json(email_confirmed_at) #>> '{}' as email_confirmed_at,
  to_json(last_sign_in_at) #>> '{}' as last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, is_anonymous,
  to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at,
  to_json(confirmation_sent_at) #>> '{}' as confirmation_sent_at,
  to_json(recovery_sent_at) #>> '{}' as recovery_sent_at,
  email_change, to_json(email_change_sent_at) #>> '{}' as email_change_sent_at`;

/** The columns above, for statements in other modules that return a user row. */
export const USER_ROW_COLUMNS = USER_COLUMNS;

export const EMAIL_PROVIDER_META = { provider: 'email', providers: ['email'] };

export const findUserByEmail = async (db: Queryable, email: string) =>
  (
    await db.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1)`,
      [email],
    )
  ).rows[0] ?? null;

export const findUserById = async (db: Queryable, id: string) =>
  (await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id])).rows[0] ??
  null;

/** A new account; `confirmed: false` leaves the address to be confirmed by mail first. */
export const insertUser = async (
  db: Queryable,
  user: {
    email: string;
    passwordHash: string;
    metadata: Record<string, unknown>;
    confirmed?: boolean;
  },
) =>
  (
    await db.query<UserRow>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, $2, case when $5 then now() end, $3::jsonb, $4::jsonb)
       returning ${USER_COLUMNS}`,
      [
        user.email,
        user.passwordHash,
        JSON.stringify(EMAIL_PROVIDER_META),
        JSON.stringify(user.metadata),
        user.confirmed ?? true,
      ],
    )
  ).rows[0]!;

export const updateUser = async (
  db: Queryable,
  id: string,
  changes: { passwordHash?: string; metadata?: Record<string, unknown>; email?: string },
) =>
  (
    await db.query<UserRow>(
      `update auth.users set
         encrypted_password = coalesce($2, encrypted_password),
         raw_user_meta_data = raw_user_meta_data || coalesce($3::jsonb, '{}'::jsonb),
         email = coalesce($4, email),
         updated_at = now()
       where id = $1
       returning ${USER_COLUMNS}`,
      [
        id,
        changes.passwordHash ?? null,
        changes.metadata ? JSON.stringify(changes.metadata) : null,
        changes.email ?? null,
      ],
    )
  ).rows[0] ?? null;

/** The user object of GoTrue's responses (never the password hash). */
export const toUserJson = (user: UserRow) => ({
  id: user.id,
  aud: user.aud,
  role: user.role,
  email: user.email,
  email_confirmed_at: user.email_confirmed_at,
  phone: '',
  confirmed_at: user.email_confirmed_at,
  last_sign_in_at: user.last_sign_in_at,
  app_metadata: user.raw_app_meta_data,
  user_metadata: user.raw_user_meta_data,
  identities: [
    {
      identity_id: user.id,
      id: user.id,
      user_id: user.id,
      identity_data: {
        sub: user.id,
        email: user.email,
        email_verified: true,
        phone_verified: false,
      },
      provider: 'email',
      last_sign_in_at: user.last_sign_in_at,
      created_at: user.created_at,
      updated_at: user.updated_at,
      email: user.email,
    },
  ],
  created_at: user.created_at,
  updated_at: user.updated_at,
  is_anonymous: user.is_anonymous,
  // GoTrue leaves out what is not set (omitempty).
  ...(user.confirmation_sent_at ? { confirmation_sent_at: user.confirmation_sent_at } : {}),
  ...(user.recovery_sent_at ? { recovery_sent_at: user.recovery_sent_at } : {}),
  ...(user.email_change ? { new_email: user.email_change } : {}),
  ...(user.email_change_sent_at ? { email_change_sent_at: user.email_change_sent_at } : {}),
});

/**
 * GoTrue's answer to a sign-up with a registered address while confirmations are on: a user
 * that looks new (random id, no identities, nothing confirmed), so the answer does not tell that
 * the address is taken (supabase/auth `sanitizeUser`).
 */
export const obfuscatedUserJson = (email: string, metadata: Record<string, unknown>) => {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: EMAIL_PROVIDER_META,
    user_metadata: metadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
};
