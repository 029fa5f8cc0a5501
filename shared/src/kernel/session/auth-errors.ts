import type { TextKey } from '../i18n/t';
import { t } from '../i18n/t';

/** What auth-js puts on every AuthError (and what a thrown fetch failure carries). */
export interface AuthErrorLike {
  message: string;
  code?: string | undefined;
  status?: number | undefined;
  name?: string | undefined;
}

// GoTrue's error codes (auth-js ErrorCode) mapped to the catalogue. Codes, not messages: the
// English messages differ between GoTrue versions, the codes are its API.
const byCode: Partial<Record<string, TextKey>> = {
  invalid_credentials: 'auth.errors.invalidCredentials',
  weak_password: 'auth.errors.weakPassword',
  user_already_exists: 'auth.errors.alreadyRegistered',
  email_exists: 'auth.errors.alreadyRegistered',
  email_address_invalid: 'auth.errors.invalidEmail',
  over_request_rate_limit: 'auth.errors.rateLimited',
  current_password_mismatch: 'auth.errors.wrongCurrentPassword',
  email_not_confirmed: 'auth.errors.emailNotConfirmed',
  over_email_send_rate_limit: 'auth.errors.emailRateLimited',
  otp_expired: 'auth.errors.linkExpired',
};

// GoTrue's generic `validation_failed`, told apart by what its message is about: a badly formed
// address, a password over bcrypt's 72 bytes, user metadata (the full name) over the limit.
const validationTexts: { about: RegExp; key: TextKey }[] = [
  { about: /e-?mail/i, key: 'auth.errors.invalidEmail' },
  { about: /password.*longer than/i, key: 'auth.errors.passwordTooLong' },
  { about: /metadata.*too large/i, key: 'auth.errors.metadataTooLarge' },
];

/**
 * The German text for a failed auth call. GoTrue answers several bad inputs with the generic
 * `validation_failed`; validationTexts tells them apart.
 * supabase-js reports a request that never reached the server as AuthRetryableFetchError with
 * status 0. Anything unknown keeps the server's own message (docs/product-spec.md §8).
 */
export const authErrorText = (error: AuthErrorLike): string => {
  const key = error.code ? byCode[error.code] : undefined;
  if (key) return t(key);
  if (error.code === 'validation_failed') {
    const validation = validationTexts.find(({ about }) => about.test(error.message));
    if (validation) return t(validation.key);
  }
  if (error.status === 429) return t('auth.errors.rateLimited');
  if (error.name === 'AuthRetryableFetchError' || error.status === 0) {
    return t('auth.errors.network');
  }
  return error.message || t('auth.unknownError');
};
