import {
  Button,
  Message,
  Modal,
  PasswordField,
  TextField,
  changePassword,
  t,
  updateFullName,
  type AuthResult,
  type SessionUser,
} from '@taskflow/shared';
import { useState, type FormEvent } from 'react';
import { DigestChoice } from './digest-choice';
import { ThemeChoice } from './theme-choice';

type Outcome = { tone: 'error' | 'success'; text: string } | null;

/** Runs one profile call: busy while it runs, then its German error or the success text. */
const useProfileAction = (successText: string) => {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (call: () => Promise<AuthResult>): Promise<boolean> => {
    setBusy(true);
    setOutcome(null);
    try {
      const { error } = await call();
      setOutcome(error ? { tone: 'error', text: error } : { tone: 'success', text: successText });
      return !error;
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run };
};

/** 'Profil': one's full name and password (item 5), and the theme. */
export const ProfileDialog = ({ user, onClose }: { user: SessionUser; onClose: () => void }) => {
  const [fullName, setFullName] = useState(user.fullName);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const name = useProfileAction(t('profile.nameSaved'));
  const password = useProfileAction(t('profile.passwordSaved'));
  const nameUnchanged = fullName.trim() === '' || fullName.trim() === user.fullName;

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    if (nameUnchanged || name.busy) return;
    void name.run(() => updateFullName(fullName));
  };

  const savePassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword || !newPassword || password.busy) return;
    if (await password.run(() => changePassword(currentPassword, newPassword))) {
      setCurrentPassword('');
      setNewPassword('');
    }
  };

  return (
    <Modal title={t('profile.title')} onClose={onClose} size="sm" cancelLabel={t('profile.close')}>
      <div className="space-y-6">
        <p className="text-sm break-all text-slate-500">{user.email}</p>
        <form onSubmit={saveName} className="space-y-3">
          <TextField
            label={t('profile.fullName')}
            autoComplete="name"
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
          />
          {name.outcome ? <Message tone={name.outcome.tone}>{name.outcome.text}</Message> : null}
          <Button type="submit" disabled={nameUnchanged || name.busy}>
            {name.busy ? t('auth.busy') : t('profile.saveName')}
          </Button>
        </form>
        <div className="space-y-4 border-t border-slate-100 pt-5">
          <ThemeChoice />
          <DigestChoice />
        </div>
        <form
          onSubmit={(event) => void savePassword(event)}
          className="space-y-3 border-t border-slate-100 pt-5"
        >
          <h3 className="text-sm font-semibold text-slate-900">{t('profile.passwordTitle')}</h3>
          <PasswordField
            label={t('profile.currentPassword')}
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
          <PasswordField
            label={t('profile.newPassword')}
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
          {password.outcome ? (
            <Message tone={password.outcome.tone}>{password.outcome.text}</Message>
          ) : null}
          <Button type="submit" disabled={!currentPassword || !newPassword || password.busy}>
            {password.busy ? t('auth.busy') : t('profile.savePassword')}
          </Button>
        </form>
      </div>
    </Modal>
  );
};
