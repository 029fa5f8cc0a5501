import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import type { ChannelStatus } from './connection';
import { getSupabase } from './supabase-client';

/** One postgres_changes binding of a channel: a table of `public`, an event, a server filter. */
export interface ChangeBinding<Table extends string> {
  table: Table;
  event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  filter?: string;
}

export type ChangePayload = RealtimePostgresChangesPayload<Record<string, unknown>>;

/**
 * Each channel gets a topic of its own: supabase-js hands back an existing channel of the same
 * topic, so a second subscription (a reopened board, a rejoin after sign-in) would share, and
 * then remove, the first one's channel.
 */
let serial = 0;

/**
 * Joins one channel, named `name` plus a serial, with a postgres_changes binding each, and
 * reports every delivered change (in the server's order) and the channel's status. The returned
 * teardown removes the channel by object, never by name.
 */
export const subscribeChanges = <Table extends string>(
  name: string,
  bindings: ChangeBinding<Table>[],
  onChange: (table: Table, payload: ChangePayload) => void,
  onStatus: (status: ChannelStatus) => void,
): (() => void) => {
  const client = getSupabase();
  serial += 1;
  let channel = client.channel(`${name}-${serial}`);
  for (const binding of bindings) {
    channel = channel.on(
      'postgres_changes',
      {
        event: binding.event ?? '*',
        schema: 'public',
        table: binding.table,
        ...(binding.filter ? { filter: binding.filter } : {}),
      },
      (payload: ChangePayload) => onChange(binding.table, payload),
    );
  }
  channel.subscribe(onStatus);
  return () => {
    void client.removeChannel(channel);
  };
};
