import { Button, t } from '@taskflow/shared';
import { useAuthForm, type AuthFields } from '../hooks/use-auth-form';

const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20';

export const AuthScreen = () => {
  const form = useAuthForm();
  const signingUp = form.mode === 'signUp';

  const field = (name: keyof AuthFields, label: string, type: string, autoComplete: string) => (
    <label className="block">
      <span className="mb-1 block text-sm font-medium text-slate-700">{label}</span>
      <input
        className={inputClass}
        type={type}
        name={name}
        autoComplete={autoComplete}
        value={form.fields[name]}
        onChange={(event) => form.setField(name, event.target.value)}
      />
    </label>
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
        <form
          noValidate
          onSubmit={(event) => void form.submit(event)}
          className="space-y-4 rounded-2xl bg-white p-6 shadow-xl shadow-slate-200/60 ring-1 ring-slate-100"
        >
          <h2 className="text-lg font-semibold text-slate-900">
            {signingUp ? t('auth.signUpTitle') : t('auth.signInTitle')}
          </h2>
          {form.notice ? (
            <p
              role="status"
              className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
            >
              {form.notice}
            </p>
          ) : null}
          {signingUp ? field('fullName', t('auth.fullName'), 'text', 'name') : null}
          {field('email', t('auth.email'), 'email', 'email')}
          {field(
            'password',
            t('auth.password'),
            'password',
            signingUp ? 'new-password' : 'current-password',
          )}
          {form.error ? (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
            >
              {form.error}
            </p>
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
            className="block w-full text-center text-sm font-medium text-indigo-600 hover:text-indigo-500"
          >
            {signingUp ? t('auth.switchToSignIn') : t('auth.switchToSignUp')}
          </button>
        </form>
      </div>
    </main>
  );
};
