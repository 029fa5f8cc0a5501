import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters } from '@taskflow/shared';
import { memoryGateway, newCard } from '@taskflow/shared/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import BoardColumns from '../src/board-columns';
import { WINDOW_FROM } from '../src/features/columns/components/list-column';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

afterEach(() => {
  boardStore.close();
  vi.restoreAllMocks();
});

const renderBoard = async () => {
  const onOpenCard = vi.fn();
  render(<BoardColumns boardId="board-1" filters={emptyFilters} onOpenCard={onOpenCard} />);
  await screen.findByRole('region', { name: 'Zu erledigen' });
  return onOpenCard;
};

const region = (name: string) => screen.getByRole('region', { name });
const cardsIn = (name: string) =>
  within(within(region(name)).getByRole('list'))
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');

/** The live regions (dnd-kit's and the keyboard carry's): what a screen reader hears. */
const announced = () =>
  [...document.querySelectorAll('[aria-live]')].map((node) => node.textContent ?? '').join(' ');

describe('sortable cards, by keyboard', () => {
  it('opens the card on Enter and does not pick it up', async () => {
    const onOpenCard = await renderBoard();
    const card = screen.getByRole('button', { name: /Musik organisieren/ });
    card.focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpenCard).toHaveBeenCalledWith('card-music');
    expect(announced()).not.toContain('aufgenommen');
  });

  it('picks a card up with Space and puts it back with Escape, announcing both in German', async () => {
    await renderBoard();
    const card = screen.getByRole('button', { name: /Getränke bestellen/ });
    card.focus();
    fireEvent.keyDown(card, { code: 'Space', key: ' ' });
    await waitFor(() =>
      expect(announced()).toContain(
        'Karte „Getränke bestellen“ aufgenommen, Position 1 von 2 in Liste „Zu erledigen“.',
      ),
    );
    fireEvent.keyDown(card, { code: 'Escape', key: 'Escape' });
    await waitFor(() =>
      expect(announced()).toContain(
        'Verschieben abgebrochen. Karte „Getränke bestellen“ liegt wieder in Liste „Zu erledigen“.',
      ),
    );
    expect(memoryGateway().calls.filter((c) => c.name === 'updateCardRow')).toHaveLength(0);
    expect(cardsIn('Zu erledigen')).toEqual([
      expect.stringContaining('Getränke bestellen'),
      expect.stringContaining('Musik organisieren'),
    ]);
  });

  it('carries a card into the next list with the arrow keys and writes one row on Space', async () => {
    await renderBoard();
    const card = screen.getByRole('button', { name: /Musik organisieren/ });
    card.focus();
    // Keys go where the focus is: on the carried card, wherever its tile now is.
    const press = (code: string, key = code) =>
      fireEvent.keyDown(document.activeElement!, { code, key });
    press('Space', ' ');
    await waitFor(() =>
      expect(announced()).toContain(
        'Karte „Musik organisieren“ aufgenommen, Position 2 von 2 in Liste „Zu erledigen“.',
      ),
    );
    press('ArrowRight');
    await waitFor(() =>
      expect(announced()).toContain(
        'Karte „Musik organisieren“ über Position 2 von 2 in Liste „Erledigt“.',
      ),
    );
    press('ArrowUp');
    await waitFor(() =>
      expect(announced()).toContain(
        'Karte „Musik organisieren“ über Position 1 von 2 in Liste „Erledigt“.',
      ),
    );
    expect(memoryGateway().calls.filter((c) => c.name === 'updateCardRow')).toHaveLength(0);
    press('Space', ' ');
    await waitFor(() =>
      expect(announced()).toContain(
        'Karte „Musik organisieren“ an Position 1 von 2 in Liste „Erledigt“ abgelegt.',
      ),
    );
    const writes = memoryGateway().calls.filter((c) => c.name === 'updateCardRow');
    expect(writes).toHaveLength(1);
    expect(writes[0]?.args[1]).toMatchObject({ list_id: 'list-done' });
    expect(cardsIn('Erledigt')[0]).toContain('Musik organisieren');
    expect(document.activeElement?.textContent).toContain('Musik organisieren');
  });

  it('tells assistive technology how to drag, in German', async () => {
    await renderBoard();
    // dnd-kit mounts its screen-reader instructions in a portal after its first effect.
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'Drücken Sie die Leertaste, um eine Karte oder Liste aufzunehmen.',
      ),
    );
  });
});

