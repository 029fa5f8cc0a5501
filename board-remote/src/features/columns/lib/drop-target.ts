// Where a dragged card lands, in the terms the store speaks: an index among ALL cards of the
// target list (without the card itself). The screen may show fewer (search and filters hide
// some), so the visible neighbours are mapped back to the full list: the card lands right after
// the visible card before it, or right before the visible card after it.

export interface Ids {
  id: string;
}

/**
 * `visible`: the list as shown after the drop, the moved card included; `all`: every card of
 * the target list as stored, the moved card excluded.
 */
export const fullIndexOf = (
  cardId: string,
  visible: readonly Ids[],
  all: readonly Ids[],
): number => {
  const at = visible.findIndex((c) => c.id === cardId);
  if (at < 0) return all.length;
  const before = visible[at - 1];
  if (before) {
    const i = all.findIndex((c) => c.id === before.id);
    if (i >= 0) return i + 1;
  }
  const after = visible[at + 1];
  if (after) {
    const i = all.findIndex((c) => c.id === after.id);
    if (i >= 0) return i;
  }
  return all.length;
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

/**
 * The index a card takes among ALL cards of `listId` as stored, when it is shown at its place in
 * `shown` (that list's cards as shown after the drop): what the store's move is given.
 */
export const storedIndex = (
  lists: readonly { list: { id: string }; all: readonly Ids[] }[],
  listId: string,
  cardId: string,
  shown: readonly Ids[],
): number => {
  const all = (lists.find((l) => l.list.id === listId)?.all ?? []).filter((c) => c.id !== cardId);
  return fullIndexOf(cardId, shown, all);
};
