import { Observable } from 'rxjs';
import type { Connection } from '../../kernel/backend/connection';
import { onRejoin } from '../../kernel/backend/channel-rejoin';
import { getSupabase } from '../../kernel/backend/supabase-client';

let serial = 0;

/**
 * Signals when the user's set of boards may have changed: they were invited to a board or
 * removed from one, or a board they see was renamed or deleted. The list is small, so the
 * boards store simply reloads it. It signals too when the channel joins again after a gap
 * (the backend was away, so changes may have been missed, or the first load failed).
 *
 * The channel is open for as long as the user is signed in, board or not, so it is also the
 * socket's witness for the page's connection state (connection.ts).
 */
export const membershipChanges = (userId: string, connection: Connection): Observable<void> =>
  new Observable<void>((subscriber) => {
    const client = getSupabase();
    serial += 1;
    const rejoin = onRejoin(() => subscriber.next());
    const channel = client
      .channel(`memberships-${userId}-${serial}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'board_members', filter: `user_id=eq.${userId}` },
        () => subscriber.next(),
      )
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'boards' }, () =>
        subscriber.next(),
      )
      .on('postgres_changes', { event: 'DELETE', schema: 'public', table: 'boards' }, () =>
        subscriber.next(),
      )
      .subscribe((status) => {
        // Removing the channel reports CLOSED: a sign-out, not a fault.
        if (subscriber.closed) return;
        connection.channelStatus(status);
        rejoin(status);
      });
    return () => {
      void client.removeChannel(channel);
    };
  });
