import { Observable } from 'rxjs';
import { subscribeChanges, type ChangeBinding } from '../../kernel/backend/changes-channel';
import type { ChannelStatus } from '../../kernel/backend/connection';

export type MyTaskTable = 'card_assignees' | 'card_checklist_items' | 'cards' | 'lists' | 'boards';

/**
 * What the channel says: a row of `table` changed (its new row, or the key of a deleted one),
 * and how,
 * or the channel's status (after a gap anything may have been missed). The store decides what
 * a change does to the tasks (my-tasks-store.ts).
 */
export type MyTaskSignal =
  | {
      kind: 'change';
      table: MyTaskTable;
      row: Record<string, unknown>;
      event?: 'INSERT' | 'UPDATE' | 'DELETE';
    }
  | { kind: 'status'; status: ChannelStatus };

type Binding = ChangeBinding<MyTaskTable>;

/**
 * Every change that can alter the result of my_tasks(), for the user's boards (the server checks
 * row-level security before it delivers anything):
 * - the user's card assignments (new ones by filter; deletes carry only the key, which hosted
 *   Supabase cannot filter, so they get an unfiltered binding, as in board-realtime.ts);
 * - subtasks, unfiltered: a subtask handed from the user to someone else no longer matches an
 *   assignee filter, and ticking any subtask can finish (or reopen) one of the user's cards;
 * - cards, lists and boards: a title, due date, priority, move, deletion or restore.
 */
const bindingsFor = (userId: string): Binding[] => [
  { table: 'card_assignees', event: 'INSERT', filter: `user_id=eq.${userId}` },
  { table: 'card_assignees', event: 'DELETE' },
  { table: 'card_checklist_items', event: '*' },
  { table: 'cards', event: 'UPDATE' },
  { table: 'cards', event: 'DELETE' },
  { table: 'lists', event: 'UPDATE' },
  { table: 'boards', event: 'UPDATE' },
  { table: 'boards', event: 'DELETE' },
];

/**
 * Signals when the user's tasks may have changed, and the channel's status, so that the store
 * loads again after a gap (kernel/backend/synced-resource.ts).
 */
export const myTaskChanges = (userId: string): Observable<MyTaskSignal> =>
  new Observable<MyTaskSignal>((subscriber) => {
    return subscribeChanges(
      `my-tasks-${userId}`,
      bindingsFor(userId),
      (table, payload) =>
        subscriber.next({
          kind: 'change',
          table,
          row: { ...(payload.old ?? {}), ...(payload.new ?? {}) },
          event: payload.eventType,
        }),
      (status) => subscriber.next({ kind: 'status', status }),
    );
  });
