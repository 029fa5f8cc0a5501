import {
  Button,
  Message,
  PasswordField,
  setRecoveredPassword,
  showToast,
  signOut,
  t,
} from '@taskflow/shared';
import { useState, type FormEvent } from 'react';

/**
 * 'Neues Passwort festlegen': shown instead of the app while the session comes from a recovery
 * link (PASSWORD_RECOVERY). Saving the password opens the app; signing out leaves it unchanged.
 */
export const NewPasswordScreen = () => {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (!password) {
      setError(t('auth.fillAllFields'));
      return;
    }
    setBusy(true);
    try {
      const result = await setRecoveredPassword(password);
      if (result.error) setError(result.error);
      else showToast(t('passwordReset.saved'), 'success');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-sky-50 px-4 py-12">
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="w-full max-w-sm space-y-4 rounded-2xl bg-white p-6 shadow-xl shadow-slate-200/60 ring-1 ring-slate-100"
      >
        <h1 className="text-lg font-semibold text-slate-900">
          {t('passwordReset.newPasswordTitle')}
        </h1>
        <p className="text-sm text-slate-600">{t('passwordReset.newPasswordIntro')}</p>
        <PasswordField
          size="lg"
          label={t('passwordReset.newPassword')}
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {error ? <Message>{error}</Message> : null}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('auth.busy') : t('passwordReset.save')}
        </Button>
        <button
          type="button"
          onClick={() => void signOut()}
          className="block w-full text-center text-sm font-medium text-indigo-600 hover:text-indigo-500"
        >
          {t('topBar.signOut')}
        </button>
      </form>
    </main>
  );
};
