import { useSyncExternalStore } from 'react';
import type { NotificationsState, NotificationsStore } from './notifications-store';

export interface NotificationsView extends NotificationsState {
  markRead: (id: string) => void;
  markAllRead: () => void;
}

/** A hook reading `store`; component tests bind it to a store over their own gateway. */
export const createUseNotifications = (
  store: NotificationsStore,
  beforeUse: () => void = () => {},
) => {
  const subscribe = (listener: () => void): (() => void) => {
    beforeUse();
    return store.subscribe(listener);
  };
  const markRead = (id: string) => void store.markRead(id);
  const markAllRead = () => void store.markRead();
  let last: NotificationsState | null = null;
  let view: NotificationsView | null = null;
  return (): NotificationsView => {
    const state = useSyncExternalStore(subscribe, store.getState);
    if (state !== last || !view) {
      last = state;
      view = { ...state, markRead, markAllRead };
    }
    return view;
  };
};
