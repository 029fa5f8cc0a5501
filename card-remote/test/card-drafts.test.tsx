import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryGateway } from '@taskflow/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSampleCard } from './open-sample-card';

// What the user types in the card dialog is a draft: not written before it is saved, and not
// thrown away by an Escape meant for the field.
vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

let onClose: ReturnType<typeof vi.fn<() => void>>;

beforeEach(async () => {
  onClose = await openSampleCard();
});

afterEach(() => boardStore.close());

const inserts = () => memoryGateway().calls.filter((call) => call.name === 'insertChecklistItem');
const subtasks = () => screen.getByRole('heading', { name: 'Unteraufgaben' }).closest('section')!;
const openDraft = async () => {
  await userEvent.click(screen.getByRole('button', { name: '+ Unteraufgabe hinzufügen' }));
  return screen.getByPlaceholderText('Unteraufgabe beschreiben...');
};

describe('a new subtask', () => {
  it('writes nothing while its editor is open, and one row on Speichern', async () => {
    const input = await openDraft();
    expect(document.activeElement).toBe(input);
    expect(inserts()).toEqual([]);
    expect(within(subtasks()).getAllByRole('checkbox')).toHaveLength(2);

    await userEvent.type(input, 'Eis besorgen');
    expect(inserts()).toEqual([]);
    await userEvent.click(within(subtasks()).getByRole('button', { name: 'Speichern' }));
    expect(inserts()).toHaveLength(1);
    expect(inserts()[0]?.args[0]).toMatchObject({ text: 'Eis besorgen', card_id: 'card-drinks' });
    expect(within(subtasks()).getByRole('checkbox', { name: 'Eis besorgen' })).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: '+ Unteraufgabe hinzufügen' }),
    );
  });

  it('cannot be saved with a blank text', async () => {
    const input = await openDraft();
    const save = within(subtasks()).getByRole('button', { name: 'Speichern' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(input, '   {Enter}');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect(inserts()).toEqual([]);
  });

  it('leaves nothing behind on Abbrechen', async () => {
    await userEvent.type(await openDraft(), 'Eis besorgen');
    await userEvent.click(within(subtasks()).getByRole('button', { name: 'Abbrechen' }));
    expect(inserts()).toEqual([]);
    expect(screen.queryByPlaceholderText('Unteraufgabe beschreiben...')).toBeNull();
    expect(within(subtasks()).getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getByText('50 % erledigt')).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: '+ Unteraufgabe hinzufügen' }),
    );
  });

  it('is dropped by Escape, which leaves the card dialog open', async () => {
    await userEvent.type(await openDraft(), 'Eis besorgen');
    await userEvent.keyboard('{Escape}');
    expect(inserts()).toEqual([]);
    expect(screen.queryByPlaceholderText('Unteraufgabe beschreiben...')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Escape in a field with typed text', () => {
  it('leaves the comment field and keeps the text; a second Escape closes the card', async () => {
    const field = screen.getByRole('combobox', { name: 'Kommentar schreiben...' });
    await userEvent.type(field, 'Bitte auch alkoholfreies Bier');
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect((field as HTMLInputElement).value).toBe('Bitte auch alkoholfreies Bier');
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Getränke bestellen' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes the card at once when the comment field is empty', async () => {
    await userEvent.click(screen.getByRole('combobox', { name: 'Kommentar schreiben...' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves the description editor and keeps what was typed', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Beschreibung bearbeiten' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Beschreibung' }), ' und Eis');
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('card-description').textContent).toBe(
      'Wasser, Saft und Limonade und Eis',
    );
  });
});
