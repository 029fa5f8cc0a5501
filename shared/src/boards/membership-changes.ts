import { Observable } from 'rxjs';
import { getSupabase } from '../backend/supabase-client';

let serial = 0;

/**
 * Signals when the user's set of boards may have changed: they were invited to a board or
 * removed from one, or a board they see was renamed or deleted. The list is small, so the
 * boards store simply reloads it.
 */
export const membershipChanges = (userId: string): Observable<void> =>
  new Observable<void>((subscriber) => {
    const client = getSupabase();
    serial += 1;
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
      .subscribe();
    return () => {
      void client.removeChannel(channel);
    };
  });
