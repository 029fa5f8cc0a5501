import { Observable } from 'rxjs';
import type { Connection } from '../../kernel/backend/connection';
import type { LiveEvent } from '../../kernel/backend/synced-resource';
import { subscribeChanges } from '../../kernel/backend/changes-channel';

/** Which table changed: a board (renamed, archived, deleted) or the user's membership. */
export type MembershipChange = 'board_members' | 'boards';

/**
 * Says when the user's set of boards may have changed: they were invited to a board or removed
 * from one, or a board they see was renamed or deleted. The list is small, so the boards store
 * simply reloads it, also after a gap in the channel (boards-store.ts).
 *
 * The channel is open for as long as the user is signed in, board or not, so it is also the
 * socket's witness for the page's connection state (connection.ts).
 */
export const membershipChanges = (
  userId: string,
  connection: Connection,
): Observable<LiveEvent<MembershipChange>> =>
  new Observable<LiveEvent<MembershipChange>>((subscriber) =>
    subscribeChanges(
      `memberships-${userId}`,
      [
        { table: 'board_members', filter: `user_id=eq.${userId}` },
        { table: 'boards', event: 'UPDATE' },
        { table: 'boards', event: 'DELETE' },
      ],
      (table) => subscriber.next({ kind: 'change', change: table }),
      (status) => {
        // Removing the channel reports CLOSED: a sign-out, not a fault.
        if (subscriber.closed) return;
        connection.channelStatus(status);
        subscriber.next({ kind: 'status', status });
      },
    ),
  );
