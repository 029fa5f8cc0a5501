import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryGateway } from '@taskflow/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

let onClose: ReturnType<typeof vi.fn<() => void>>;

beforeEach(async () => {
  memoryGateway().calls.length = 0;
  onClose = vi.fn<() => void>();
  render(<CardDetail boardId="board-1" cardId="card-drinks" onClose={onClose} />);
  await screen.findByRole('dialog', { name: 'Zu erledigen' });
});

afterEach(() => boardStore.close());

const writes = (name: string) => memoryGateway().calls.filter((call) => call.name === name);

describe('card detail', () => {
  it('shows the card with its fields, people, labels, subtasks and comments', () => {
    expect((screen.getByLabelText('Titel') as HTMLInputElement).value).toBe('Getränke bestellen');
    expect((screen.getByLabelText('Beschreibung') as HTMLTextAreaElement).value).toBe(
      'Wasser, Saft und Limonade',
    );
    expect((screen.getByLabelText('Fälligkeitsdatum') as HTMLInputElement).value).toBe(
      '2025-06-20',
    );
    expect((screen.getByLabelText('Priorität') as HTMLSelectElement).value).toBe('high');
    expect(screen.getByRole('button', { name: /Anna Schmidt/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByText('Einkauf')).toBeTruthy();
    expect(screen.getByText('50 % erledigt')).toBeTruthy();
    expect(screen.getByText('Bitte auch alkoholfreies Bier.')).toBeTruthy();
  });

  it('saves the priority at once', async () => {
    await userEvent.selectOptions(screen.getByLabelText('Priorität'), 'Dringend');
    expect(writes('updateCardRow').map((call) => call.args)).toEqual([
      ['card-drinks', { priority: 'urgent' }],
    ]);
  });

  it('assigns a member with one click', async () => {
    await userEvent.click(screen.getByRole('button', { name: /Ben Keller/ }));
    expect(writes('insertAssignee').map((call) => call.args)).toEqual([
      ['card-drinks', 'user-ben'],
    ]);
    expect(screen.getByRole('button', { name: /Ben Keller/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('ticks a subtask at once and updates the progress', async () => {
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bestellen' }));
    expect(writes('updateChecklistItemRow').map((call) => call.args)).toEqual([
      ['item-2', { completed: true }],
    ]);
    expect(screen.getByText('100 % erledigt')).toBeTruthy();
  });

  it('opens a new subtask in edit mode and saves its text on Speichern', async () => {
    await userEvent.click(screen.getByRole('button', { name: '+ Unteraufgabe hinzufügen' }));
    const input = await screen.findByPlaceholderText('Unteraufgabe beschreiben...');
    expect(writes('insertChecklistItem')[0]?.args[0]).toMatchObject({
      text: '',
      completed: false,
      position: 3072,
    });
    await userEvent.type(input, 'Gläser leihen');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(writes('updateChecklistItemRow')[0]?.args[1]).toEqual({
      text: 'Gläser leihen',
      due_date: null,
      assigned_to: null,
    });
    expect(screen.getByRole('checkbox', { name: 'Gläser leihen' })).toBeTruthy();
  });

  it('creates a label in the label modal and puts it on the card', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Labels bearbeiten' }));
    const select = screen.getByRole('dialog', { name: 'Labels auswählen' });
    await userEvent.click(within(select).getByRole('button', { name: '+ Neues Label' }));
    const create = screen.getByRole('dialog', { name: 'Neues Label erstellen' });
    expect(
      (within(create).getByRole('button', { name: 'Label erstellen' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    await userEvent.type(within(create).getByLabelText('Name'), 'Dringend');
    await userEvent.click(within(create).getByLabelText('Rot'));
    await userEvent.click(within(create).getByRole('button', { name: 'Label erstellen' }));
    expect(writes('insertLabel')[0]?.args[0]).toMatchObject({
      name: 'Dringend',
      color: 'bg-red-100 text-red-800',
    });
    const checkbox = await screen.findByRole('checkbox', { name: 'Dringend' });
    expect((checkbox as HTMLInputElement).checked).toBe(true);
  });

  it('adds a comment', async () => {
    await userEvent.type(screen.getByLabelText('Kommentar schreiben...'), 'Erledige ich{Enter}');
    expect(writes('insertComment')[0]?.args[0]).toMatchObject({
      card_id: 'card-drinks',
      text: 'Erledige ich',
    });
    expect(screen.getByText('Erledige ich')).toBeTruthy();
  });

  it('deletes the card and closes', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Aufgabe löschen' }));
    expect(writes('deleteCardRow').map((call) => call.args)).toEqual([['card-drinks']]);
    expect(onClose).toHaveBeenCalled();
  });

  it('closes with Escape', async () => {
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
