// Where a dragged card lands, in the terms the user sees: the list and its neighbours as shown.
// The store is told just that (boardStore.moveCard(id, { listId, after, before })); the screen
// may show fewer cards than the list holds (search and filters hide some), and the store places
// the card among all of them (domain/positions.ts, rowsAround).
import type { Between } from '@taskflow/shared';

export interface Ids {
  id: string;
}

/** The neighbours of `id` in `order` (the list as shown after the drop), null at an end. */
export const neighboursIn = (order: readonly Ids[], id: string): Between => {
  const at = order.findIndex((item) => item.id === id);
  if (at < 0) return { after: null, before: null };
  return { after: order[at - 1]?.id ?? null, before: order[at + 1]?.id ?? null };
};

/** The array with the item at `from` moved to `to` (as dnd-kit's arrayMove, without the import). */
export const moved = <T>(items: readonly T[], from: number, to: number): T[] => {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
};

/** A list as the drag sees it: its id and the cards it shows. */
export interface ShownList<C extends Ids> {
  list: { id: string };
  cards: C[];
}

/** Where a dragged card lands if it is dropped now. */
export interface Landing<L> {
  /** The list it lands in. */
  column: L;
  /** That list's shown cards after the drop, the moved card included. */
  order: Ids[];
  /** The card's index in `order`. */
  index: number;
}

/**
 * The one answer to "where does it land?", used for the preview, every spoken step and the
 * drop itself, so the announcement always names the place the drop will use. Over a card of
 * its own list, the card takes that card's place (dnd-kit's sortable semantics); over a card of
 * another list, it goes before it, or after it when `below`; over a list body, it stays where it
 * is in its own list and goes to the end of another.
 */
export const landing = <C extends Ids, L extends ShownList<C>>(
  view: readonly L[],
  cardId: string,
  over: { id: string; listId: string | undefined },
  below: boolean,
): Landing<L> | null => {
  const from = view.find((c) => c.cards.some((card) => card.id === cardId));
  if (!from) return null;
  const target = view.find((c) => c.list.id === over.listId) ?? from;
  const fromIndex = from.cards.findIndex((c) => c.id === cardId);
  const overIndex = target.cards.findIndex((c) => c.id === over.id);
  if (target === from) {
    const index = overIndex >= 0 ? overIndex : fromIndex;
    return { column: from, order: moved(from.cards, fromIndex, index), index };
  }
  const index = overIndex >= 0 ? overIndex + (below ? 1 : 0) : target.cards.length;
  const order: Ids[] = [...target.cards];
  order.splice(index, 0, { id: cardId });
  return { column: target, order, index };
};
