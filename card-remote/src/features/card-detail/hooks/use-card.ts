import { selectMemberProfiles, selectMembers, useBoard } from '@taskflow/shared';
import { useMemo } from 'react';

/** One card of the open board, with the board's members and labels around it. */
export const useCard = (boardId: string, cardId: string) => {
  const board = useBoard(boardId);
  const data = board.data;
  const card = data?.cards[cardId] ?? null;
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
  };
};
