// The workspace's public file: the page's stores, wired to the session, and their hooks.
export {
  boardsStore,
  boardStore,
  myTasksStore,
  notificationsStore,
  noteBoardShown,
  startWorkspace,
  importBoard,
} from './workspace';
export { useBoards, useBoard, useMyTasks, useNotifications } from './hooks';
