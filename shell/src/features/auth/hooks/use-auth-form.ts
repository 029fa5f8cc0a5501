import {
  resendConfirmation,
  signIn,
  signUp,
  subscribeLinkFailure,
  t,
  takeLinkFailure,
} from '@taskflow/shared';
import { useEffect, useState, type FormEvent } from 'react';

export type AuthMode = 'signIn' | 'signUp' | 'forgotPassword';

export interface AuthFields {
  fullName: string;
  email: string;
  password: string;
}

/**
 * A mailed link that was used or had expired comes back with GoTrue's error in the address's
 * fragment (`#error_code=otp_expired…`), which supabase-js reports as it starts: said once in
 * German, and taken out of the address.
 */
const linkFailureText = (): string | null => {
  if (!takeLinkFailure()) return null;
  if (/[#&]error/.test(window.location.hash)) {
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    );
  }
  return t('auth.errors.linkExpired');
};

/** The rules of the auth screen (docs/product-spec.md §4, §5): validation, busy state, messages, mode switch. */
export const useAuthForm = () => {
  const [mode, setMode] = useState<AuthMode>('signIn');
  const [fields, setFields] = useState<AuthFields>({ fullName: '', email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(linkFailureText);
  const [notice, setNotice] = useState<string | null>(null);
  /** The address whose sign-in failed as not yet confirmed: offered a new confirmation mail. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  // supabase-js may report a failed link after this screen appeared.
  useEffect(
    () =>
      subscribeLinkFailure(() => {
        const text = linkFailureText();
        if (text) setError(text);
      }),
    [],
  );

  const setField = (name: keyof AuthFields, value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const showMode = (next: AuthMode) => {
    setMode(next);
    setError(null);
    setNotice(null);
    setUnconfirmed(null);
  };
  const switchMode = () => showMode(mode === 'signIn' ? 'signUp' : 'signIn');

  const resend = async () => {
    if (busy || !unconfirmed) return;
    setBusy(true);
    try {
      const result = await resendConfirmation(unconfirmed);
      setError(result.error);
      if (!result.error) {
        setUnconfirmed(null);
        setNotice(t('auth.confirmationResent'));
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setError(null);
    setNotice(null);
    setUnconfirmed(null);
    const email = fields.email.trim();
    if (!email || !fields.password) {
      setError(t('auth.fillAllFields'));
      return;
    }
    if (mode === 'signUp' && !fields.fullName.trim()) {
      setError(t('auth.nameRequired'));
      return;
    }
    setBusy(true);
    try {
      if (mode === 'signIn') {
        const result = await signIn(email, fields.password);
        // On success the session changes and this screen goes away.
        if (result.error) setError(result.error);
        if (result.code === 'email_not_confirmed') setUnconfirmed(email);
      } else {
        const result = await signUp(email, fields.password, fields.fullName.trim());
        if (result.error) {
          setError(result.error);
        } else {
          setMode('signIn');
          setFields((current) => ({ ...current, password: '' }));
          // Also what a registered address gets where addresses are confirmed: no enumeration.
          setNotice(result.needsConfirmation ? t('auth.confirmEmail') : t('auth.signUpSuccess'));
        }
      }
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : t('auth.unknownError'));
    } finally {
      setBusy(false);
    }
  };

  return {
    mode,
    fields,
    busy,
    error,
    notice,
    canResend: unconfirmed !== null,
    setField,
    switchMode,
    showMode,
    submit,
    resend,
  };
};
