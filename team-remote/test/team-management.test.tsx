import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@taskflow/shared';
import { memoryGateway } from '@taskflow/shared/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TeamManagement from '../src/team-management';

const memory = vi.hoisted(() => ({
  signedInAs: 'user-anna',
  invitations: [] as { id: string; email: string; created_at: string }[],
}));

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal(), {
    currentUser: () => ({ id: memory.signedInAs, email: '', fullName: '' }),
    // The pending invitations, as row-level security shows them to the owner.
    fetchInvitations: async () => [...memory.invitations],
    withdrawInvitation: async (id: string) => {
      memory.invitations = memory.invitations.filter((invitation) => invitation.id !== id);
    },
  }),
);

const { boardStore, getToastsForTest } = await import('./shared-harness');

afterEach(() => {
  boardStore.close();
  memory.signedInAs = 'user-anna';
  memory.invitations = [];
  vi.restoreAllMocks();
});

const renderTeam = async () => {
  render(<TeamManagement boardId="board-1" onClose={vi.fn()} />);
  const dialog = await screen.findByRole('dialog', { name: 'Team-Verwaltung' });
  await within(dialog).findByText('Anna Schmidt');
  return dialog;
};

const row = (dialog: HTMLElement, name: string) =>
  within(dialog).getByText(name).closest('li') as HTMLElement;

