import { Observable } from 'rxjs';
import type { Connection } from '../../kernel/backend/connection';
import type { LiveEvent } from '../../kernel/backend/synced-resource';
import { userChannelEvents } from '../../kernel/backend/user-channel';

/** Which table changed: a board (renamed, archived) or the user's membership. */
export type MembershipChange = 'board_members' | 'boards';

/**
 * Says when the user's set of boards may have changed: they were invited to a board or removed
 * from one (also by the board's deletion), or a board of theirs was renamed or archived. The
 * database's triggers send these to the user's private topic `user:<id>`
 * (supabase/schemas/95_realtime_broadcast.sql). The list is small, so the boards store simply
 * reloads it, also after a gap in the channel (boards-store.ts); a skipped sequence number is
 * such a gap.
 *
 * The channel is open for as long as the user is signed in, board or not, so it is also the
 * socket's witness for the page's connection state (connection.ts).
 */
export const membershipChanges = (
  userId: string,
  connection: Connection,
): Observable<LiveEvent<MembershipChange>> =>
  new Observable<LiveEvent<MembershipChange>>((subscriber) => {
    let last: number | null = null;
    const subscription = userChannelEvents(userId).subscribe((event) => {
      if (event.kind === 'status') {
        // Removing the channel reports CLOSED: a sign-out, not a fault.
        if (subscriber.closed) return;
        if (event.status !== 'SUBSCRIBED') last = null;
        connection.channelStatus(event.status);
        subscriber.next(event);
        return;
      }
      const seq = Number(event.payload.seq);
      if (last !== null && seq !== last + 1) subscriber.next({ kind: 'gap' });
      last = seq;
      const table = event.payload.table;
      if (table === 'board_members' || table === 'boards') {
        subscriber.next({ kind: 'change', change: table });
      }
    });
    return () => subscription.unsubscribe();
  });
