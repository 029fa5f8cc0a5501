/**
 * GoTrue's mailed links: a one-time token per purpose, stored as the SHA-224 hash of address and
 * six-digit code (as GoTrue's `GenerateTokenHash`) on auth.users, valid `emailOtpExpirySeconds`
 * and used at most once (consuming clears it in the same statement that checks it, so two clicks
 * at once cannot both win). The link is GoTrue's `/auth/v1/verify?token=<hash>&type=…&redirect_to=…`.
 */
import { createHash, randomInt } from 'node:crypto';
import type { BackendConfig } from '../config.ts';
import type { Queryable } from '../db/types.ts';
import { USER_ROW_COLUMNS, type UserRow } from './users.ts';

/** The `type` of a verify link or `verifyOtp` call, as supabase-js sends it. */
export type VerifyType = 'signup' | 'email' | 'recovery' | 'magiclink' | 'invite' | 'email_change';

export const VERIFY_TYPES: readonly VerifyType[] = [
  'signup',
  'email',
  'recovery',
  'magiclink',
  'invite',
  'email_change',
];

export const tokenHash = (email: string, otp: string): string =>
  createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');

/** A fresh six-digit code and its hash for `email`. */
export const newToken = (email: string) => {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { otp, hash: tokenHash(email, otp) };
};

export const verifyUrl = (
  config: Pick<BackendConfig, 'publicUrl'>,
  hash: string,
  type: VerifyType,
  redirectTo: string,
) =>
  `${config.publicUrl}/auth/v1/verify?${new URLSearchParams({ token: hash, type, redirect_to: redirectTo })}`;

const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .split(/(\*\*|\*)/)
      .map((part) =>
        part === '**'
          ? '.*'
          : part === '*'
            ? '[^/.]*'
            : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('')}$`,
  );

/**
 * Where a link may send the browser: `redirect_to` when it is on the site's own origin or
 * matches an allowed URL (GoTrue's allow list, with `*` and `**`), else the site URL itself, so
 * a mailed link can never carry a session to someone else's page.
 */
export const allowedRedirect = (
  config: Pick<BackendConfig, 'siteUrl' | 'additionalRedirectUrls'>,
  redirectTo: string | undefined,
): string => {
  if (!redirectTo) return config.siteUrl;
  let target: URL;
  try {
    target = new URL(redirectTo);
  } catch {
    return config.siteUrl;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return config.siteUrl;
  if (target.origin === new URL(config.siteUrl).origin) return target.href;
  const allowed = config.additionalRedirectUrls.some(
    (glob) =>
      globToRegExp(glob).test(target.href.replace(/\/$/, '')) ||
      globToRegExp(glob).test(target.href),
  );
  return allowed ? target.href : config.siteUrl;
};

/** Which token column a purpose uses, and its sent-at column. */
const TOKEN_COLUMNS = {
  confirmation: ['confirmation_token', 'confirmation_sent_at'],
  recovery: ['recovery_token', 'recovery_sent_at'],
} as const;

export type LinkPurpose = keyof typeof TOKEN_COLUMNS;

/**
 * Stores a new token of `purpose` for the user, unless one was sent less than
 * `maxFrequencySeconds` ago (GoTrue's `max_frequency`): then null, and nothing is sent.
 */
export const storeToken = async (
  db: Queryable,
  userId: string,
  purpose: LinkPurpose,
  hash: string,
  maxFrequencySeconds: number,
): Promise<boolean> => {
  const [token, sentAt] = TOKEN_COLUMNS[purpose];
  const { rows } = await db.query(
    `update auth.users set ${token} = $2, ${sentAt} = now()
     where id = $1 and (${sentAt} is null or ${sentAt} <= now() - make_interval(secs => $3))
     returning id`,
    [userId, hash, maxFrequencySeconds],
  );
  return rows.length > 0;
};

/** Stores a pending change to `newEmail` with the tokens of both addresses (or the new one only). */
export const storeEmailChange = async (
  db: Queryable,
  userId: string,
  change: { newEmail: string; newHash: string; currentHash: string },
  maxFrequencySeconds: number,
): Promise<boolean> => {
  const { rows } = await db.query(
    `update auth.users set email_change = $2, email_change_token_new = $3,
       email_change_token_current = $4, email_change_confirm_status = 0, email_change_sent_at = now()
     where id = $1 and (email_change_sent_at is null or email_change <> $2
       or email_change_sent_at <= now() - make_interval(secs => $5))
     returning id`,
    [userId, change.newEmail, change.newHash, change.currentHash, maxFrequencySeconds],
  );
  return rows.length > 0;
};

export type Consumed =
  | { outcome: 'verified'; user: UserRow }
  /** One of the two links of a secure e-mail change: the other one is still to be clicked. */
  | { outcome: 'email_change_pending'; user: UserRow }
  | { outcome: 'invalid' };

/**
 * Uses the token `hash` of `type` once. A signup link confirms the address; a recovery or magic
 * link signs in (and confirms an unconfirmed address, as GoTrue does: the mail reached it);
 * an e-mail change applies once every link it sent was used. Run inside a transaction.
 */
export const consumeToken = async (
  db: Queryable,
  type: VerifyType,
  hash: string,
  expirySeconds: number,
): Promise<Consumed> => {
  if (!/^[0-9a-f]{56}$/.test(hash)) return { outcome: 'invalid' };
  if (type === 'email_change') {
    const { rows } = await db.query<{ id: string; done: boolean }>(
      `update auth.users set
         email_change_token_current = case when email_change_token_current = $1 then '' else email_change_token_current end,
         email_change_token_new = case when email_change_token_new = $1 then '' else email_change_token_new end,
         email_change_confirm_status = email_change_confirm_status + 1
       where $1 in (email_change_token_current, email_change_token_new) and email_change <> ''
         and email_change_sent_at > now() - make_interval(secs => $2)
       returning id, (email_change_token_current = '' and email_change_token_new = '') as done`,
      [hash, expirySeconds],
    );
    const row = rows[0];
    if (!row) return { outcome: 'invalid' };
    if (!row.done) {
      const pending = await db.query<UserRow>(
        `select ${USER_ROW_COLUMNS} from auth.users where id = $1`,
        [row.id],
      );
      return { outcome: 'email_change_pending', user: pending.rows[0]! };
    }
    const applied = await db.query<UserRow>(
      `update auth.users set email = email_change, email_change = '', email_change_sent_at = null,
         email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()),
         updated_at = now()
       where id = $1 returning ${USER_ROW_COLUMNS}`,
      [row.id],
    );
    return { outcome: 'verified', user: applied.rows[0]! };
  }
  const [token, sentAt] =
    type === 'recovery' || type === 'magiclink'
      ? TOKEN_COLUMNS.recovery
      : TOKEN_COLUMNS.confirmation;
  const { rows } = await db.query<UserRow>(
    `update auth.users set ${token} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
       updated_at = now()
     where ${token} = $1 and ${sentAt} > now() - make_interval(secs => $2)
     returning ${USER_ROW_COLUMNS}`,
    [hash, expirySeconds],
  );
  return rows[0] ? { outcome: 'verified', user: rows[0] } : { outcome: 'invalid' };
};
