import type { RealtimeChannel } from '@supabase/supabase-js';
import type { ChannelStatus } from './connection';
import { getSupabase } from './supabase-client';

/** What one user of a private topic hears; each part is optional. */
export interface TopicHandlers {
  /** A broadcast (from the database's triggers), in the server's order. */
  broadcast?(payload: Record<string, unknown>): void;
  /** The topic's whole presence state, on every change. */
  presence?(channel: RealtimeChannel): void;
  status?(status: ChannelStatus): void;
}

interface Joined {
  channel: RealtimeChannel | null;
  users: Set<TopicHandlers>;
  status: ChannelStatus | null;
}

const joined = new Map<string, Joined>();

/**
 * A board's private topic: its changes (from the database's triggers) and who is there. Its
 * RLS policies on realtime.messages (migrations 20261124000800, 20261126010000) admit members.
 */
export const boardTopic = (boardId: string): string => `board:${boardId}`;

/**
 * A private topic (`board:<id>`) shared by the features that listen to it: the board's changes
 * and its presence. supabase-js hands back the existing channel of a topic and allows one
 * subscribe per channel, so one channel per topic is joined by the first user and left with
 * the last. Presence is keyed by `presenceKey` (the user id), so it is the same whoever joins
 * first. The access token is handed over before the join: a join without it is refused.
 * Returns the way to leave; `channel()` is the joined channel (to track presence on).
 */
export const joinPrivateTopic = (
  topic: string,
  presenceKey: string,
  handlers: TopicHandlers,
): { channel(): RealtimeChannel | null; leave(): void } => {
  let entry = joined.get(topic);
  if (!entry) {
    const created: Joined = { channel: null, users: new Set(), status: null };
    entry = created;
    joined.set(topic, created);
    const client = getSupabase();
    void client.realtime
      .setAuth()
      .catch(() => undefined) // no token yet: the join goes as anon and is retried with one
      .then(() => {
        if (joined.get(topic) !== created) return;
        const channel = client.channel(topic, {
          config: { private: true, presence: { key: presenceKey, enabled: true } },
        });
        created.channel = channel;
        channel
          .on('broadcast', { event: '*' }, (message: { payload?: Record<string, unknown> }) => {
            for (const user of created.users) user.broadcast?.(message.payload ?? {});
          })
          .on('presence', { event: 'sync' }, () => {
            for (const user of created.users) user.presence?.(channel);
          })
          .subscribe((status) => {
            created.status = status as ChannelStatus;
            for (const user of created.users) user.status?.(created.status);
          });
      });
  } else if (entry.status) {
    handlers.status?.(entry.status);
    if (entry.channel) handlers.presence?.(entry.channel);
  }
  const current = entry;
  current.users.add(handlers);
  return {
    channel: () => current.channel,
    leave() {
      if (!current.users.delete(handlers) || current.users.size > 0) return;
      joined.delete(topic);
      if (current.channel) void getSupabase().removeChannel(current.channel);
    },
  };
};
