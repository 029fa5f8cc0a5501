import { Button, Field, TextInput, t } from '@taskflow/shared';
import { useState, type FormEvent } from 'react';

interface InviteFormProps {
  busy: boolean;
  error: string | null;
  onInvite: (email: string) => Promise<boolean>;
}

// One '@' with something on both sides and a dot in the domain: enough to catch a slip before
// asking the server, which alone knows whether the person exists.
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export const InviteForm = ({ busy, error, onInvite }: InviteFormProps) => {
  const [email, setEmail] = useState('');
  const [malformed, setMalformed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (address && !looksLikeEmail(address)) {
      setMalformed(true);
      return;
    }
    if (await onInvite(email)) setEmail('');
  };

  return (
    // noValidate: the browser's own bubble would speak the browser's language, not German.
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Field
        label={t('team.inviteLabel')}
        hint={t('team.inviteHint')}
        error={malformed ? t('auth.errors.invalidEmail') : error}
        className="space-y-2"
      >
        {(control) => (
          <div className="flex gap-2">
            <TextInput
              {...control}
              type="email"
              data-autofocus
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setMalformed(false);
              }}
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
