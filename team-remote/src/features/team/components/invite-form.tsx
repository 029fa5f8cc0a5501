import { Button, t } from '@taskflow/shared';
import { useState, type FormEvent } from 'react';

interface InviteFormProps {
  busy: boolean;
  error: string | null;
  onInvite: (email: string) => Promise<boolean>;
}

export const InviteForm = ({ busy, error, onInvite }: InviteFormProps) => {
  const [email, setEmail] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onInvite(email)) setEmail('');
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2">
      <label htmlFor="invite-email" className="block text-sm font-medium text-slate-700">
        {t('team.inviteLabel')}
      </label>
      <div className="flex gap-2">
        <input
          id="invite-email"
          type="email"
          data-autofocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder={t('team.invitePlaceholder')}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/20"
        />
        <Button type="submit" disabled={busy || !email.trim()}>
          {t('team.invite')}
        </Button>
      </div>
      <p className="text-xs text-slate-500">{t('team.inviteHint')}</p>
      {error ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          {error}
        </p>
      ) : null}
    </form>
  );
};
