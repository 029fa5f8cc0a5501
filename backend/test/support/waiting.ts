/**
 * Waiting in the backend's integration tests: for a value that arrives over a socket, and for a
 * realtime channel's join. One copy, so every file times out and reports the same way.
 */
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterEach } from 'vitest';

export interface WaitOptions {
  timeoutMs?: number;
  pollMs?: number;
}

/** Polls `read` until it returns a value (not undefined or false); `what` names it on timeout. */
export const waitFor = async <T>(
  read: () => T | undefined | false,
  what: string,
  { timeoutMs = 15_000, pollMs = 20 }: WaitOptions = {},
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
};

/** Subscribes and resolves once the server confirmed every binding; a refusal rejects. */
export const joinChannel = (channel: RealtimeChannel) =>
  new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(error ?? new Error(status));
    });
  });

/**
 * The channels a test opens, each removed after the test, so no subscription of one test
 * receives another's changes. Push every channel the test opens.
 */
export const channelsRemovedAfterEach = () => {
  const channels: { client: SupabaseClient; channel: RealtimeChannel }[] = [];
  afterEach(async () => {
    for (const { client, channel } of channels.splice(0)) await client.removeChannel(channel);
  });
  return channels;
};

/**
 * The filter of a `postgres_changes` binding: `event`s on `table` in schema public, optionally
 * narrowed by a filter string (`board_id=eq.…`), for `channel.on('postgres_changes', …)`.
 */
export const rowChanges = <E extends '*' | 'INSERT' | 'UPDATE' | 'DELETE'>(
  event: E,
  table: string,
  filter?: string,
) => ({ event, schema: 'public', table, ...(filter === undefined ? {} : { filter }) });
