import type { RealtimeChannel } from '@supabase/supabase-js';
import { Observable } from 'rxjs';
import type { ChannelStatus } from './connection';
import { getSupabase } from './supabase-client';

/** What the user's private topic says: a broadcast message, or the channel's status. */
export type UserChannelEvent =
  | { kind: 'message'; event: string; payload: Record<string, unknown> }
  | { kind: 'status'; status: ChannelStatus };

type Listener = (event: UserChannelEvent) => void;

/**
 * The signed-in user's private topic `user:<user id>` (only that user may join it: row-level
 * security on realtime.messages), shared by every feature that listens to it. The topic's name
 * is fixed, and supabase-js hands back the existing channel of a topic, so two features each
 * joining it would subscribe one channel twice and the first to leave would remove it for both:
 * here one channel per user is joined by the first listener and left with the last.
 */
const joined = new Map<
  string,
  { channel: RealtimeChannel; listeners: Set<Listener>; status: ChannelStatus | null }
>();

export const userChannelEvents = (userId: string): Observable<UserChannelEvent> =>
  new Observable<UserChannelEvent>((subscriber) => {
    const listener: Listener = (event) => subscriber.next(event);
    let entry = joined.get(userId);
    if (!entry) {
      const client = getSupabase();
      const channel = client.channel(`user:${userId}`, { config: { private: true } });
      const created = {
        channel,
        listeners: new Set<Listener>(),
        status: null as ChannelStatus | null,
      };
      entry = created;
      joined.set(userId, created);
      channel.on('broadcast', { event: '*' }, (message: { event: string; payload?: unknown }) => {
        const payload = (message.payload ?? {}) as Record<string, unknown>;
        for (const each of created.listeners)
          each({ kind: 'message', event: message.event, payload });
      });
      // The client's token must reach the socket before a private join (supabase-js sends it).
      void client.realtime.setAuth().finally(() =>
        channel.subscribe((status) => {
          created.status = status as ChannelStatus;
          for (const each of created.listeners)
            each({ kind: 'status', status: status as ChannelStatus });
        }),
      );
    } else if (entry.status) {
      listener({ kind: 'status', status: entry.status });
    }
    entry.listeners.add(listener);
    const current = entry;
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size > 0) return;
      joined.delete(userId);
      void getSupabase().removeChannel(current.channel);
    };
  });
