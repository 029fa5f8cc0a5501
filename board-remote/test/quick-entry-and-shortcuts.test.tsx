import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters } from '@taskflow/shared';
import { memoryGateway } from '@taskflow/shared/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BoardColumns from '../src/board-columns';

// The remote over the real board store, bound to a memory gateway (as board-columns.test.tsx).
vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

afterEach(() => boardStore.close());

const renderBoard = async () => {
  const onOpenCard = vi.fn();
  render(<BoardColumns boardId="board-1" filters={emptyFilters} onOpenCard={onOpenCard} />);
  await screen.findByRole('region', { name: 'Zu erledigen' });
  return onOpenCard;
};

const list = (name: string) => screen.getByRole('region', { name });

const cardTitles = (name: string) =>
  within(within(list(name)).getByRole('list'))
    .queryAllByRole('button')
    .map((button) => button.querySelector('span.block')?.textContent ?? '');

const openComposer = async (name: string) => {
  await userEvent.click(within(list(name)).getByRole('button', { name: '+ Karte hinzufügen' }));
  return within(list(name)).getByPlaceholderText('Titel der Karte');
};

/** Lets the 100 ms after which a new card would open pass. */
const afterOpenDelay = () => act(() => new Promise((resolve) => setTimeout(resolve, 200)));

