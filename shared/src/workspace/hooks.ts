// The hooks bound to the page's one instance of each store (workspace.ts). The features export
// the hook factories; component tests bind the same factories to stores over memory gateways.
import { createUseBoard } from '../features/board';
import type { BoardsState } from '../features/boards';
import { createUseMyTasks } from '../features/my-tasks';
import { createUseNotifications } from '../features/notifications';
import { useTransitionStore } from '../kernel/state/use-transition-store';
import {
  boardsStore,
  boardStore,
  myTasksStore,
  notificationsStore,
  startWorkspace,
} from './workspace';

const subscribeBoards = (listener: () => void): (() => void) => {
  startWorkspace();
  return boardsStore.subscribe(listener);
};

/**
 * The user's boards (newest first) and the selected one. Rendered as a transition, so the
 * selected board's snapshot is asked before the page renders the list (see the hook).
 */
export const useBoards = (): BoardsState =>
  useTransitionStore(subscribeBoards, boardsStore.getState);

/** The board with this id, from the page's one board store. */
export const useBoard = createUseBoard(boardStore, startWorkspace);

/** The signed-in user's tasks across their boards, grouped by due date, kept current. */
export const useMyTasks = createUseMyTasks(myTasksStore, startWorkspace);

/** The bell: the user's newest notifications and unread count, live over their private topic. */
export const useNotifications = createUseNotifications(notificationsStore, startWorkspace);
