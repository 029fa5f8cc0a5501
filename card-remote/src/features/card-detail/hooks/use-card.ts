import {
  cardOf,
  currentUser,
  isLiveCard,
  selectMemberProfiles,
  selectMembers,
  useBoard,
} from '@taskflow/shared';
import { useMemo } from 'react';

/** One card of the open board, with the board's members and labels around it. */
export const useCard = (boardId: string, cardId: string) => {
  const board = useBoard(boardId);
  const data = board.data;
  // A soft-deleted or archived card (waiting for undo) is gone for the detail, as for the board.
  // Looked up in the card table: `data.cards` would build the board's whole record on each
  // change while the dialog is open (10,000 entries on a big board).
  const stored = data ? cardOf(data, cardId) : undefined;
  const card = stored && data && isLiveCard(data, stored) ? stored : null;
  const members = useMemo(() => (data ? selectMembers(data) : []), [data]);
  const profiles = useMemo(() => (data ? selectMemberProfiles(data) : {}), [data]);
  const labels = data?.labels ?? [];
  return {
    status: board.status,
    card,
    members,
    profiles,
    labels,
    list: card ? data?.lists[card.list_id] : undefined,
    /** Gone into the archive (by anyone, live): said so, rather than 'gibt es nicht mehr'. */
    archived: !!stored && !stored.deleted_at && !card,
    /** Who is looking: their own comments offer 'Bearbeiten' and 'Löschen'. */
    userId: currentUser()?.id ?? null,
  };
};
