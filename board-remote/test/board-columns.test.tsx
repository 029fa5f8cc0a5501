import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters, type CardFilters } from '@taskflow/shared';
import { memoryGateway } from '@taskflow/shared/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BoardColumns from '../src/board-columns';

// The remote reads the board through shared's hook, bound here to a store over a memory gateway.
vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

afterEach(() => boardStore.close());

const renderBoard = async (filters: CardFilters = emptyFilters) => {
  const onOpenCard = vi.fn();
  render(<BoardColumns boardId="board-1" filters={filters} onOpenCard={onOpenCard} />);
  await screen.findByRole('region', { name: 'Zu erledigen' });
  return onOpenCard;
};

// The cards are the buttons in the list's card list (its header has buttons of its own).
const cardTitles = (listName: string) =>
  within(within(screen.getByRole('region', { name: listName })).getByRole('list'))
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');

describe('board columns', () => {
  it('shows the lists with their cards in order', async () => {
    await renderBoard();
    expect(cardTitles('Zu erledigen')).toEqual([
      expect.stringContaining('Getränke bestellen'),
      expect.stringContaining('Musik organisieren'),
    ]);
    expect(cardTitles('Erledigt')).toEqual([expect.stringContaining('Ort reservieren')]);
    const drinks = screen.getByRole('button', { name: /Getränke bestellen/ });
    expect(drinks.textContent).toContain('Einkauf');
    expect(drinks.textContent).toContain('Hoch');
    expect(drinks.textContent).toContain('20.06.2025');
    expect(drinks.textContent).toContain('1/2');
    expect(screen.getByRole('button', { name: '+ Liste hinzufügen' })).toBeTruthy();
  });

  it('shows only the cards that match the filters', async () => {
    await renderBoard({ ...emptyFilters, search: 'musik' });
    expect(cardTitles('Zu erledigen')).toEqual([expect.stringContaining('Musik organisieren')]);
    expect(cardTitles('Erledigt')).toEqual([]);
  });

  it('filters by label and by due date, together with the search', async () => {
    await renderBoard({ ...emptyFilters, labelId: 'label-1' });
    expect(cardTitles('Zu erledigen')).toEqual([expect.stringContaining('Getränke bestellen')]);
    expect(cardTitles('Erledigt')).toEqual([]);
    cleanup();
    boardStore.close();
    // 'Getränke bestellen' was due on 20 June 2025; the other two have no due date.
    await renderBoard({ ...emptyFilters, due: 'overdue' });
    expect(cardTitles('Zu erledigen')).toEqual([expect.stringContaining('Getränke bestellen')]);
    expect(cardTitles('Erledigt')).toEqual([]);
    cleanup();
    boardStore.close();
    await renderBoard({ ...emptyFilters, due: 'noDate' });
    expect(cardTitles('Zu erledigen')).toEqual([expect.stringContaining('Musik organisieren')]);
    expect(cardTitles('Erledigt')).toEqual([expect.stringContaining('Ort reservieren')]);
    cleanup();
    boardStore.close();
    await renderBoard({ ...emptyFilters, search: 'musik', due: 'overdue' });
    expect(screen.getByText('Keine Karten entsprechen den Filtern.')).toBeTruthy();
  });

  it('opens a card on click', async () => {
    const onOpenCard = await renderBoard();
    await userEvent.click(screen.getByRole('button', { name: /Musik organisieren/ }));
    expect(onOpenCard).toHaveBeenCalledWith('card-music');
  });

  it('adds a card at the end of its list and then opens it', async () => {
    const onOpenCard = await renderBoard();
    const list = screen.getByRole('region', { name: 'Erledigt' });
    await userEvent.click(within(list).getByRole('button', { name: '+ Karte hinzufügen' }));
    await userEvent.type(within(list).getByPlaceholderText('Titel der Karte'), 'Fotos{Enter}');
    expect(cardTitles('Erledigt')).toEqual([
      expect.stringContaining('Ort reservieren'),
      expect.stringContaining('Fotos'),
    ]);
    const insert = memoryGateway().calls.find((call) => call.name === 'insertCard');
    expect(insert?.args[0]).toMatchObject({ list_id: 'list-done', title: 'Fotos', position: 2048 });
    await waitFor(() => expect(onOpenCard).toHaveBeenCalledWith(expect.any(String)));
  });

  it('adds a list', async () => {
    await renderBoard();
    await userEvent.click(screen.getByRole('button', { name: '+ Liste hinzufügen' }));
    await userEvent.type(screen.getByPlaceholderText('Titel der Liste'), 'Ideen{Enter}');
    expect(await screen.findByRole('region', { name: 'Ideen' })).toBeTruthy();
  });

  it('takes back a card the server refuses', async () => {
    memoryGateway().refuse('deleteCardRow');
    await renderBoard();
    await act(async () => {
      await boardStore.deleteCard('card-venue');
    });
    expect(cardTitles('Erledigt')).toEqual([expect.stringContaining('Ort reservieren')]);
  });

  it('says when search and filters match nothing, and resets them', async () => {
    const onResetFilters = vi.fn();
    render(
      <BoardColumns
        boardId="board-1"
        filters={{ ...emptyFilters, search: 'gibt es nicht' }}
        onOpenCard={vi.fn()}
        onResetFilters={onResetFilters}
      />,
    );
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Keine Karten entsprechen den Filtern.');
    await userEvent.click(within(status).getByRole('button', { name: 'Filter zurücksetzen' }));
    expect(onResetFilters).toHaveBeenCalledTimes(1);
  });

  it('shows no empty-filter note while something matches', async () => {
    await renderBoard({ ...emptyFilters, search: 'musik' });
    expect(screen.queryByText('Keine Karten entsprechen den Filtern.')).toBeNull();
  });

  it('keeps the typed title and the form open when the server refuses a new card', async () => {
    memoryGateway().refuse('insertCard');
    await renderBoard();
    const list = screen.getByRole('region', { name: 'Erledigt' });
    await userEvent.click(within(list).getByRole('button', { name: '+ Karte hinzufügen' }));
    const field = within(list).getByPlaceholderText('Titel der Karte');
    await userEvent.type(field, 'Fotos{Enter}');
    expect(await within(list).findByRole('alert')).toBeTruthy();
    expect(within(list).getByRole('alert').textContent).toBe(
      'Das Element konnte nicht angelegt werden.',
    );
    expect((within(list).getByPlaceholderText('Titel der Karte') as HTMLInputElement).value).toBe(
      'Fotos',
    );
    expect(within(list).queryByRole('button', { name: /Fotos/ })).toBeNull();
  });
});
