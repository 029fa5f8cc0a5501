import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryGateway } from '@taskflow/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';

// Signed in as Ben, who wrote the sample card's comment.
vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal(), {
    currentUser: () => ({ id: 'user-ben', email: 'ben@beispiel.de', fullName: 'Ben Keller' }),
  }),
);

const { boardStore, ToastViewport } = await import('@taskflow/shared');

const writes = (name: string) => memoryGateway().calls.filter((call) => call.name === name);

beforeEach(async () => {
  memoryGateway().calls.length = 0;
  render(
    <>
      <CardDetail boardId="board-1" cardId="card-drinks" onClose={vi.fn()} />
      <ToastViewport />
    </>,
  );
  await screen.findByRole('dialog', { name: 'Getränke bestellen' });
});

afterEach(() => boardStore.close());

describe('own comments', () => {
  it('are edited in place and then marked (bearbeitet)', async () => {
    const comments = screen.getByRole('heading', { name: 'Kommentare' }).closest('section')!;
    await userEvent.click(within(comments).getByRole('button', { name: 'Bearbeiten' }));
    const field = within(comments).getByRole('combobox', { name: 'Kommentar bearbeiten' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Neu formuliert');
    await userEvent.click(within(comments).getByRole('button', { name: 'Speichern' }));
    expect(writes('updateCommentRow').at(-1)?.args[1]).toBe('Neu formuliert');
    expect(within(comments).getByText('Neu formuliert')).toBeTruthy();
    expect(within(comments).getByText(/\(bearbeitet\)/)).toBeTruthy();
  });

  it('are deleted after a confirmation', async () => {
    const comments = screen.getByRole('heading', { name: 'Kommentare' }).closest('section')!;
    await userEvent.click(within(comments).getByRole('button', { name: 'Löschen' }));
    expect(within(comments).getByText('Diesen Kommentar löschen?')).toBeTruthy();
    await userEvent.click(within(comments).getByRole('button', { name: 'Löschen' }));
    expect(writes('deleteCommentRow')).toHaveLength(1);
    expect(within(comments).getByText('Noch keine Kommentare')).toBeTruthy();
  });
});

describe("another member's comment", () => {
  it('offers neither Bearbeiten nor Löschen', async () => {
    await act(async () => {
      memoryGateway().push({
        table: 'card_comments',
        eventType: 'INSERT',
        new: {
          id: 'comment-anna',
          card_id: 'card-drinks',
          user_id: 'user-anna',
          text: 'Von Anna',
          created_at: '2025-06-02T08:00:00Z',
          edited_at: null,
        },
        old: {},
      });
    });
    const item = screen.getByText('Von Anna').closest('li')!;
    expect(within(item).queryByRole('button', { name: 'Bearbeiten' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Löschen' })).toBeNull();
  });
});

describe('an imported comment', () => {
  it("names the author and time the file gave, as imported, not as a member's", async () => {
    await act(async () => {
      memoryGateway().push({
        table: 'card_comments',
        eventType: 'INSERT',
        new: {
          id: 'comment-imported',
          card_id: 'card-drinks',
          user_id: 'user-anna',
          text: 'Aus Trello',
          created_at: '2026-11-26T09:00:00Z',
          edited_at: null,
          imported_author_name: 'Max Mustermann',
          imported_at: '2025-03-04T10:15:00Z',
        },
        old: {},
      });
    });
    const item = screen.getByText('Aus Trello').closest('li')!;
    expect(
      within(item).getByText(/^Importiert – ursprünglich von Max Mustermann am 04\.03\.2025/),
    ).toBeTruthy();
  });
});

describe('deleting the card', () => {
  it("offers 'Rückgängig' in a toast that brings the card back", async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Aufgabe löschen' }));
    const toast = await screen.findByRole('status');
    expect(toast.textContent).toContain('Karte gelöscht');
    await userEvent.click(within(toast).getByRole('button', { name: 'Rückgängig' }));
    expect(writes('updateCardRow').map((call) => call.args[1])).toEqual([
      { deleted_at: expect.any(String) },
      { deleted_at: null },
    ]);
    expect(screen.queryByText('Karte gelöscht')).toBeNull();
  });
});

describe('label modal', () => {
  it('renames and recolours a label', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Labels bearbeiten' }));
    const modal = await screen.findByRole('dialog', { name: 'Labels auswählen' });
    await userEvent.click(
      within(modal).getByRole('button', { name: 'Label „Einkauf“ bearbeiten' }),
    );
    const edit = screen.getByRole('dialog', { name: 'Label bearbeiten' });
    const name = within(edit).getByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Einkauf');
    await userEvent.clear(name);
    await userEvent.type(name, 'Besorgung');
    await userEvent.click(within(edit).getByRole('radio', { name: 'Rot' }));
    await userEvent.click(within(edit).getByRole('button', { name: 'Speichern' }));
    expect(writes('updateLabelRow').at(-1)?.args).toEqual([
      'label-1',
      { name: 'Besorgung', color: expect.stringContaining('red') },
    ]);
    expect(await screen.findByRole('checkbox', { name: 'Besorgung' })).toBeTruthy();
  });

  it('deletes a label after saying on how many cards it is used', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Labels bearbeiten' }));
    const modal = await screen.findByRole('dialog', { name: 'Labels auswählen' });
    const label = within(modal).getAllByRole('button', { name: /bearbeiten$/ })[0]!;
    await userEvent.click(label);
    const edit = screen.getByRole('dialog', { name: 'Label bearbeiten' });
    await userEvent.click(within(edit).getByRole('button', { name: 'Label löschen' }));
    expect(within(edit).getByRole('alert').textContent).toMatch(
      /^Label „.+“ löschen\? Es ist an 1 Karte vergeben\.$/,
    );
    await userEvent.click(within(edit).getByRole('button', { name: 'Label löschen' }));
    expect(writes('deleteLabelRow')).toHaveLength(1);
    expect(screen.getByText('Noch keine Labels für dieses Board')).toBeTruthy();
  });
});

describe('a refused new label', () => {
  // Last in this file: the memory gateway keeps refusing insertLabel from here on.
  it('keeps the name in the form', async () => {
    memoryGateway().refuse('insertLabel');
    await userEvent.click(screen.getByRole('button', { name: 'Labels bearbeiten' }));
    await userEvent.click(await screen.findByRole('button', { name: '+ Neues Label' }));
    const dialog = screen.getByRole('dialog', { name: 'Neues Label erstellen' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Neu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Label erstellen' }));
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Neu');
  });
});
