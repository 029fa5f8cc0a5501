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
};

/**
 * The German text for a failed auth call. GoTrue answers a badly formed address with the generic
 * `validation_failed`, so that code counts as "invalid address" only when it is about the e-mail.
 * supabase-js reports a request that never reached the server as AuthRetryableFetchError with
 * status 0. Anything unknown keeps the server's own message (docs/product-spec.md §8).
 */
export const authErrorText = (error: AuthErrorLike): string => {
  const key = error.code ? byCode[error.code] : undefined;
  if (key) return t(key);
  if (error.code === 'validation_failed' && /e-?mail/i.test(error.message)) {
    return t('auth.errors.invalidEmail');
  }
  if (error.status === 429) return t('auth.errors.rateLimited');
  if (error.name === 'AuthRetryableFetchError' || error.status === 0) {
    return t('auth.errors.network');
  }
  return error.message || t('auth.unknownError');
};
