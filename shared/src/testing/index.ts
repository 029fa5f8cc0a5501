export { createMemoryGateway, registeredOutsider, type MemoryGateway } from './memory-gateway';
export { sampleBoardSnapshot } from './sample-board';
export {
  memoryActivity,
  memoryGateway,
  memoryPresence,
  sharedOnMemoryGateway,
} from './shared-on-memory-gateway';
export { createMemoryPresence, type MemoryPresence } from './memory-presence';
export { createMemoryActivity, type MemoryActivity } from './memory-activity';
// The one factory of rows, shared with the store and the demo seed (typed by the schema).
export { newCard, newMember, newRow } from '../domain/new-rows';
// 'Meine Aufgaben': the real store and hook, for a component test to bind to its own gateway.
export { MyTasksStore, type MyTasksGateway } from '../features/my-tasks/my-tasks-store';
export type { MyTaskSignal } from '../features/my-tasks/my-tasks-changes';
export { createUseMyTasks } from '../features/my-tasks/use-my-tasks';
export {
  NotificationsStore,
  type NotificationsGateway,
} from '../features/notifications/notifications-store';
export { myTaskRow } from './my-task-row';
