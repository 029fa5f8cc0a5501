import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { freezeBackendSettings } from './backend-config';
import type { Database } from './database.types';

let client: SupabaseClient<Database> | null = null;

/**
 * How long the realtime socket waits before its n-th reconnect attempt. supabase-js's default
 * climbs to 10 s, so a backend back after a restart could go unnoticed for that long; capped
 * at 1 s, the socket (and with it the board's resync and the queued edits, connection.ts) is
 * back well within 5 s. An attempt against a backend that is still down costs one refused
 * connection.
 */
const RECONNECT_AFTER_MS = [100, 250, 500, 1000];
const reconnectAfterMs = (tries: number): number => RECONNECT_AFTER_MS[tries - 1] ?? 1000;

/**
 * The one Supabase client of the page. Created on first use, so that the run-time settings are
 * in place and tests that never touch the backend never open a socket. The storage key is
 * supabase-js's default, derived from the backend's host name (docs/product-spec.md §9). Typed with the
 * generated Database type, so every table call is checked against the migrations.
 */
export const getSupabase = (): SupabaseClient<Database> => {
  if (!client) {
    const { url, anonKey } = freezeBackendSettings();
    client = createClient<Database>(url, anonKey, {
      // detectSessionInUrl: a mailed link (recovery, confirmation) comes back with the session
      // in the address's fragment (GoTrue's implicit flow); supabase-js signs in from it and
      // raises PASSWORD_RECOVERY for a recovery link.
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
      realtime: { reconnectAfterMs },
    });
  }
  return client;
};
