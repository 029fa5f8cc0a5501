// Ordering of lists and cards (ARCHITECTURE §5, docs/data-model.md).
//
// Why it is built this way:
// - Positions are numbers with room between them. A new item goes to the end at last + GAP; a
//   move writes ONE row whose position lies between its new neighbours'. No other row changes,
//   so a move is one write and one realtime event (renumbering a whole list per move is what
//   makes Kanboard and Taiga slow).
// - Halving a gap runs out: after about 20 moves into the same gap its width falls below
//   MIN_GAP (far above the precision of a double at 4,000 × GAP, so values never collide by
//   rounding). Then, and only then, the list is renumbered to GAP, 2·GAP, … in the order it
//   already has, by one RPC in one transaction on the server (renumber_list in the migrations),
//   never row by row from the client. The moved row is then placed between the renumbered
//   neighbours, found by id, so a concurrent change of the list does not shift the target.
// - One total order, the same on every screen and in the database: position, then created_at,
//   then id. Two members who drop cards into the same gap at the same moment may write the same
//   position; the tie breaks by created_at and id, so both screens and `order by position,
//   created_at, id` agree once realtime has delivered both rows.

export const POSITION_GAP = 1024;

/** Below this width a gap is full: the list is renumbered before a row is placed into it. */
export const MIN_GAP = 1e-6;

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
 * Returns null when the gap between them is full: the list must be renumbered first.
 */
export const positionBetween = (before: number | null, after: number | null): number | null => {
  if (before === null && after === null) return POSITION_GAP;
  if (before === null) return (after as number) - POSITION_GAP;
  if (after === null) return before + POSITION_GAP;
  if (!(after - before > MIN_GAP)) return null;
  return before + (after - before) / 2;
};

/**
 * A place as the user means it: between two neighbours, named by id. `after` is the item it goes
 * after (null: the top), `before` the item it goes before (null: the end).
 */
export interface Between {
  after: string | null;
  before: string | null;
}

/**
 * The two rows an item lands between among `siblings` (sorted, without the item itself). The
 * user may have seen fewer rows than there are (search and filters hide cards), so it goes right
 * after `after`, else right before `before`, else to the end; a neighbour no longer among the
 * siblings (moved or deleted meanwhile) does not count.
 */
export const rowsAround = <T extends { id: string }>(
  siblings: readonly T[],
  { after, before }: Between,
): { previous: T | null; next: T | null } => {
  const afterAt = after === null ? -1 : siblings.findIndex((row) => row.id === after);
  if (afterAt >= 0) {
    return { previous: siblings[afterAt] ?? null, next: siblings[afterAt + 1] ?? null };
  }
  const beforeAt = before === null ? -1 : siblings.findIndex((row) => row.id === before);
  if (beforeAt >= 0) {
    return { previous: siblings[beforeAt - 1] ?? null, next: siblings[beforeAt] ?? null };
  }
  return { previous: siblings.at(-1) ?? null, next: null };
};

/**
 * The list renumbered as the server's renumber RPC does it: GAP, 2·GAP, … in the list's own
 * order (position, created_at, id). Used for the optimistic view; the server's rows confirm it.
 */
export const renumbered = <T extends Positioned & { id: string }>(items: readonly T[]): T[] =>
  [...items].sort(byPosition).map((item, i) => ({ ...item, position: (i + 1) * POSITION_GAP }));
