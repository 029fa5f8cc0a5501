import { Button, Message, PasswordField, TextField, t } from '@taskflow/shared';
import { lazyView } from '../../loading/lazy-view';
import { useAuthForm, type AuthFields } from '../hooks/use-auth-form';

// Opened by a click on 'Passwort vergessen?': loads then, with its texts (lazyView).
const ForgotPasswordForm = lazyView(() => import('./forgot-password-form'), 'ForgotPasswordForm');

const linkClass = 'text-sm font-medium text-indigo-600 hover:text-indigo-500';

export const AuthScreen = () => {
  const form = useAuthForm();
  const signingUp = form.mode === 'signUp';

  const field = (name: keyof AuthFields, label: string, type: string, autoComplete: string) => (
    <TextField
      size="lg"
      label={label}
      type={type}
      name={name}
      autoComplete={autoComplete}
      value={form.fields[name]}
      onChange={(event) => form.setField(name, event.target.value)}
    />
  );

  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-br from-indigo-50 via-white to-sky-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <div className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-2xl bg-indigo-600 text-xl font-bold text-white shadow-lg shadow-indigo-600/20">
            T
          </div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('app.title')}</h1>
          <p className="mt-1 text-sm text-slate-500">{t('app.tagline')}</p>
        </div>
        {form.mode === 'forgotPassword' ? (
          <ForgotPasswordForm
            initialEmail={form.fields.email}
            onBack={() => form.showMode('signIn')}
          />
        ) : (
          <form
            noValidate
            onSubmit={(event) => void form.submit(event)}
            className="space-y-4 rounded-2xl bg-white p-6 shadow-xl shadow-slate-200/60 ring-1 ring-slate-100"
          >
            <h2 className="text-lg font-semibold text-slate-900">
              {signingUp ? t('auth.signUpTitle') : t('auth.signInTitle')}
            </h2>
            {form.notice ? <Message tone="success">{form.notice}</Message> : null}
            {signingUp ? field('fullName', t('auth.fullName'), 'text', 'name') : null}
            {field('email', t('auth.email'), 'email', 'email')}
            <PasswordField
              size="lg"
              label={t('auth.password')}
              name="password"
              autoComplete={signingUp ? 'new-password' : 'current-password'}
              value={form.fields.password}
              onChange={(event) => form.setField('password', event.target.value)}
            />
            {signingUp ? null : (
              <button
                type="button"
                onClick={() => form.showMode('forgotPassword')}
                className={linkClass}
              >
                {t('auth.forgotPassword')}
              </button>
            )}
            {form.error ? <Message>{form.error}</Message> : null}
            {form.canResend ? (
              <Button
                type="button"
                variant="secondary"
                className="w-full"
                disabled={form.busy}
                onClick={() => void form.resend()}
              >
                {t('auth.resendConfirmation')}
              </Button>
            ) : null}
            <Button type="submit" className="w-full" disabled={form.busy}>
              {form.busy
                ? t('auth.busy')
                : signingUp
                  ? t('auth.submitSignUp')
                  : t('auth.submitSignIn')}
            </Button>
            <button
              type="button"
              onClick={form.switchMode}
              className={`block w-full text-center ${linkClass}`}
            >
              {signingUp ? t('auth.switchToSignIn') : t('auth.switchToSignUp')}
            </button>
          </form>
        )}
      </div>
    </main>
  );
};
