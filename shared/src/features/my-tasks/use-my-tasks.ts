import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { dueCounts, groupMyTasks, type DueCounts, type MyTaskGroup } from './grouping';
import type { MyTasksState, MyTasksStore } from './my-tasks-store';
import {
  getSystemNotifications,
  refreshSystemNotifications,
  subscribeSystemNotifications,
  type SystemNotificationsState,
} from './system-notifications';

export interface MyTasksView extends MyTasksState {
  groups: readonly MyTaskGroup[];
  /** Overdue and due today: the top bar's badge shows their sum. */
  due: DueCounts;
  /** Fetches again, e.g. after a failed first load. */
  retry: () => void;
}

/** A hook reading `store`; component tests bind it to a store over their own gateway. */
export const createUseMyTasks = (store: MyTasksStore, beforeUse: () => void = () => {}) => {
  const subscribe = (listener: () => void): (() => void) => {
    beforeUse();
    return store.subscribe(listener);
  };
  const retry = () => void store.load();
  return (): MyTasksView => {
    const state = useSyncExternalStore(subscribe, store.getState);
    return useMemo(
      () => ({
        ...state,
        groups: groupMyTasks(state.tasks, state.today),
        due: dueCounts(state.tasks, state.today),
        retry,
      }),
      [state],
    );
  };
};

/** Whether reminders also go out as system notifications on this device. */
export const useSystemNotifications = (): SystemNotificationsState => {
  useEffect(refreshSystemNotifications, []);
  return useSyncExternalStore(subscribeSystemNotifications, getSystemNotifications);
};
