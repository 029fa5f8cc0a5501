// The 'Meine Aufgaben' feature's public file: the store's state, its grouping, reminders and
// system notifications, and the hook factory (the page's instance is made in workspace/).
export type { MyTask } from './my-tasks-api';
export { myTaskKey } from './my-tasks-api';
export type { MyTasksState, MyTasksStatus } from './my-tasks-store';
export {
  groupMyTasks,
  myTaskGroupOf,
  myTaskGroupKeys,
  dueCounts,
  endOfWeek,
  type MyTaskGroup,
  type MyTaskGroupKey,
  type DueCounts,
} from './grouping';
export { reminderText, taskCount } from './reminders';
export {
  enableSystemNotifications,
  disableSystemNotifications,
  type SystemNotificationsState,
  type NotificationPermissionState,
} from './system-notifications';
export { createUseMyTasks, useSystemNotifications, type MyTasksView } from './use-my-tasks';
