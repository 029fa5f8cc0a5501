import { Observable } from 'rxjs';
import { subscribeChanges, type ChangeBinding } from '../../kernel/backend/changes-channel';
import { onRejoin } from '../../kernel/backend/channel-rejoin';

export type MyTaskTable = 'card_assignees' | 'card_checklist_items' | 'cards' | 'lists' | 'boards';

/**
 * What the channel says: a row of `table` changed (its new row, or the key of a deleted one),
 * or `rejoined` after a gap, when anything may have been missed. The store decides which
 * changes are worth a refetch (my-tasks-store.ts).
 */
export type MyTaskSignal =
  { kind: 'change'; table: MyTaskTable; row: Record<string, unknown> } | { kind: 'rejoined' };

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

let serial = 0;

/**
 * Signals when the user's tasks may have changed, and when the channel joins again after a gap
 * (changes may have been missed). The store refetches, debounced: one RPC stands for a burst.
 */
export const myTaskChanges = (userId: string): Observable<MyTaskSignal> =>
  new Observable<MyTaskSignal>((subscriber) => {
    serial += 1;
    const rejoin = onRejoin(() => subscriber.next({ kind: 'rejoined' }));
    return subscribeChanges(
      `my-tasks-${userId}-${serial}`,
      bindingsFor(userId),
      (table, payload) =>
        subscriber.next({
          kind: 'change',
          table,
          row: { ...(payload.old ?? {}), ...(payload.new ?? {}) },
        }),
      (status) => {
        // Removing the channel reports CLOSED: a sign-out, not a gap.
        if (!subscriber.closed) rejoin(status);
      },
    );
  });
