import type { RealtimeChannel } from '@supabase/supabase-js';
import { getSupabase } from '../../kernel/backend/supabase-client';
import type { PresenceMeta, PresenceTransport } from './presence-store';

/** The board's presence channel; its RLS policies (migration 20261124000800) admit members only. */
export const boardPresenceTopic = (boardId: string): string => `board:${boardId}`;

/**
 * A board's room on supabase-js presence, as on hosted Supabase: a private channel keyed by
 * the user id. supabase-js sends the access token with a join only once it knows it, so the
 * token is handed over first (a join without it would be refused and retried seconds later).
 * Every successful (re)join tracks the latest meta again: after a reconnect the server has
 * forgotten this tab, and supabase-js does not re-track by itself.
 */
export const supabasePresence: PresenceTransport = (boardId, userId, onState) => {
  const client = getSupabase();
  let channel: RealtimeChannel | null = null;
  let latest: PresenceMeta | null = null;
  let joined = false;
  let closed = false;

  const track = () => {
    if (channel && joined && latest) void channel.track(latest);
  };

  void client.realtime
    .setAuth()
    .catch(() => undefined) // no token yet: the join goes as anon and is retried with one
    .then(() => {
      if (closed) return;
      const joining = client.channel(boardPresenceTopic(boardId), {
        config: { private: true, presence: { key: userId } },
      });
      channel = joining;
      joining.on('presence', { event: 'sync' }, () =>
        onState(joining.presenceState<PresenceMeta>() as Record<string, PresenceMeta[]>),
      );
      joining.subscribe((status) => {
        joined = status === 'SUBSCRIBED';
        track();
      });
    });

  return {
    track(meta) {
      latest = meta;
      track();
    },
    close() {
      closed = true;
      if (channel) void client.removeChannel(channel);
      channel = null;
    },
  };
};
