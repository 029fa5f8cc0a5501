import { check, unwrap } from '../../kernel/backend/api-error';
import type { Database } from '../../kernel/backend/database.types';
import { getSupabase } from '../../kernel/backend/supabase-client';

type Row = Database['public']['Tables']['notifications']['Row'];

/**
 * One notification (supabase/migrations/20261126013000_notifications.sql): why, who, where,
 * and the names to phrase it (`data`: actor_name, card_title, board_title, subtask_text,
 * to_list_title, due_date), as they were when it was written.
 */
export type AppNotification = Pick<
  Row,
  'id' | 'kind' | 'actor_id' | 'board_id' | 'card_id' | 'comment_id' | 'created_at' | 'read_at'
> & { data: Record<string, unknown> };

/** The bell shows the newest this many; older ones stay in the database. */
export const NOTIFICATIONS_SHOWN = 50;

const columns = 'id, kind, actor_id, board_id, card_id, comment_id, created_at, read_at, data';

export interface NotificationsPage {
  items: AppNotification[];
  /** Unread, counted by the server over all of the user's notifications, not just those shown. */
  unread: number;
}

/** The newest notifications and the unread count: two requests, sent together. */
export const fetchNotifications = async (): Promise<NotificationsPage> => {
  const client = getSupabase();
  const [page, count] = await Promise.all([
    client
      .from('notifications')
      .select(columns)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(NOTIFICATIONS_SHOWN),
    client.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null),
  ]);
  const items = (unwrap(page) ?? []) as AppNotification[];
  check(count);
  return { items, unread: count.count ?? 0 };
};

/** Marks these notifications read (row-level security: only one's own change). */
export const markNotificationsRead = async (ids: readonly string[]): Promise<void> => {
  check(
    await getSupabase()
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .in('id', [...ids])
      .is('read_at', null),
  );
};

/** Marks every unread notification of the user read. */
export const markAllNotificationsRead = async (): Promise<void> => {
  check(
    await getSupabase()
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .is('read_at', null),
  );
};
