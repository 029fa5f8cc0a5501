// Positions are numbers with room between them (ARCHITECTURE §5): a new item goes to the end at
// last + GAP, and a move writes one row whose position lies between its new neighbours'. No other
// row is renumbered, so a move is one write and one realtime event. Ties (two clients inserting
// at once) are broken by created_at when sorting.

export const POSITION_GAP = 1024;

export interface Positioned {
  position: number;
  created_at: string;
}

export const byPosition = <T extends Positioned & { id?: string }>(a: T, b: T): number =>
  a.position - b.position ||
  (a.created_at ?? '').localeCompare(b.created_at ?? '') ||
  (a.id ?? '').localeCompare(b.id ?? '');

export const positionAtEnd = (items: readonly Positioned[]): number =>
  items.length === 0 ? POSITION_GAP : Math.max(...items.map((i) => i.position)) + POSITION_GAP;

/**
 * The position between two neighbours; either may be missing (start or end of the list).
 * Halving leaves about 50 moves into the same gap before doubles run out of precision, far more
 * than a board sees between two inserts at the end.
 */
export const positionBetween = (before: number | null, after: number | null): number => {
  if (before === null && after === null) return POSITION_GAP;
  if (before === null) return (after as number) - POSITION_GAP;
  if (after === null) return before + POSITION_GAP;
  return before + (after - before) / 2;
};

/**
 * Where an item lands when inserted at `index` of `siblings` (sorted, without the item itself).
 */
export const positionForIndex = (siblings: readonly Positioned[], index: number): number => {
  const clamped = Math.max(0, Math.min(index, siblings.length));
  const before = clamped > 0 ? (siblings[clamped - 1]?.position ?? null) : null;
  const after = clamped < siblings.length ? (siblings[clamped]?.position ?? null) : null;
  return positionBetween(before, after);
};
