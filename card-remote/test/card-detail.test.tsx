import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryGateway } from '@taskflow/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSampleCard } from './open-sample-card';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore, labelColors, labelColorName } = await import('@taskflow/shared');

let onClose: ReturnType<typeof vi.fn<() => void>>;

beforeEach(async () => {
  onClose = await openSampleCard();
});

afterEach(() => boardStore.close());

const writes = (name: string) => memoryGateway().calls.filter((call) => call.name === name);

describe('card detail', () => {
  it('shows the card with its fields, people, labels, subtasks and comments', () => {
    expect((screen.getByLabelText('Titel') as HTMLInputElement).value).toBe('Getränke bestellen');
    // Read as its rendering; the source appears on 'Beschreibung bearbeiten' (below).
    expect(screen.getByTestId('card-description').textContent).toBe('Wasser, Saft und Limonade');
    expect((screen.getByLabelText('Fälligkeitsdatum') as HTMLInputElement).value).toBe(
      '20.06.2025',
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

  it('opens a new subtask as a draft and writes it once on Speichern', async () => {
    await userEvent.click(screen.getByRole('button', { name: '+ Unteraufgabe hinzufügen' }));
    const input = await screen.findByPlaceholderText('Unteraufgabe beschreiben...');
    expect(writes('insertChecklistItem')).toEqual([]);
    await userEvent.type(input, 'Gläser leihen');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(writes('insertChecklistItem').map((call) => call.args[0])).toEqual([
      expect.objectContaining({
        text: 'Gläser leihen',
        completed: false,
        position: 3072,
        due_date: null,
        assigned_to: null,
      }),
    ]);
    expect(writes('updateChecklistItemRow')).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'Gläser leihen' })).toBeTruthy();
  });

  it('creates a label in the label modal and puts it on the card', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Labels bearbeiten' }));
    const select = await screen.findByRole('dialog', { name: 'Labels auswählen' });
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

  it('deletes the card undoably (a soft delete) and closes', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Aufgabe löschen' }));
    expect(writes('updateCardRow').map((call) => call.args)).toEqual([
      ['card-drinks', { deleted_at: expect.any(String) }],
    ]);
    expect(writes('deleteCardRow')).toEqual([]);
    expect(onClose).toHaveBeenCalled();
    // Undo, so that the memory gateway's card is live again for the tests after this one.
    await act(async () => {
      expect(await boardStore.restoreCard('card-drinks')).toBe(true);
    });
  });

  it('closes with Escape', async () => {
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('card fields', () => {
  it('saves title and description when the user leaves the field', async () => {
    const title = screen.getByLabelText('Titel');
    await userEvent.clear(title);
    await userEvent.type(title, 'Getränke und Eis bestellen');
    await userEvent.tab();
    await userEvent.click(screen.getByRole('button', { name: 'Beschreibung bearbeiten' }));
    const description = screen.getByLabelText('Beschreibung');
    expect(document.activeElement).toBe(description);
    await userEvent.type(description, ', Eiswürfel');
    await userEvent.tab();
    expect(writes('updateCardRow').map((call) => call.args)).toEqual([
      ['card-drinks', { title: 'Getränke und Eis bestellen' }],
      ['card-drinks', { description: 'Wasser, Saft und Limonade, Eiswürfel' }],
    ]);
  });

  it('keeps the title when it is cleared', async () => {
    await userEvent.clear(screen.getByLabelText('Titel'));
    await userEvent.tab();
    expect(writes('updateCardRow')).toEqual([]);
    expect((screen.getByLabelText('Titel') as HTMLInputElement).value).toBe('Getränke bestellen');
  });

  it('saves the due date when the field is left, and its removal', async () => {
    const due = screen.getByLabelText('Fälligkeitsdatum');
    await userEvent.clear(due);
    await userEvent.type(due, '1.7.2025');
    await userEvent.tab();
    expect((due as HTMLInputElement).value).toBe('01.07.2025');
    await userEvent.clear(due);
    await userEvent.tab();
    expect(writes('updateCardRow').map((call) => call.args)).toEqual([
      ['card-drinks', { due_date: '2025-07-01' }],
      ['card-drinks', { due_date: null }],
    ]);
  });

  it('offers exactly the board members as assignees', () => {
    const assignees = within(screen.getByRole('group', { name: 'Zugewiesen an' }));
    expect(assignees.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'ASAnna Schmidt',
      'BKBen Keller',
    ]);
  });

  it('closes with the X and with a click on the backdrop', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    const backdrop = screen.getByRole('dialog', { name: 'Getränke bestellen' }).parentElement!;
    await userEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('subtasks', () => {
  it('keeps text, deadline and assignee unsaved until Speichern', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Bestellen' }));
    const text = screen.getByPlaceholderText('Unteraufgabe beschreiben...');
    await userEvent.clear(text);
    await userEvent.type(text, '  Beim Getränkemarkt bestellen ');
    // The card's words: 'Fälligkeitsdatum' and 'Zugewiesen an', inside the subtask's editor.
    const editor = within(text.closest('form')!);
    fireEvent.change(editor.getByLabelText('Fälligkeitsdatum'), {
      target: { value: '18.06.2025' },
    });
    const assignee = editor.getByLabelText('Zugewiesen an');
    expect(
      within(assignee)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Niemand', 'Anna Schmidt', 'Ben Keller']);
    await userEvent.selectOptions(assignee, 'Ben Keller');
    expect(writes('updateChecklistItemRow')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(writes('updateChecklistItemRow').map((call) => call.args)).toEqual([
      [
        'item-2',
        { text: 'Beim Getränkemarkt bestellen', due_date: '2025-06-18', assigned_to: 'user-ben' },
      ],
    ]);
    expect(screen.getByText('18.06.2025 · Ben Keller')).toBeTruthy();
  });

  it('throws the changes away on Abbrechen and shows the stored subtask again', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Bestellen' }));
    const text = screen.getByPlaceholderText('Unteraufgabe beschreiben...');
    await userEvent.type(text, ' und abholen');
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(writes('updateChecklistItemRow')).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'Bestellen' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Bestellen' }));
    expect(
      (screen.getByPlaceholderText('Unteraufgabe beschreiben...') as HTMLInputElement).value,
    ).toBe('Bestellen');
  });

  it('does not count an unsaved draft in the progress', async () => {
    await userEvent.click(screen.getByRole('button', { name: '+ Unteraufgabe hinzufügen' }));
    await screen.findByPlaceholderText('Unteraufgabe beschreiben...');
    expect(screen.getByText('50 % erledigt')).toBeTruthy();
  });
});

describe('label modal', () => {
  it('lists the labels as checkboxes and closes with Fertig', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Labels bearbeiten' }));
    const select = await screen.findByRole('dialog', { name: 'Labels auswählen' });
    const label = within(select).getByRole('checkbox', { name: 'Einkauf' });
    expect((label as HTMLInputElement).checked).toBe(true);
    await userEvent.click(label);
    expect(writes('deleteTag').map((call) => call.args)).toEqual([['card-drinks', 'label-1']]);
    await userEvent.click(within(select).getByRole('button', { name: 'Fertig' }));
    expect(screen.queryByRole('dialog', { name: 'Labels auswählen' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when the board has no labels', async () => {
    memoryGateway().push({
      table: 'board_labels',
      eventType: 'DELETE',
      new: {},
      old: { id: 'label-1' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Labels bearbeiten' }));
    const select = await screen.findByRole('dialog', { name: 'Labels auswählen' });
    expect(within(select).getByText('Noch keine Labels für dieses Board')).toBeTruthy();
  });

  it('offers eight colours with blue chosen, and goes back without creating', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Labels bearbeiten' }));
    await userEvent.click(screen.getByRole('button', { name: '+ Neues Label' }));
    const create = screen.getByRole('dialog', { name: 'Neues Label erstellen' });
    const colours = within(create).getAllByRole('radio') as HTMLInputElement[];
    // The German names and their order are the domain's (domain-rules.test.ts); here: all of them.
    expect(colours.map((radio) => radio.labels?.[0]?.textContent)).toEqual(
      labelColors.map((colour) => labelColorName(colour.key)),
    );
    expect(colours).toHaveLength(8);
    expect(colours.filter((radio) => radio.checked).map((r) => r.labels?.[0]?.textContent)).toEqual(
      ['Blau'],
    );
    const button = within(create).getByRole('button', { name: 'Label erstellen' });
    await userEvent.type(within(create).getByLabelText('Name'), '   ');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(create).getByRole('button', { name: 'Zurück' }));
    expect(screen.getByRole('dialog', { name: 'Labels auswählen' })).toBeTruthy();
    expect(writes('insertLabel')).toEqual([]);
  });
});

describe('comments', () => {
  it('shows the author and a German date', () => {
    // The text's paragraph sits in the rendered Markdown, inside the comment's body.
    const comment = screen.getByText('Bitte auch alkoholfreies Bier.').parentElement!
      .parentElement!;
    expect(comment.textContent).toMatch(/^Ben Keller · 01\.01\.2025, \d{2}:\d{2}/);
  });

  it('trims a comment and ignores an empty one', async () => {
    const field = screen.getByLabelText('Kommentar schreiben...');
    await userEvent.type(field, '   {Enter}');
    expect(writes('insertComment')).toEqual([]);
    await userEvent.type(field, '  Mache ich morgen  {Enter}');
    expect(writes('insertComment').map((call) => (call.args[0] as { text: string }).text)).toEqual([
      'Mache ich morgen',
    ]);
  });
});

// Last in the file: these change the sample card's description and comment, and the memory
// gateway keeps what the store wrote for the tests after them.
describe('Markdown in the card', () => {
  afterEach(async () => {
    await act(() =>
      boardStore.updateCard('card-drinks', { description: 'Wasser, Saft und Limonade' }),
    );
  });

  it('reads the description as Markdown and edits its source', async () => {
    const source = '## Einkauf\n\n- **Wasser** kaufen\n- [Liste](https://example.de/liste)';
    await act(() => boardStore.updateCard('card-drinks', { description: source }));
    const rendered = screen.getByTestId('card-description');
    // The renderer loads on demand.
    expect(
      await within(rendered).findByRole('heading', { name: 'Einkauf' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(rendered).getByText('Wasser').tagName).toBe('STRONG');
    // A link inside stays a link: clicking it does not open the editor.
    const link = within(rendered).getByRole('link', { name: 'Liste' });
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(screen.queryByLabelText('Beschreibung')).toBeNull();
    // Anywhere else on the rendering opens the source, focused; leaving it renders again.
    await userEvent.click(within(rendered).getByText('Wasser'));
    const field = screen.getByLabelText('Beschreibung') as HTMLTextAreaElement;
    expect(field.value).toBe(source);
    expect(document.activeElement).toBe(field);
    await userEvent.tab();
    expect(screen.queryByLabelText('Beschreibung')).toBeNull();
    expect(screen.getByTestId('card-description').querySelector('h4')?.textContent).toBe('Einkauf');
  });

  it('offers the empty description as a field to type into at once', async () => {
    await act(() => boardStore.updateCard('card-drinks', { description: '' }));
    const field = screen.getByLabelText('Beschreibung');
    await userEvent.type(field, '*Eis*');
    // Still the source while typing, not swapped for the rendering after the first key.
    expect(document.activeElement).toBe(field);
    await userEvent.tab();
    expect((await screen.findByText('Eis', {}, { timeout: 5000 })).tagName).toBe('EM');
  });

  it('renders a comment as Markdown', async () => {
    await act(() => boardStore.editComment('comment-1', 'Bitte **alkoholfreies** Bier.'));
    expect((await screen.findByText('alkoholfreies', {}, { timeout: 5000 })).tagName).toBe(
      'STRONG',
    );
  });
});
