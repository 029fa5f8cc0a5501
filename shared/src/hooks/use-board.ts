import { useEffect, useSyncExternalStore } from 'react';
import type { BoardStore, BoardStoreState } from '../board/board-store';
import { boardStore, startWorkspace } from '../workspace';

/**
 * A hook that reads a board from `store`, opening it first. Opening is idempotent, so the shell
 * and every remote may all ask for the same board; only one snapshot and one channel result.
 * The factory lets component tests bind the hook to a store over a memory gateway.
 */
export const createUseBoard = (store: BoardStore, beforeUse: () => void = () => {}) => {
  const subscribe = (listener: () => void): (() => void) => {
    beforeUse();
    return store.subscribe(listener);
  };
  return (boardId: string | null): BoardStoreState => {
    useEffect(() => {
      beforeUse();
      if (boardId) store.open(boardId);
    }, [boardId]);
    const state = useSyncExternalStore(subscribe, store.getState);
    return state.boardId === boardId ? state : { status: 'loading', boardId, data: null };
  };
};

/** The board with this id, from the page's one board store. */
export const useBoard = createUseBoard(boardStore, startWorkspace);
