import { useEffect } from 'react';
import type { BoardStore, BoardStoreState } from './board-store';
import { useTransitionStore } from '../../kernel/state/use-transition-store';

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
    // Another member's changes render as a transition: a burst of them (an import, a bulk
    // move, 80 cards at once) coalesces into few renders instead of one synchronous render
    // each, which on a board with many cards React counted as an update loop and cut off
    // ('Maximum update depth exceeded'). The user's own edits still render at once.
    const state = useTransitionStore(subscribe, store.getState, store.isPublishingNews);
    return state.boardId === boardId ? state : { status: 'loading', boardId, data: null };
  };
};
