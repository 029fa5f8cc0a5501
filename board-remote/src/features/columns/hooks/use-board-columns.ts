import {
  matchesFilters,
  selectCardsByList,
  selectLists,
  selectMemberProfiles,
  useBoard,
  type BoardList,
  type Card,
  type CardFilters,
} from '@taskflow/shared';
import { useMemo } from 'react';

export interface Column {
  list: BoardList;
  cards: Card[];
  /** All cards of the list, before filtering. */
  total: number;
}

/** The board's lists with the cards that pass the shell's search and filters. */
export const useBoardColumns = (boardId: string, filters: CardFilters) => {
  const board = useBoard(boardId);
  const data = board.data;
  const columns = useMemo<Column[]>(() => {
    if (!data) return [];
    const cardsByList = selectCardsByList(data);
    return selectLists(data).map((list) => {
      const cards = cardsByList[list.id] ?? [];
      return { list, cards: cards.filter((c) => matchesFilters(c, filters)), total: cards.length };
    });
  }, [data, filters]);
  const profiles = useMemo(() => (data ? selectMemberProfiles(data) : {}), [data]);
  return { status: board.status, data, columns, profiles };
};