describe('team management', () => {
  it('shows the owner the members with their badges and the invite area', async () => {
    const dialog = await renderTeam();
    expect(within(row(dialog, 'Anna Schmidt')).getByText('Du')).toBeTruthy();
    expect(within(row(dialog, 'Anna Schmidt')).getByText('Owner')).toBeTruthy();
    expect(within(row(dialog, 'Anna Schmidt')).queryByRole('button', { name: 'Entfernen' })).toBe(
      null,
    );
    expect(
      within(row(dialog, 'Ben Keller')).getByRole('button', { name: 'Entfernen' }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Einladen' })).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Wer noch kein TaskFlow-Konto hat, bekommt eine Einladung per E-Mail.',
      ),
    ).toBeTruthy();
  });

  it('says in German when the invitation limit is reached', async () => {
    vi.spyOn(boardStore, 'inviteMember').mockRejectedValue(
      new ApiError('Too many invitations, please wait before inviting again', 'PT429', 429),
    );
    const dialog = await renderTeam();
    await userEvent.type(within(dialog).getByLabelText(/per E-Mail einladen/), 'neu@beispiel.de');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Fehler beim Hinzufügen des Members. Sie haben in der letzten Stunde zu viele Einladungen verschickt. Bitte versuchen Sie es später erneut.',
    );
  });

  it('invites by mail, and lists the invitation until withdrawn', async () => {
    vi.spyOn(boardStore, 'inviteMember').mockImplementation(async (email) => {
      memory.invitations.push({ id: 'inv-1', email, created_at: '2026-11-26T12:00:00Z' });
      return { status: 'invited', email };
    });
    const dialog = await renderTeam();
    await userEvent.type(within(dialog).getByLabelText(/per E-Mail einladen/), ' Neu@Beispiel.de ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(boardStore.inviteMember).toHaveBeenCalledWith('neu@beispiel.de');
    await waitFor(() =>
      expect(getToastsForTest().map((toast) => toast.message)).toContain(
        'Einladung an neu@beispiel.de gesendet. Die Person wird Mitglied, sobald sie sich registriert.',
      ),
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const pending = await within(dialog).findByRole('region', { name: /Offene Einladungen/ });
    expect(within(pending).getByText('neu@beispiel.de')).toBeTruthy();

    await userEvent.click(
      within(pending).getByRole('button', { name: 'Einladung an neu@beispiel.de zurückziehen' }),
    );
    await waitFor(() =>
      expect(within(dialog).queryByRole('region', { name: /Offene Einladungen/ })).toBeNull(),
    );
    expect(getToastsForTest().map((toast) => toast.message)).toContain(
      'Die Einladung an neu@beispiel.de wurde zurückgezogen.',
    );
  });

  it('shows no pending invitations to a member who is not the owner', async () => {
    memory.invitations = [{ id: 'inv-2', email: 'x@beispiel.de', created_at: '' }];
    memory.signedInAs = 'user-ben';
    const dialog = await renderTeam();
    expect(within(dialog).queryByText('x@beispiel.de')).toBeNull();
  });

  it('invites a registered person as anyone else: the same answer, not a member yet', async () => {
    const dialog = await renderTeam();
    const field = within(dialog).getByLabelText(/per E-Mail einladen/);
    await userEvent.type(field, 'Clara@Beispiel.de{Enter}');
    await waitFor(() =>
      expect(getToastsForTest().map((toast) => toast.message)).toContain(
        'Einladung an clara@beispiel.de gesendet. Die Person wird Mitglied, sobald sie sich registriert.',
      ),
    );
    expect(within(dialog).queryByText('Clara Weber')).toBeNull();
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('says so when the person is already a member', async () => {
    const dialog = await renderTeam();
    await userEvent.type(within(dialog).getByLabelText(/per E-Mail einladen/), 'ben@beispiel.de');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Fehler beim Hinzufügen des Members. Diese Person ist bereits Mitglied des Boards.',
    );
  });

  it('ignores a blank address', async () => {
    const dialog = await renderTeam();
    memoryGateway().calls.length = 0;
    await userEvent.type(within(dialog).getByLabelText(/per E-Mail einladen/), '   {Enter}');
    expect(memoryGateway().calls.filter((call) => call.name === 'inviteMemberByEmail')).toEqual([]);
  });

  it('removes a member after confirmation in the app, which names the person', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const dialog = await renderTeam();
    await userEvent.click(
      within(row(dialog, 'Ben Keller')).getByRole('button', { name: 'Entfernen' }),
    );
    const ask = screen.getByRole('dialog', { name: 'Mitglied entfernen' });
    expect(ask.textContent).toContain('Möchten Sie dieses Mitglied wirklich vom Board entfernen?');
    expect(ask.textContent).toContain('Ben Keller (ben@beispiel.de) verliert den Zugriff');
    // Cancel has the focus: Enter right away keeps the member.
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Abbrechen' }));
    await userEvent.click(within(ask).getByRole('button', { name: 'Entfernen' }));
    expect(confirm).not.toHaveBeenCalled();
    await waitFor(() => expect(within(dialog).queryByText('Ben Keller')).toBe(null));
    expect(getToastsForTest().map((toast) => toast.message)).toContain('Mitglied wurde entfernt.');
  });

  it('keeps the member when the owner does not confirm', async () => {
    const dialog = await renderTeam();
    await userEvent.click(
      within(row(dialog, 'Ben Keller')).getByRole('button', { name: 'Entfernen' }),
    );
    const ask = screen.getByRole('dialog', { name: 'Mitglied entfernen' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog', { name: 'Mitglied entfernen' })).toBe(null);
    expect(within(dialog).getByText('Ben Keller')).toBeTruthy();
  });

  it('answers a malformed address in German, without asking the server', async () => {
    const dialog = await renderTeam();
    memoryGateway().calls.length = 0;
    await userEvent.type(
      within(dialog).getByLabelText(/per E-Mail einladen/),
      'clara-beispiel{Enter}',
    );
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    expect(memoryGateway().calls.filter((call) => call.name === 'inviteMemberByEmail')).toEqual([]);
  });

  it('shows a member neither the invite area nor remove buttons', async () => {
    memory.signedInAs = 'user-ben';
    const dialog = await renderTeam();
    expect(within(row(dialog, 'Ben Keller')).getByText('Du')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Einladen' })).toBe(null);
    expect(within(dialog).queryByRole('button', { name: 'Entfernen' })).toBe(null);
  });
});
