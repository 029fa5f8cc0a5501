// A card carried by the keyboard: Space picks it up, the arrow keys move it one place in its
// list or to the neighbouring list, Space puts it down, Escape puts it back.
//
// Why not dnd-kit's keyboard sensor, which the pointer's drag goes through: it steps from one
// *mounted* card to the next, measuring where they are on screen. A long list mounts only the
// cards in view (windowing), so the carried card ran out of cards to step onto a few places
// below the visible part, and the list scrolling under it while cards mounted and unmounted made
// React give up ('Maximum update depth exceeded'). A place in a list is an index, so the keyboard
// moves by index over the whole list, mounted or not, and the list scrolls to show it.

import { moved, type Ids, type ShownList } from './drop-target';

/** Where the carried card is shown for now: its list and its index among the shown cards. */
export interface Carry {
  cardId: string;
  listId: string;
  index: number;
}

/** The lists with the carried card shown at its place for now; other lists keep their object. */
export const carriedColumns = <C extends Ids, L extends ShownList<C>>(
  columns: L[],
  carry: Carry | null,
): L[] => {
  if (!carry) return columns;
  const from = columns.find((c) => c.cards.some((card) => card.id === carry.cardId));
  const card = from?.cards.find((c) => c.id === carry.cardId);
  if (!from || !card) return columns;
  return columns.map((column) => {
    if (column === from && column.list.id === carry.listId) {
      const at = column.cards.indexOf(card);
      return at === carry.index
        ? column
        : { ...column, cards: moved(column.cards, at, carry.index) };
    }
    if (column === from) {
      return { ...column, cards: column.cards.filter((c) => c.id !== carry.cardId) };
    }
    if (column.list.id === carry.listId) {
      const cards = [...column.cards];
      cards.splice(Math.max(0, Math.min(carry.index, cards.length)), 0, card);
      return { ...column, cards };
    }
    return column;
  });
};

export type CarryKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

/**
 * The carry after one arrow key, over the lists as shown with the card at its place (`view`):
 * up and down move it one place within the list, stopping at either end; left and right move it
 * to the same place in the neighbouring list (its end, if that list is shorter).
 */
export const stepCarry = <C extends Ids, L extends ShownList<C>>(
  view: readonly L[],
  carry: Carry,
  key: CarryKey,
): Carry => {
  const at = view.findIndex((c) => c.list.id === carry.listId);
  const here = view[at];
  if (!here) return carry;
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const last = here.cards.length - 1;
    const index = Math.max(0, Math.min(last, carry.index + (key === 'ArrowDown' ? 1 : -1)));
    return index === carry.index ? carry : { ...carry, index };
  }
  const next = view[at + (key === 'ArrowRight' ? 1 : -1)];
  if (!next) return carry;
  // The target list as shown does not hold the card yet: it may go after its last card.
  return { ...carry, listId: next.list.id, index: Math.min(carry.index, next.cards.length) };
};
