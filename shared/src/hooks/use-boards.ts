import type { BoardsState } from '../boards/boards-store';
import { boardsStore, startWorkspace } from '../workspace';
import { useTransitionStore } from './use-transition-store';

const subscribe = (listener: () => void): (() => void) => {
  startWorkspace();
  return boardsStore.subscribe(listener);
};

/**
 * The user's boards (newest first) and the selected one. Rendered as a transition, so the
 * selected board's snapshot is asked before the page renders the list (see the hook).
 */
export const useBoards = (): BoardsState => useTransitionStore(subscribe, boardsStore.getState);
