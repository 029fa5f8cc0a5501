import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Shared from '@taskflow/shared';
import { AuthScreen } from '../src/features/auth/components/auth-screen';

const backend = vi.hoisted(() => ({
  signIn: vi.fn<(email: string, password: string) => Promise<{ error: string | null }>>(),
  signUp:
    vi.fn<
      (email: string, password: string, fullName: string) => Promise<{ error: string | null }>
    >(),
}));

vi.mock('@taskflow/shared', async (importOriginal) => ({
  ...(await importOriginal<typeof Shared>()),
  signIn: backend.signIn,
  signUp: backend.signUp,
}));

beforeEach(() => {
  backend.signIn.mockReset().mockResolvedValue({ error: null });
  backend.signUp.mockReset().mockResolvedValue({ error: null });
});

const fill = async (label: string, value: string) =>
  userEvent.type(screen.getByLabelText(label), value);

describe('sign-in', () => {
  it('asks for every field before calling the server', async () => {
    render(<AuthScreen />);
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByRole('alert').textContent).toContain('Bitte alle Felder ausfüllen');
    expect(backend.signIn).not.toHaveBeenCalled();
  });

  it('submits with Enter in a field', async () => {
    render(<AuthScreen />);
    await fill('E-Mail', 'anna@example.de');
    await fill('Passwort', 'geheim123{Enter}');
    expect(backend.signIn).toHaveBeenCalledWith('anna@example.de', 'geheim123');
  });

  it("shows 'Bitte warten...' while the server answers", async () => {
    let answer!: (value: { error: string | null }) => void;
    backend.signIn.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<AuthScreen />);
    await fill('E-Mail', 'anna@example.de');
    await fill('Passwort', 'geheim123{Enter}');
    expect(
      (screen.getByRole('button', { name: 'Bitte warten...' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    answer({ error: 'Invalid login credentials' });
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid login credentials');
    expect((screen.getByRole('button', { name: 'Anmelden' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("shows the server's message in the red box", async () => {
    backend.signIn.mockResolvedValue({ error: 'Invalid login credentials' });
    render(<AuthScreen />);
    await fill('E-Mail', 'anna@example.de');
    await fill('Passwort', 'falsch{Enter}');
    const box = await screen.findByRole('alert');
    expect(box.textContent).toContain('Invalid login credentials');
    expect(box.className).toMatch(/bg-red-50/);
  });
});

describe('registration', () => {
  it('adds the full-name field and requires a name', async () => {
    render(<AuthScreen />);
    expect(screen.queryByLabelText('Vollständiger Name')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Jetzt registrieren/ }));
    expect(screen.getByLabelText('Vollständiger Name')).toBeTruthy();
    await fill('E-Mail', 'neu@example.de');
    await fill('Passwort', 'geheim123{Enter}');
    expect(screen.getByRole('alert').textContent).toContain('Bitte geben Sie Ihren Namen ein');
    expect(backend.signUp).not.toHaveBeenCalled();
  });

  it('reports success and switches to sign-in', async () => {
    render(<AuthScreen />);
    await userEvent.click(screen.getByRole('button', { name: /Jetzt registrieren/ }));
    await fill('Vollständiger Name', 'Neu Kollegin');
    await fill('E-Mail', 'neu@example.de');
    await fill('Passwort', 'geheim123');
    await userEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
    expect(backend.signUp).toHaveBeenCalledWith('neu@example.de', 'geheim123', 'Neu Kollegin');
    expect((await screen.findByRole('status')).textContent).toContain(
      'Registrierung erfolgreich! Bitte melden Sie sich an.',
    );
    expect(screen.queryByLabelText('Vollständiger Name')).toBeNull();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect((screen.getByLabelText('E-Mail') as HTMLInputElement).value).toBe('neu@example.de');
  });

  it("shows the server's message when the address is taken", async () => {
    backend.signUp.mockResolvedValue({ error: 'User already registered' });
    render(<AuthScreen />);
    await userEvent.click(screen.getByRole('button', { name: /Jetzt registrieren/ }));
    await fill('Vollständiger Name', 'Anna');
    await fill('E-Mail', 'anna@example.de');
    await fill('Passwort', 'geheim123{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('User already registered');
    expect(screen.getByLabelText('Vollständiger Name')).toBeTruthy();
  });
});

describe('password field', () => {
  it('shows the typed password on request and hides it again', async () => {
    render(<AuthScreen />);
    const password = screen.getByLabelText('Passwort') as HTMLInputElement;
    await userEvent.type(password, 'geheim123');
    const toggle = screen.getByRole('button', { name: 'Zeichen anzeigen' });
    expect(password.type).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(password.value).toBe('geheim123');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(toggle);
    expect(password.type).toBe('password');
  });

  it('shows the German text the session hands over for a known error', async () => {
    backend.signIn.mockResolvedValue({ error: 'E-Mail oder Passwort ist falsch.' });
    render(<AuthScreen />);
    await fill('E-Mail', 'anna@example.de');
    await fill('Passwort', 'falsch{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('E-Mail oder Passwort ist falsch.');
  });
});
