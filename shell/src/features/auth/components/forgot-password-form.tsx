import { Button, Message, TextField, requestPasswordReset, t } from '@taskflow/shared';
import { useState, type FormEvent } from 'react';

/**
 * 'Passwort vergessen?': asks for the address and mails a recovery link. The answer is the same
 * whether or not the address has an account, so the form never tells who is registered.
 */
export const ForgotPasswordForm = ({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) => {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setSent(false);
    if (!email.trim()) {
      setError(t('auth.fillAllFields'));
      return;
    }
    setBusy(true);
    try {
      const result = await requestPasswordReset(email.trim());
      if (result.error) setError(result.error);
      else setSent(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-2xl bg-white p-6 shadow-xl shadow-slate-200/60 ring-1 ring-slate-100"
    >
      <h2 className="text-lg font-semibold text-slate-900">{t('passwordReset.title')}</h2>
      <p className="text-sm text-slate-600">{t('passwordReset.intro')}</p>
      {sent ? <Message tone="success">{t('passwordReset.sent')}</Message> : null}
      <TextField
        size="lg"
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {error ? <Message>{error}</Message> : null}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t('auth.busy') : t('passwordReset.submit')}
      </Button>
      <button
        type="button"
        onClick={onBack}
        className="block w-full text-center text-sm font-medium text-indigo-600 hover:text-indigo-500"
      >
        {t('passwordReset.back')}
      </button>
    </form>
  );
};
