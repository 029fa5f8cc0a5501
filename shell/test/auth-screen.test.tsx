import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Shared from '@taskflow/shared';
import { AuthScreen } from '../src/features/auth/components/auth-screen';

interface Result {
  error: string | null;
  code?: string;
  needsConfirmation?: boolean;
}

const backend = vi.hoisted(() => ({
  signIn: vi.fn<(email: string, password: string) => Promise<Result>>(),
  signUp: vi.fn<(email: string, password: string, fullName: string) => Promise<Result>>(),
  resendConfirmation: vi.fn<(email: string) => Promise<Result>>(),
  requestPasswordReset: vi.fn<(email: string) => Promise<Result>>(),
  takeLinkFailure: vi.fn<() => boolean>(),
}));

vi.mock('@taskflow/shared', async (importOriginal) => ({
  ...(await importOriginal<typeof Shared>()),
  signIn: backend.signIn,
  signUp: backend.signUp,
  resendConfirmation: backend.resendConfirmation,
  requestPasswordReset: backend.requestPasswordReset,
  takeLinkFailure: backend.takeLinkFailure,
  subscribeLinkFailure: () => () => {},
}));

beforeEach(() => {
  backend.signIn.mockReset().mockResolvedValue({ error: null });
  backend.signUp.mockReset().mockResolvedValue({ error: null });
  backend.resendConfirmation.mockReset().mockResolvedValue({ error: null });
  backend.requestPasswordReset.mockReset().mockResolvedValue({ error: null });
  backend.takeLinkFailure.mockReset().mockReturnValue(false);
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

describe('accounts by e-mail', () => {
  const signUpAs = async () => {
    render(<AuthScreen />);
    await userEvent.click(screen.getByRole('button', { name: /Jetzt registrieren/ }));
    await fill('Vollständiger Name', 'Neu Kollegin');
    await fill('E-Mail', 'neu@example.de');
    await fill('Passwort', 'geheim123{Enter}');
  };

  it("asks to confirm the address when sign-up brings no session ('Fast geschafft!')", async () => {
    backend.signUp.mockResolvedValue({ error: null, needsConfirmation: true });
    await signUpAs();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Fast geschafft! Bitte bestätigen Sie Ihre E-Mail-Adresse über den Link, den wir Ihnen geschickt haben.',
    );
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
  });

  it('offers to resend the confirmation mail when the address is not confirmed yet', async () => {
    backend.signIn.mockResolvedValue({
      error:
        'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link, den wir Ihnen geschickt haben.',
      code: 'email_not_confirmed',
    });
    render(<AuthScreen />);
    await fill('E-Mail', 'neu@example.de');
    await fill('Passwort', 'geheim123{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Bitte bestätigen Sie zuerst');
    await userEvent.click(
      screen.getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }),
    );
    expect(backend.resendConfirmation).toHaveBeenCalledWith('neu@example.de');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Wir haben Ihnen die Bestätigungs-E-Mail erneut geschickt.',
    );
    expect(screen.queryByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' })).toBeNull();
  });

  it("'Passwort vergessen?' mails a link and answers the same for any address", async () => {
    render(<AuthScreen />);
    await fill('E-Mail', 'anna@example.de');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort vergessen?' }));
    expect(await screen.findByRole('heading', { name: 'Passwort vergessen?' })).toBeTruthy();
    expect((screen.getByLabelText('E-Mail') as HTMLInputElement).value).toBe('anna@example.de');
    await userEvent.click(screen.getByRole('button', { name: 'Link senden' }));
    expect(backend.requestPasswordReset).toHaveBeenCalledWith('anna@example.de');
    expect((await screen.findByRole('status')).textContent).toBe(
      'Wenn ein Konto mit dieser Adresse besteht, haben wir Ihnen einen Link geschickt. Bitte sehen Sie in Ihrem Postfach nach.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Zurück zur Anmeldung' }));
    expect(screen.getByRole('heading', { name: 'Anmelden' })).toBeTruthy();
  });

  it('says so when a mailed link was used already or has expired', async () => {
    backend.takeLinkFailure.mockReturnValueOnce(true);
    window.history.replaceState(
      null,
      '',
      '/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    render(<AuthScreen />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    );
    expect(window.location.hash).toBe('');
  });
});
