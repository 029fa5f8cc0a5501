import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as Shared from '@taskflow/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileDialog } from '../src/features/profile/components/profile-dialog';

const auth = vi.hoisted(() => ({
  updateFullName: vi.fn<(name: string) => Promise<{ error: string | null }>>(),
  changePassword: vi.fn<(current: string, next: string) => Promise<{ error: string | null }>>(),
}));

vi.mock('@taskflow/shared', async (importOriginal) => ({
  ...(await importOriginal<typeof Shared>()),
  updateFullName: auth.updateFullName,
  changePassword: auth.changePassword,
}));

const user = { id: 'u1', email: 'anna@example.de', fullName: 'Anna Schmidt' };

beforeEach(() => {
  auth.updateFullName.mockReset().mockResolvedValue({ error: null });
  auth.changePassword.mockReset().mockResolvedValue({ error: null });
});

describe('profile dialog', () => {
  it('changes the full name', async () => {
    render(<ProfileDialog user={user} onClose={vi.fn()} />);
    const name = screen.getByLabelText('Vollständiger Name');
    expect((name as HTMLInputElement).value).toBe('Anna Schmidt');
    const save = screen.getByRole('button', { name: 'Name speichern' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.clear(name);
    await userEvent.type(name, 'Anna Weber');
    await userEvent.click(save);
    expect(auth.updateFullName).toHaveBeenCalledWith('Anna Weber');
    expect((await screen.findByRole('status')).textContent).toBe('Ihr Name wurde gespeichert.');
  });

  it('changes the password with the current one, and clears both fields', async () => {
    render(<ProfileDialog user={user} onClose={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'alt-geheim');
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'neu-geheim');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(auth.changePassword).toHaveBeenCalledWith('alt-geheim', 'neu-geheim');
    expect((await screen.findByRole('status')).textContent).toBe('Ihr Passwort wurde geändert.');
    expect((screen.getByLabelText('Aktuelles Passwort') as HTMLInputElement).value).toBe('');
  });

  it('says why a password change failed and keeps what was typed', async () => {
    auth.changePassword.mockResolvedValue({ error: 'Das aktuelle Passwort ist falsch.' });
    render(<ProfileDialog user={user} onClose={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Aktuelles Passwort'), 'falsch');
    await userEvent.type(screen.getByLabelText('Neues Passwort'), 'neu-geheim');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Das aktuelle Passwort ist falsch.',
    );
    expect((screen.getByLabelText('Neues Passwort') as HTMLInputElement).value).toBe('neu-geheim');
  });

  it('switches between Hell, Dunkel and System, remembered on this device', async () => {
    window.matchMedia = (() => ({
      matches: true,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    localStorage.clear();
    render(<ProfileDialog user={user} onClose={vi.fn()} />);
    const choice = screen.getByRole('group', { name: 'Erscheinungsbild' });
    const option = (name: string) =>
      within(choice).getByRole('radio', { name }) as HTMLInputElement;
    expect(option('System').checked).toBe(true);
    await userEvent.click(option('Dunkel'));
    expect(option('Dunkel').checked).toBe(true);
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('taskflow.theme')).toBe('dark');
    await userEvent.click(option('Hell'));
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    await userEvent.click(option('System'));
    // The system is dark here.
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('taskflow.theme')).toBeNull();
  });
});