describe('quick entry', () => {
  it('adds with Alt+Enter and keeps the composer open, empty and focused', async () => {
    const onOpenCard = await renderBoard();
    const field = await openComposer('Erledigt');
    await userEvent.type(field, 'Fotos');
    await userEvent.keyboard('{Alt>}{Enter}{/Alt}');
    await userEvent.type(field, 'Deko');
    await userEvent.keyboard('{Alt>}{Enter}{/Alt}');
    expect(cardTitles('Erledigt')).toEqual(['Ort reservieren', 'Fotos', 'Deko']);
    expect(field.isConnected).toBe(true);
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe('');
    await afterOpenDelay();
    expect(onOpenCard).not.toHaveBeenCalled();
  });

  it("adds with 'Hinzufügen und weitere' and gives the field back the focus", async () => {
    const onOpenCard = await renderBoard();
    const field = await openComposer('Erledigt');
    const more = within(list('Erledigt')).getByRole('button', { name: 'Hinzufügen und weitere' });
    expect((more as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(field, 'Fotos');
    await userEvent.click(more);
    expect(cardTitles('Erledigt')).toEqual(['Ort reservieren', 'Fotos']);
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe('');
    await afterOpenDelay();
    expect(onOpenCard).not.toHaveBeenCalled();
  });

  it('offers one card per pasted line, and adds them in order without opening one', async () => {
    const onOpenCard = await renderBoard();
    const field = await openComposer('Erledigt');
    await userEvent.paste('Fotos\n  Deko \n\nMusik\n');
    expect((field as HTMLInputElement).value).toBe('Fotos Deko Musik');
    const offer = within(list('Erledigt')).getByRole('status');
    const before = memoryGateway().calls.length;
    expect(offer.textContent).toContain('3 Zeilen eingefügt.');
    await userEvent.click(
      within(offer).getByRole('button', { name: 'Eine Karte pro Zeile erstellen' }),
    );
    expect(cardTitles('Erledigt')).toEqual(['Ort reservieren', 'Fotos', 'Deko', 'Musik']);
    const inserts = memoryGateway()
      .calls.slice(before)
      .filter((call) => call.name === 'insertCard')
      .map((call) => call.args[0] as { title: string; position: number });
    expect(inserts.map((row) => row.title)).toEqual(['Fotos', 'Deko', 'Musik']);
    expect(inserts.map((row) => row.position)).toEqual([2048, 3072, 4096]);
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe('');
    await afterOpenDelay();
    expect(onOpenCard).not.toHaveBeenCalled();
  });

  it('withdraws the offer once the pasted text is edited, and a single line pastes as usual', async () => {
    await renderBoard();
    const field = await openComposer('Erledigt');
    await userEvent.paste('Fotos\nDeko');
    expect(within(list('Erledigt')).queryByRole('status')).not.toBeNull();
    await userEvent.type(field, '!');
    expect(within(list('Erledigt')).queryByRole('status')).toBeNull();
    await userEvent.clear(field);
    await userEvent.paste('Fotos');
    expect((field as HTMLInputElement).value).toBe('Fotos');
    expect(within(list('Erledigt')).queryByRole('status')).toBeNull();
  });
});

describe('keyboard shortcuts on the board', () => {
  const focusCard = (title: string) =>
    act(() => screen.getByRole('button', { name: new RegExp(title) }).focus());

  it("'n' opens the composer of the focused card's list, and Escape gives the focus back", async () => {
    await renderBoard();
    await focusCard('Musik organisieren');
    await userEvent.keyboard('n');
    const field = within(list('Zu erledigen')).getByPlaceholderText('Titel der Karte');
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe('');
    // Typing in the composer is typing: 'n' and 'e' are letters there.
    await userEvent.keyboard('neu');
    expect((field as HTMLInputElement).value).toBe('neu');
    await userEvent.keyboard('{Escape}');
    expect(within(list('Zu erledigen')).queryByPlaceholderText('Titel der Karte')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(list('Zu erledigen')).getByRole('button', { name: '+ Karte hinzufügen' }),
      ),
    );
  });

  it("'e' opens the focused card, and no shortcut acts with a modifier or off the board", async () => {
    const onOpenCard = await renderBoard();
    await focusCard('Musik organisieren');
    await userEvent.keyboard('{Control>}e{/Control}');
    await userEvent.keyboard('{Alt>}>{/Alt}');
    expect(onOpenCard).not.toHaveBeenCalled();
    expect(cardTitles('Zu erledigen')).toEqual(['Getränke bestellen', 'Musik organisieren']);
    await userEvent.keyboard('e');
    expect(onOpenCard).toHaveBeenCalledWith('card-music');
    await act(() => (document.activeElement as HTMLElement).blur());
    await userEvent.keyboard('n');
    expect(screen.queryByPlaceholderText('Titel der Karte')).toBeNull();
  });

  it("'>' and '<' move the focused card to the next and previous list, announced", async () => {
    await renderBoard();
    await focusCard('Musik organisieren');
    const before = memoryGateway().calls.length;
    await userEvent.keyboard('>');
    expect(cardTitles('Erledigt')).toEqual(['Ort reservieren', 'Musik organisieren']);
    expect(cardTitles('Zu erledigen')).toEqual(['Getränke bestellen']);
    expect(
      await screen.findByText(
        'Karte „Musik organisieren“ nach Liste „Erledigt“ verschoben, Position 2 von 2.',
      ),
    ).toBeTruthy();
    const move = memoryGateway()
      .calls.slice(before)
      .find((call) => call.name === 'updateCardRow');
    expect(move?.args[1]).toMatchObject({ list_id: 'list-done' });
    // The focus moves with the card.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: /Musik organisieren/ }),
      ),
    );
    await userEvent.keyboard('>');
    expect(
      await screen.findByText('Karte „Musik organisieren“ liegt schon in der letzten Liste.'),
    ).toBeTruthy();
    await userEvent.keyboard('<');
    expect(cardTitles('Zu erledigen')).toEqual(['Getränke bestellen', 'Musik organisieren']);
  });

  it('carries the card on with a second press before it lands, and writes once', async () => {
    await renderBoard();
    const later = await act(() => boardStore.addList('Später'));
    await screen.findByRole('region', { name: 'Später' });
    await focusCard('Musik organisieren');
    const before = memoryGateway().calls.length;
    const tile = document.activeElement as HTMLElement;
    act(() => {
      fireEvent.keyDown(tile, { key: '>' });
      fireEvent.keyDown(tile, { key: '>' });
    });
    expect(
      await screen.findByText(
        'Karte „Musik organisieren“ nach Liste „Später“ verschoben, Position 1 von 1.',
      ),
    ).toBeTruthy();
    expect(cardTitles('Später')).toEqual(['Musik organisieren']);
    expect(cardTitles('Erledigt')).toEqual(['Ort reservieren']);
    const moves = memoryGateway()
      .calls.slice(before)
      .filter((call) => call.name === 'updateCardRow');
    expect(moves).toHaveLength(1);
    expect(moves[0]?.args[1]).toMatchObject({ list_id: later });
  });
});
