import { useSyncExternalStore } from 'react';
import type { BoardsState } from '../boards/boards-store';
import { boardsStore, startWorkspace } from '../workspace';

const subscribe = (listener: () => void): (() => void) => {
  startWorkspace();
  return boardsStore.subscribe(listener);
};

/** The user's boards (newest first) and the selected one. */
export const useBoards = (): BoardsState => useSyncExternalStore(subscribe, boardsStore.getState);
