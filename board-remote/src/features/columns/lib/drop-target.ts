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
