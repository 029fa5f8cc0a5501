import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Shared from '@taskflow/shared';
import { NewPasswordScreen } from '../src/features/auth/components/new-password-screen';

const backend = vi.hoisted(() => ({
  setRecoveredPassword: vi.fn<(password: string) => Promise<{ error: string | null }>>(),
  signOut: vi.fn<() => Promise<void>>(),
}));

vi.mock('@taskflow/shared', async (importOriginal) => ({
  ...(await importOriginal<typeof Shared>()),
  setRecoveredPassword: backend.setRecoveredPassword,
  signOut: backend.signOut,
}));

beforeEach(() => {
  backend.setRecoveredPassword.mockReset().mockResolvedValue({ error: null });
  backend.signOut.mockReset().mockResolvedValue();
});

describe("'Neues Passwort festlegen' after a recovery link", () => {
  it('sets the new password without asking for the forgotten one', async () => {
    render(<NewPasswordScreen />);
    expect(screen.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeTruthy();
    expect(screen.queryByLabelText('Aktuelles Passwort')).toBeNull();
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'neuesPasswort1{Enter}');
    expect(backend.setRecoveredPassword).toHaveBeenCalledWith('neuesPasswort1');
  });

  it('shows why the password was refused, in German', async () => {
    backend.setRecoveredPassword.mockResolvedValue({
      error: 'Das Passwort muss mindestens 6 Zeichen lang sein.',
    });
    render(<NewPasswordScreen />);
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'kurz');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Das Passwort muss mindestens 6 Zeichen lang sein.',
    );
  });

  it('can sign out instead', async () => {
    render(<NewPasswordScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(backend.signOut).toHaveBeenCalled();
  });
});
