import { Observable } from 'rxjs';
import type { ChannelStatus } from '../../kernel/backend/connection';
import { boardTopic, joinPrivateTopic } from '../../kernel/backend/private-topic';
import type { LiveEvent } from '../../kernel/backend/synced-resource';
import { currentUser } from '../../kernel/session/session';
import type { BoardTable, RowChange } from './row-change';

export type { ChannelStatus };

export type BoardChannelEvent = LiveEvent<RowChange>;

type Row = Record<string, unknown>;

/**
 * The realtime stream of one board: the board's private topic `board:<id>` (members only, by
 * RLS at join), where the database's triggers broadcast every change of the board's rows
 * (supabase/schemas/95_realtime_broadcast.sql), whole rows with the topic's sequence number.
 * Changes come in commit order; a number skipped means a message was missed (the socket
 * dropped it, or it came while the channel was rejoining), which is reported as a gap so the
 * store loads the board again. After a (re)join the first number heard starts the count:
 * what came before is in the snapshot loaded after the join. Unsubscribing leaves the topic.
 */
export const boardChanges = (boardId: string): Observable<BoardChannelEvent> =>
  new Observable<BoardChannelEvent>((subscriber) => {
    let last: number | null = null;
    const topic = joinPrivateTopic(boardTopic(boardId), currentUser()?.id ?? '', {
      broadcast(payload) {
        const seq = Number(payload.seq);
        if (last !== null && seq !== last + 1) subscriber.next({ kind: 'gap' });
        last = seq;
        // Only the board's tables have the trigger (docs/data-model.md "Realtime").
        subscriber.next({
          kind: 'change',
          change: {
            table: payload.table as BoardTable,
            eventType: payload.operation as RowChange['eventType'],
            new: (payload.record ?? {}) as Row,
            old: (payload.old_record ?? {}) as Row,
          },
        });
      },
      status(status) {
        if (status !== 'SUBSCRIBED') last = null;
        subscriber.next({ kind: 'status', status });
      },
    });
    return () => topic.leave();
  });
