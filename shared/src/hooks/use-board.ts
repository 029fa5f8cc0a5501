import { useEffect, useSyncExternalStore } from 'react';
import type { BoardStoreState } from '../board/board-store';
import { boardStore, startWorkspace } from '../workspace';

const subscribe = (listener: () => void): (() => void) => {
  startWorkspace();
  return boardStore.subscribe(listener);
};

/**
 * The board with this id, from the one store of the page. Opening it is idempotent, so the shell
 * and every remote may all ask for the same board; only one snapshot and one channel result.
 */
export const useBoard = (boardId: string | null): BoardStoreState => {
  useEffect(() => {
    startWorkspace();
    if (boardId) boardStore.open(boardId);
  }, [boardId]);
  const state = useSyncExternalStore(subscribe, boardStore.getState);
  return state.boardId === boardId ? state : { status: 'loading', boardId, data: null };
};
