import { Observable, type Subscriber } from 'rxjs';
import type { ActivityChannelEvent } from '../features/activity/activity-api';
import type { ActivityGateway } from '../features/activity/activity-store';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityEntry,
  type ActivityScope,
} from '../features/activity/activity-types';

export interface MemoryActivity {
  gateway: ActivityGateway;
  /** Writes an entry as the database would and delivers it to open feeds, as realtime does. */
  record(entry: ActivityEntry): void;
  /** How many pages were read so far (to tell a first page from an older one). */
  pagesRead(): number;
}

const inScope = (scope: ActivityScope, entry: ActivityEntry) =>
  scope.cardId ? entry.card_id === scope.cardId : entry.board_id === scope.boardId;

/**
 * The history behind the activity feed, in memory: pages newest first with the same keyset as
 * the real query, and live inserts. Entries passed in may be in any order.
 */
export const createMemoryActivity = (initial: ActivityEntry[] = []): MemoryActivity => {
  const entries = [...initial];
  const listeners = new Set<Subscriber<ActivityChannelEvent>>();
  let pages = 0;
  const key = (e: ActivityEntry) => `${e.created_at}|${e.id}`;
  return {
    gateway: {
      fetchPage: async (scope, before) => {
        pages += 1;
        const limit = before ? `${before.createdAt}|${before.id}` : null;
        return entries
          .filter((e) => inScope(scope, e) && (limit === null || key(e) < limit))
          .sort((a, b) => (key(a) < key(b) ? 1 : -1))
          .slice(0, ACTIVITY_PAGE_SIZE);
      },
      inserts: (scope) =>
        new Observable<ActivityChannelEvent>((subscriber) => {
          const filtered = {
            next: (event: ActivityChannelEvent) => {
              if (event.kind !== 'insert' || inScope(scope, event.entry)) subscriber.next(event);
            },
          } as Subscriber<ActivityChannelEvent>;
          listeners.add(filtered);
          subscriber.next({ kind: 'status', status: 'SUBSCRIBED' });
          return () => listeners.delete(filtered);
        }),
    },
    record(entry) {
      entries.push(entry);
      for (const listener of listeners) listener.next({ kind: 'insert', entry });
    },
    pagesRead: () => pages,
  };
};
