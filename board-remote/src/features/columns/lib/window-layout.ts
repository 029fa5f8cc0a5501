// How a windowed list lays out the cards it mounts: in a column with a fixed gap, each mounted
// card at the offset the windowing measured for it, and an empty spacer wherever cards are left
// out. Spacers go between cards too, not only above and below: the dragged card stays mounted
// when the window moves away from it, and without a spacer between them the window's cards
// would be drawn right below it, far from where the list is scrolled to.

export interface Placed {
  index: number;
  /** Where the card starts and ends, from the top of the list's content (px). */
  start: number;
  end: number;
}

export type Slot =
  { kind: 'card'; index: number } | { kind: 'spacer'; key: string; height: number };

/** The mounted cards (in index order) and the spacers that put them at their offsets. */
export const windowLayout = (placed: readonly Placed[], total: number, gap: number): Slot[] => {
  const slots: Slot[] = [];
  let end = 0;
  let first = true;
  for (const item of placed) {
    // Space to fill before this card, minus the gaps the column adds around a spacer.
    const room = item.start - end - (first ? 0 : gap);
    if (room > gap) slots.push({ kind: 'spacer', key: `before-${item.index}`, height: room - gap });
    slots.push({ kind: 'card', index: item.index });
    end = item.end;
    first = false;
  }
  const rest = total - end - (first ? 0 : gap);
  if (rest > 0) slots.push({ kind: 'spacer', key: 'after', height: rest });
  return slots;
};
