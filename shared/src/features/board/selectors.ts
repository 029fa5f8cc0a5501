import type { BoardData, BoardList, Card, BoardMember, Profile } from '../../domain/types';
import { byPosition } from '../../domain/positions';
import { cardsOf } from './board-cards';
import { CardTable } from './card-table';

// Derived views of the board, cached per state object: the store replaces the object on every
// change, so a WeakMap keyed by it never serves a stale view and never leaks.

const memo = <T>(compute: (data: BoardData) => T) => {
  const cache = new WeakMap<BoardData, T>();
  return (data: BoardData): T => {
    let value = cache.get(data);
    if (value === undefined) {
      value = compute(data);
      cache.set(data, value);
    }
    return value;
  };
};

/**
 * An archived list (lists.archived_at) stays in the state while the board is open, with its
 * cards, so that undo brings it back whole; every view leaves it and its cards out. The same
 * holds for a soft-deleted or archived card.
 */
export const selectLists = memo((data): BoardList[] =>
  Object.values(data.lists)
    .filter((list) => !list.archived_at)
    .sort(byPosition),
);

/** A card on the board: not soft-deleted, not archived, and in a list that is not archived. */
export const isLiveCard = (data: BoardData, card: Card): boolean =>
  !card.deleted_at && !card.archived_at && !data.lists[card.list_id]?.archived_at;

/** The live cards of each live list, as last grouped: `selectCardsByList` updates it. */
interface Grouping {
  live: ReadonlySet<string>;
  cards: CardTable;
  byList: Record<string, Card[]>;
}

let last: Grouping | null = null;

const sameItems = <T>(a: readonly T[] | undefined, b: readonly T[]): boolean =>
  a !== undefined && a.length === b.length && a.every((item, i) => item === b[i]);

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean =>
  a.size === b.size && [...a].every((id) => b.has(id));

const isShown = (card: Card, live: ReadonlySet<string>): boolean =>
  !card.deleted_at && !card.archived_at && live.has(card.list_id);

/** Every card sorted into its list; a list whose cards are those it had keeps its array. */
const groupAll = (
  lists: readonly BoardList[],
  cards: CardTable,
  live: ReadonlySet<string>,
  previous: Grouping | null,
): Record<string, Card[]> => {
  const grouped: Record<string, Card[]> = {};
  for (const list of lists) grouped[list.id] = [];
  for (const card of cards.values()) if (isShown(card, live)) grouped[card.list_id]!.push(card);
  for (const [id, listCards] of Object.entries(grouped)) {
    listCards.sort(byPosition);
    const before = previous?.byList[id];
    if (before && sameItems(before, listCards)) grouped[id] = before;
  }
  return grouped;
};

/**
 * The previous grouping brought up to `cards`: only the lists a changed card left or joined are
 * sorted again, and every other list keeps its array, so its column does not render again.
 * Null when so much changed (a new snapshot) that grouping everything is quicker.
 */
const regroup = (
  lists: readonly BoardList[],
  previous: Grouping,
  cards: CardTable,
): Record<string, Card[]> | null => {
  const { live } = previous;
  const changed = new Set<string>();
  const joined = new Map<string, Card[]>();
  const touch = (listId: string) => {
    let arrived = joined.get(listId);
    if (!arrived) joined.set(listId, (arrived = []));
    return arrived;
  };
  const limit = cards.size / 8;
  let count = 0;
  CardTable.diff(previous.cards, cards, (was, is) => {
    count += 1;
    if (was && live.has(was.list_id)) touch(was.list_id);
    if (is && isShown(is, live)) touch(is.list_id).push(is);
    changed.add((was ?? is)!.id);
  });
  if (count > limit && count > 64) return null;
  const grouped: Record<string, Card[]> = {};
  for (const { id } of lists) {
    const before = previous.byList[id]!;
    const arrived = joined.get(id);
    if (!arrived) {
      grouped[id] = before;
      continue;
    }
    const now = [...before.filter((card) => !changed.has(card.id)), ...arrived].sort(byPosition);
    grouped[id] = sameItems(before, now) ? before : now;
  }
  return grouped;
};

/**
 * The live cards of each live list, in order. Each board state is grouped once (memo), and
 * from the one grouped before it: a drop or a live change re-sorts the one or two lists it
 * touched, not 10,000 cards, and the other lists keep their arrays (README 'Board
 * performance'). The last grouping is kept for that, one board's worth.
 */
export const selectCardsByList = memo((data): Record<string, Card[]> => {
  const lists = selectLists(data);
  const live = new Set(lists.map((list) => list.id));
  const cards = cardsOf(data);
  const previous = last && sameSet(last.live, live) ? last : null;
  const byList =
    (previous && regroup(lists, previous, cards)) ?? groupAll(lists, cards, live, last);
  last = { live, cards, byList };
  return byList;
});

/** Members in the order they joined: their index picks the avatar colour (docs/product-spec.md §9). */
export const selectMembers = memo((data): BoardMember[] =>
  [...data.members].sort((a, b) => a.created_at.localeCompare(b.created_at)),
);

export interface MemberProfile extends Profile {
  /** Position in the member list, for the avatar colour. */
  index: number;
  role: BoardMember['role'];
  memberId: string;
}

export const selectMemberProfiles = memo((data): Record<string, MemberProfile> =>
  Object.fromEntries(
    selectMembers(data).map((member, index) => [
      member.user_id,
      {
        id: member.user_id,
        // A member whose profile is not loaded yet has no name yet (the avatar shows '?').
        full_name: member.profile?.full_name ?? '',
        email: member.profile?.email ?? null,
        index,
        role: member.role,
        memberId: member.id,
      },
    ]),
  ),
);
