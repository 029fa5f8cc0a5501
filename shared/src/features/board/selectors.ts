import type { BoardData, BoardList, Card, BoardMember, Profile } from '../../domain/types';
import { byPosition } from '../../domain/positions';

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

/** The live cards of the board, by id. */
const selectLiveCards = memo((data): Card[] =>
  Object.values(data.cards).filter((card) => isLiveCard(data, card)),
);

export const selectCardsByList = memo((data): Record<string, Card[]> => {
  const grouped: Record<string, Card[]> = {};
  for (const list of selectLists(data)) grouped[list.id] = [];
  for (const card of selectLiveCards(data)) grouped[card.list_id]?.push(card);
  for (const cards of Object.values(grouped)) cards.sort(byPosition);
  return grouped;
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
