import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { emptyFilters } from '@taskflow/shared';
import { memoryGateway, newCard } from '@taskflow/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type * as Shared from '@taskflow/shared';
import BoardColumns from '../src/board-columns';

// A tile's face asks for its priority's name once per render: counting those calls counts the
// card faces React rendered, which is what a drag or a change of one card must keep small.
vi.mock('@taskflow/shared', async (importOriginal) => {
  const actual = await importOriginal<typeof Shared>();
  return (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(actual, {
    priorityName: vi.fn(actual.priorityName),
  });
});

const { boardStore, priorityName } = await import('@taskflow/shared');
const facesRendered = priorityName as Mock;

/** The live regions (dnd-kit's and the keyboard carry's): what a screen reader hears. */
const announced = () =>
  [...document.querySelectorAll('[aria-live]')].map((node) => node.textContent ?? '').join(' ');

const EXTRA_CARDS = 24;

beforeEach(async () => {
  render(<BoardColumns boardId="board-1" filters={emptyFilters} onOpenCard={() => {}} />);
  await screen.findByRole('region', { name: 'Zu erledigen' });
  act(() => {
    for (let i = 0; i < EXTRA_CARDS; i += 1) {
      memoryGateway().push({
        table: 'cards',
        eventType: 'INSERT',
        new: {
          ...newCard({
            id: `extra-${i}`,
            list_id: i % 2 ? 'list-done' : 'list-todo',
            board_id: 'board-1',
            title: `Aufgabe ${i}`,
            position: 10_000 + i,
          }),
        },
        old: {},
      });
    }
  });
  await screen.findByRole('button', { name: /Aufgabe 23/ });
  facesRendered.mockClear();
});

afterEach(() => {
  boardStore.close();
});

describe('what a drag renders again', () => {
  it('renders no other card while one is picked up, moved and put back', async () => {
    const card = screen.getByRole('button', { name: /Getränke bestellen/ });
    card.focus();
    fireEvent.keyDown(card, { code: 'Space', key: ' ' });
    await waitFor(() => expect(announced()).toContain('aufgenommen'));
    // Keys go where the focus is: on the carried card, wherever its tile now is.
    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { code: key, key });
    press('ArrowDown');
    press('ArrowRight');
    press('Escape');
    await waitFor(() => expect(announced()).toContain('Verschieben abgebrochen'));

    // The card under the pointer or keys (its overlay, its tile) may render; the 25 others not.
    expect(facesRendered.mock.calls.length).toBeGreaterThan(0);
    expect(facesRendered.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('renders only the changed card when another member edits one', async () => {
    act(() => {
      memoryGateway().push({
        table: 'cards',
        eventType: 'UPDATE',
        new: {
          ...newCard({
            id: 'extra-5',
            list_id: 'list-done',
            board_id: 'board-1',
            title: 'Neu benannt',
            position: 10_005,
          }),
        },
        old: { id: 'extra-5' },
      });
    });
    await screen.findByRole('button', { name: /Neu benannt/ });
    expect(facesRendered).toHaveBeenCalledTimes(1);
  });
});
