import { act, render, screen, waitFor } from '@testing-library/react';
import { memoryPresence } from '@taskflow/shared/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CardDetail from '../src/card-detail';
import { viewersText } from '../src/features/presence/components/card-viewers';

vi.mock('@taskflow/shared', async (importOriginal) =>
  (await import('@taskflow/shared/testing')).sharedOnMemoryGateway(await importOriginal()),
);

const { boardStore } = await import('@taskflow/shared');

const anna = { id: 'user-anna', email: 'anna@beispiel.de', fullName: 'Anna Schmidt' };
const visit = (
  userId: string,
  name: string,
  cardId: string | null,
  onState?: Parameters<ReturnType<typeof memoryPresence>['visit']>[2],
) => memoryPresence().visit('board-1', { user_id: userId, name, card_id: cardId }, onState);

beforeEach(async () => {
  memoryPresence().signIn(anna);
  render(<CardDetail boardId="board-1" cardId="card-drinks" onClose={vi.fn()} />);
  await screen.findByRole('dialog', { name: 'Getränke bestellen' });
  // The dialog can be on screen before React has run its effects (the card arrives outside
  // act), and a test asserting synchronously needs the page present in the room.
  await waitFor(() =>
    expect(memoryPresence().roomState('board-1')['user-anna']?.[0]?.card_id).toBe('card-drinks'),
  );
});

afterEach(() => {
  boardStore.close();
  memoryPresence().signIn(null);
});

describe('who else looks at this card', () => {
  it('tells the others which card the user has open', () => {
    let seen: unknown = null;
    act(() => {
      visit('user-ben', 'Ben Keller', null, (state) => (seen = state['user-anna']));
    });
    expect(seen).toEqual([{ user_id: 'user-anna', name: 'Anna Schmidt', card_id: 'card-drinks' }]);
  });

  it('names another member who has the same card open, until they close it', () => {
    expect(screen.queryByText(/gerade an/)).toBeNull();
    let bens!: ReturnType<typeof visit>;
    act(() => {
      bens = visit('user-ben', 'Ben Keller', 'card-drinks');
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Ben Keller sieht sich diese Karte gerade an',
    );
    act(() => bens.track({ user_id: 'user-ben', name: 'Ben Keller', card_id: 'card-other' }));
    expect(screen.queryByText(/gerade an/)).toBeNull();
    act(() => bens.close());
    expect(screen.queryByText(/gerade an/)).toBeNull();
  });

  it('uses the plural for two, and never names oneself', () => {
    act(() => {
      visit('user-ben', 'Ben Keller', 'card-drinks');
      visit('user-carla', 'Carla Weiß', 'card-drinks');
      // The user's own other tab on the same card.
      visit('user-anna', 'Anna Schmidt', 'card-drinks');
    });
    expect(
      screen.getByText('Ben Keller und Carla Weiß sehen sich diese Karte gerade an'),
    ).toBeTruthy();
  });

  it('lists three names, and counts beyond two of four or more', () => {
    const people = ['Anna', 'Ben', 'Carla', 'Dora', 'Emil'].map((name) => ({ name }));
    expect(viewersText(people.slice(0, 3))).toBe(
      'Anna, Ben und Carla sehen sich diese Karte gerade an',
    );
    expect(viewersText(people)).toBe('Anna, Ben und 3 weitere sehen sich diese Karte gerade an');
  });
});
