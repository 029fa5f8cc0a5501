// The notifications feature's public file: the bell's store and hook factory (the page's
// instance is made in workspace/), the API of marks and watching (mentions in text: the domain).
export type { AppNotification } from './notifications-api';
export type { NotificationsState, NotificationsGateway } from './notifications-store';
export { NotificationsStore, NOTIFICATION_EVENT } from './notifications-store';
export { createUseNotifications, type NotificationsView } from './use-notifications';
export {
  fetchWatchState,
  setCardWatch,
  fetchBoardWatch,
  setBoardWatch,
  type WatchState,
  digestFrequencies,
  fetchDigestFrequency,
  setDigestFrequency,
  type DigestFrequency,
} from './watching-api';
