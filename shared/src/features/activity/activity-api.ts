import type { RealtimePostgresInsertPayload } from '@supabase/supabase-js';
import { Observable } from 'rxjs';
import type { ChannelStatus } from '../../kernel/backend/connection';
import { getSupabase } from '../../kernel/backend/supabase-client';
import { unwrap } from '../../kernel/backend/api-error';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityCursor,
  type ActivityEntry,
  type ActivityScope,
} from './activity-types';

/**
 * One page of history, newest first: the entries older than `before` (keyset on created_at,
 * id), or the newest page without it. One query a page, answered by the index on
 * (board_id | card_id, created_at desc, id desc): `created_at <= t` bounds the index scan and
 * the `or` breaks ties on id, which is the row comparison (created_at, id) < (t, id) spelled
 * in PostgREST's filters. backend/test/activity.test.ts checks the plan of exactly this query.
 */
export const fetchActivityPage = async (
  scope: ActivityScope,
  before: ActivityCursor | null,
  limit: number = ACTIVITY_PAGE_SIZE,
): Promise<ActivityEntry[]> => {
  let query = getSupabase().from('activity').select('*');
  query = scope.cardId ? query.eq('card_id', scope.cardId) : query.eq('board_id', scope.boardId);
  if (before) {
    query = query
      .lte('created_at', before.createdAt)
      .or(`created_at.lt.${before.createdAt},id.lt.${before.id}`);
  }
  return unwrap(
    await query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit),
  );
};

export type ActivityChannelEvent =
  { kind: 'insert'; entry: ActivityEntry } | { kind: 'status'; status: ChannelStatus };

let channelSerial = 0;

/**
 * New entries of a board (or of one card) as they are written; the server filters and checks
 * row-level security. Entries are never updated by anyone, so inserts are all there is; a
 * board's deletion ends its history with the board. Unsubscribing removes the channel.
 */
export const activityInserts = (scope: ActivityScope): Observable<ActivityChannelEvent> =>
  new Observable<ActivityChannelEvent>((subscriber) => {
    const client = getSupabase();
    channelSerial += 1;
    const filter = scope.cardId ? `card_id=eq.${scope.cardId}` : `board_id=eq.${scope.boardId}`;
    const channel = client
      .channel(`activity-${scope.cardId ?? scope.boardId}-${channelSerial}`)
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'activity', filter },
        (payload: RealtimePostgresInsertPayload<ActivityEntry>) =>
          subscriber.next({ kind: 'insert', entry: payload.new }),
      )
      .subscribe((status) => subscriber.next({ kind: 'status', status }));
    return () => {
      void client.removeChannel(channel);
    };
  });
