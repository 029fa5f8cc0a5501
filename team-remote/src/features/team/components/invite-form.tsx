import { Button, Field, TextInput, t } from '@taskflow/shared';
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
    <form onSubmit={(event) => void submit(event)}>
      <Field
        label={t('team.inviteLabel')}
        hint={t('team.inviteHint')}
        error={error}
        className="space-y-2"
      >
        {(control) => (
          <div className="flex gap-2">
            <TextInput
              {...control}
              type="email"
              data-autofocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder={t('team.invitePlaceholder')}
            />
            <Button type="submit" disabled={busy || !email.trim()}>
              {t('team.invite')}
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
};
