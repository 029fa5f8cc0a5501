import { boardsStore, type BoardsState } from '@taskflow/shared';
import { useEffect, useRef } from 'react';
import type { AppRoute } from './use-app-route';

/**
 * Keeps the address and the boards store's selection in step, and says when the address names
 * a board the user is not on.
 *
 * - The address changed (a link, Back, a click that pushed): the store selects its board.
 * - The store moved while both agreed (a board created, imported or brought back from the
 *   archive is selected; the shown board left the list): the address follows, as a new entry
 *   when the board before is still there, else replacing the one that is gone.
 * - No board in the address: the store's choice (remembered, or the first) is shown without a
 *   history entry, and the page's search and hash stay (supabase-js may still read them).
 */
export const useRouteSelection = (route: AppRoute, boards: BoardsState): { noAccess: boolean } => {
  const agreed = useRef<{ address: string | null; selected: string | null }>({
    address: null,
    selected: null,
  });
  const { status, selectedId, boards: list } = boards;
  const { boardId: address } = route;
  const listed = (id: string) => list.some((board) => board.id === id);

  useEffect(() => {
    if (status !== 'ready') return;
    const before = agreed.current;
    agreed.current = { address, selected: selectedId };
    if (!address) {
      if (selectedId) route.showBoard(selectedId);
      return;
    }
    if (address === selectedId) return;
    const storeMoved = before.address === address && before.selected === address;
    if (storeMoved) {
      if (!selectedId) route.leave();
      else if (list.some((board) => board.id === address)) route.openBoard(selectedId);
      else route.showBoard(selectedId);
      return;
    }
    if (list.some((board) => board.id === address)) boardsStore.select(address);
  }, [status, address, selectedId, list, route]);

  return { noAccess: status === 'ready' && address !== null && !listed(address) };
};