describe('list header', () => {
  it('renames a list inline: Enter saves, Escape cancels, blank is refused', async () => {
    await renderBoard();
    await userEvent.click(within(region('Erledigt')).getByRole('button', { name: 'Erledigt' }));
    const field = screen.getByRole('textbox', { name: 'Titel der Liste „Erledigt“' });
    await userEvent.clear(field);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Der Titel darf nicht leer sein.')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(region('Erledigt')).toBeTruthy();

    await userEvent.click(within(region('Erledigt')).getByRole('button', { name: 'Erledigt' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Titel der Liste „Erledigt“' }));
    await userEvent.keyboard('Fertig{Enter}');
    expect(await screen.findByRole('region', { name: 'Fertig' })).toBeTruthy();
    const write = memoryGateway().calls.find((c) => c.name === 'updateListRow');
    expect(write?.args).toEqual(['list-done', { title: 'Fertig' }]);
  });

  it('deletes a list from its menu after a confirmation naming it and its cards', async () => {
    await renderBoard();
    await userEvent.click(
      screen.getByRole('button', { name: 'Aktionen für Liste „Zu erledigen“' }),
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Liste löschen' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Liste „Zu erledigen“ mit 2 Karten löschen?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Liste löschen' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Zu erledigen' })).toBeNull());
    expect(memoryGateway().calls.some((c) => c.name === 'deleteListRow')).toBe(true);
  });

  it('offers renaming from the menu too', async () => {
    await renderBoard();
    await userEvent.click(screen.getByRole('button', { name: 'Aktionen für Liste „Erledigt“' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Liste umbenennen' }));
    expect(screen.getByRole('textbox', { name: 'Titel der Liste „Erledigt“' })).toBeTruthy();
  });

  it('has a drag handle for the list that the keyboard reaches', async () => {
    await renderBoard();
    const handle = screen.getByRole('button', { name: 'Liste „Erledigt“ verschieben' });
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    // Without layout (jsdom) it is over some list at once; the words are what matters here.
    await waitFor(() => expect(announced()).toMatch(/Liste „Erledigt“ (aufgenommen|über)/));
    fireEvent.keyDown(handle, { code: 'Escape', key: 'Escape' });
    await waitFor(() =>
      expect(announced()).toContain(
        'Verschieben abgebrochen. Liste „Erledigt“ steht wieder an ihrem Platz.',
      ),
    );
  });
});

describe('long lists', () => {
  it('mounts only a window of a long list while its header counts every card', async () => {
    // A laid-out page: the list shows 600 px of cards, a card is 90 px high (jsdom has no
    // layout of its own).
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(90);
    await renderBoard();
    const many = WINDOW_FROM + 140;
    act(() => {
      for (let i = 0; i < many; i += 1) {
        memoryGateway().push({
          table: 'cards',
          eventType: 'INSERT',
          new: {
            ...newCard({
              id: `bulk-${i}`,
              list_id: 'list-done',
              board_id: 'board-1',
              title: `Aufgabe ${i}`,
              position: 10_000 + i,
            }),
          },
          old: {},
        });
      }
    });
    const header = within(region('Erledigt')).getByTestId('list-count');
    expect(header.textContent).toBe(String(many + 1));
    const mounted = cardsIn('Erledigt').length;
    expect(mounted).toBeGreaterThan(0);
    expect(mounted).toBeLessThan(40);
  });
});
