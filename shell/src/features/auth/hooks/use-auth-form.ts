import { signIn, signUp, t } from '@taskflow/shared';
import { useState, type FormEvent } from 'react';

export type AuthMode = 'signIn' | 'signUp';

export interface AuthFields {
  fullName: string;
  email: string;
  password: string;
}

/** The rules of the auth screen (docs/product-spec.md §4, §5): validation, busy state, messages, mode switch. */
export const useAuthForm = () => {
  const [mode, setMode] = useState<AuthMode>('signIn');
  const [fields, setFields] = useState<AuthFields>({ fullName: '', email: '', password: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const setField = (name: keyof AuthFields, value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const switchMode = () => {
    setMode((current) => (current === 'signIn' ? 'signUp' : 'signIn'));
    setError(null);
    setNotice(null);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setError(null);
    setNotice(null);
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
      } else {
        const result = await signUp(email, fields.password, fields.fullName.trim());
        if (result.error) {
          setError(result.error);
        } else {
          setMode('signIn');
          setFields((current) => ({ ...current, password: '' }));
          setNotice(t('auth.signUpSuccess'));
        }
      }
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : t('auth.unknownError'));
    } finally {
      setBusy(false);
    }
  };

  return { mode, fields, busy, error, notice, setField, switchMode, submit };
};
