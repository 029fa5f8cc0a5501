import { Observable, type Subscription } from 'rxjs';
import type { ChannelStatus } from '../../kernel/backend/connection';
import { boardTopic, joinPrivateTopic } from '../../kernel/backend/private-topic';

export type MyTaskTable = 'card_assignees' | 'card_checklist_items' | 'cards' | 'lists' | 'boards';

/**
 * What the channels say: a row of `table` changed (its whole row; for a delete, the row as it
 * was), and how; the channels' joint status; or a gap (a message missed, or a board joined
 * later whose changes before the join were not heard). The store decides what a change does to
 * the tasks (my-tasks-store.ts) and loads again after a gap.
 */
export type MyTaskSignal =
  | {
      kind: 'change';
      table: MyTaskTable;
      row: Record<string, unknown>;
      event?: 'INSERT' | 'UPDATE' | 'DELETE';
    }
  | { kind: 'status'; status: ChannelStatus }
  | { kind: 'gap' };

type Row = Record<string, unknown>;

/** The tables whose rows my_tasks() reads: a change of any other cannot alter the tasks. */
const taskTables: ReadonlySet<string> = new Set<MyTaskTable>([
  'card_assignees',
  'card_checklist_items',
  'cards',
  'lists',
  'boards',
]);

/**
 * One broadcast of a board's topic (`{seq, schema, table, operation, record, old_record}`, whole
 * rows: supabase/schemas/95_realtime_broadcast.sql) as a change signal, or null when its table
 * does not concern the tasks. The row is the old row overlaid with the new one, so a delete
 * still says which card, list or assignment went, and whose.
 */
export const myTaskSignalOf = (payload: Record<string, unknown>): MyTaskSignal | null => {
  const { table } = payload;
  if (typeof table !== 'string' || !taskTables.has(table)) return null;
  // The triggers send null for the row a change has not (a delete's new row): spread as none.
  return {
    kind: 'change',
    table: table as MyTaskTable,
    row: { ...(payload.old_record as Row | null), ...(payload.record as Row | null) },
    event: payload.operation as 'INSERT' | 'UPDATE' | 'DELETE',
  };
};

interface Followed {
  leave(): void;
  status: ChannelStatus | null;
  /** The last sequence number heard since the (re)join; null until the first. */
  last: number | null;
  /** Joined after the first set of boards: what changed on it before the join was not heard. */
  late: boolean;
}

/**
 * Signals when the user's tasks may have changed, from the private topics `board:<id>` of every
 * board in `boardIds$` (the user's boards: the boards list, kept current by the membership
 * messages on `user:<id>`). The topics are the ones the board store joins
 * (kernel/backend/private-topic.ts shares one channel per topic), so an open board costs no
 * second channel. Nothing here is a `postgres_changes` binding: hosted Realtime sends those
 * tables' DELETE events to every subscriber of the project, not only to members.
 *
 * - A board that joins the set later (an invitation, a new or imported board) is followed, and
 *   its first join reports a gap: it may already hold tasks of the user.
 * - A board that leaves the set (removal, deletion, archive) is left, and reported as the
 *   board's deletion, so the store drops its tasks by loading again if it had any.
 * - The status is the channels' joint one: the first that is not SUBSCRIBED, else SUBSCRIBED
 *   once every channel has joined, so the store loads again after a reconnect only when every
 *   board can be heard again. A skipped sequence number on a topic is a gap.
 */
export const myTaskChanges = (
  userId: string,
  boardIds$: Observable<readonly string[]>,
): Observable<MyTaskSignal> =>
  new Observable<MyTaskSignal>((subscriber) => {
    const followed = new Map<string, Followed>();
    let first = true;
    let reported: ChannelStatus | null = null;

    const reportStatus = (): void => {
      let joint: ChannelStatus | null = 'SUBSCRIBED';
      for (const board of followed.values()) {
        if (board.status === null) joint = joint === 'SUBSCRIBED' ? null : joint;
        else if (board.status !== 'SUBSCRIBED') {
          joint = board.status;
          break;
        }
      }
      if (joint === null || joint === reported) return;
      reported = joint;
      subscriber.next({ kind: 'status', status: joint });
    };

    const follow = (boardId: string, late: boolean): void => {
      const board: Followed = { leave: () => undefined, status: null, last: null, late };
      followed.set(boardId, board);
      const topic = joinPrivateTopic(boardTopic(boardId), userId, {
        broadcast(payload) {
          const seq = Number(payload.seq);
          if (board.last !== null && seq !== board.last + 1) subscriber.next({ kind: 'gap' });
          board.last = seq;
          const signal = myTaskSignalOf(payload);
          if (signal) subscriber.next(signal);
        },
        status(status) {
          // Removing the channel reports CLOSED: the board was left, not lost.
          if (subscriber.closed || followed.get(boardId) !== board) return;
          board.status = status;
          if (status !== 'SUBSCRIBED') board.last = null;
          else if (board.late) {
            board.late = false;
            subscriber.next({ kind: 'gap' });
          }
          reportStatus();
        },
      });
      board.leave = () => topic.leave();
    };

    const boards: Subscription = boardIds$.subscribe((ids) => {
      const wanted = new Set(ids);
      for (const [boardId, board] of followed) {
        if (wanted.has(boardId)) continue;
        followed.delete(boardId);
        board.leave();
        subscriber.next({ kind: 'change', table: 'boards', row: { id: boardId }, event: 'DELETE' });
      }
      for (const boardId of wanted) if (!followed.has(boardId)) follow(boardId, !first);
      first = false;
      reportStatus();
    });

    return () => {
      boards.unsubscribe();
      const left = [...followed.values()];
      followed.clear();
      for (const board of left) board.leave();
    };
  });
