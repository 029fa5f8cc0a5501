// System notifications for the reminders, offered as an opt-in. The choice is the user's on this
// device (localStorage), and it only counts while the browser's permission is granted: a user
// who revokes the permission in the browser gets toasts only, without the app asking again.
import { createStateCell } from '../../kernel/state/state-cell';

export type NotificationPermissionState = 'unsupported' | 'default' | 'granted' | 'denied';

export interface SystemNotificationsState {
  permission: NotificationPermissionState;
  /** The user asked for system notifications on this device. */
  optedIn: boolean;
}

const storageKey = 'taskflow.my-tasks.system-notifications';

const supported = (): boolean => typeof globalThis.Notification === 'function';

const currentPermission = (): NotificationPermissionState =>
  supported() ? globalThis.Notification.permission : 'unsupported';

const readOptIn = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(storageKey) === 'on';
  } catch {
    return false;
  }
};

const writeOptIn = (on: boolean): void => {
  try {
    if (on) globalThis.localStorage?.setItem(storageKey, 'on');
    else globalThis.localStorage?.removeItem(storageKey);
  } catch {
    // Storage disabled: the choice lasts until the reload.
  }
};

const cell = createStateCell<SystemNotificationsState>({
  permission: currentPermission(),
  optedIn: readOptIn(),
});

export const getSystemNotifications = (): SystemNotificationsState => cell.get();

/** Reads the browser's permission again: the user may have changed it in the site settings. */
export const refreshSystemNotifications = (): void =>
  cell.update((state) => {
    const permission = currentPermission();
    const optedIn = readOptIn();
    return state.permission === permission && state.optedIn === optedIn
      ? state
      : { permission, optedIn };
  });
export const subscribeSystemNotifications = cell.subscribe;

/** Asks the browser for permission (it shows its own prompt) and remembers the choice. */
export const enableSystemNotifications = async (): Promise<void> => {
  if (!supported()) return;
  let permission = globalThis.Notification.permission;
  if (permission === 'default') permission = await globalThis.Notification.requestPermission();
  writeOptIn(permission === 'granted');
  cell.set({ permission, optedIn: permission === 'granted' });
};

export const disableSystemNotifications = (): void => {
  writeOptIn(false);
  cell.set({ permission: currentPermission(), optedIn: false });
};

/** Shows `body` as a system notification when the user opted in and the browser allows it. */
export const notifySystem = (title: string, body: string): void => {
  if (!readOptIn() || currentPermission() !== 'granted') return;
  try {
    // One tag: a newer reminder replaces an older one instead of stacking up.
    new globalThis.Notification(title, { body, tag: 'taskflow-my-tasks' });
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker.
  }
};
