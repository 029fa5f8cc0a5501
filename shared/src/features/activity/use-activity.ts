import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { activityInserts, fetchActivityPage } from './activity-api';
import { ActivityFeedStore, type ActivityGateway, type ActivityState } from './activity-store';
import type { ActivityScope } from './activity-types';

export interface UseActivityResult extends ActivityState {
  loadMore: () => Promise<void>;
  retry: () => void;
}

const supabaseActivityGateway: ActivityGateway = {
  fetchPage: fetchActivityPage,
  inserts: activityInserts,
};

/**
 * The history of a board, or of one card when `cardId` is given: one feed per mounted view,
 * started on mount and stopped on unmount. The factory lets component tests bind the hook to
 * a memory gateway.
 */
export const createUseActivity =
  (gateway: ActivityGateway) =>
  ({ boardId, cardId = null }: ActivityScope): UseActivityResult => {
    const store = useMemo(
      () => new ActivityFeedStore({ boardId, cardId }, gateway),
      [boardId, cardId],
    );
    useEffect(() => store.start(), [store]);
    const state = useSyncExternalStore(store.subscribe, store.getState);
    return { ...state, loadMore: store.loadMore, retry: store.retry };
  };

export const useActivity = createUseActivity(supabaseActivityGateway);
