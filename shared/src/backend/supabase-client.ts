import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { freezeBackendSettings } from './backend-config';
import type { Database } from './database.types';

let client: SupabaseClient<Database> | null = null;

/**
 * The one Supabase client of the page. Created on first use, so that the run-time settings are
 * in place and tests that never touch the backend never open a socket. The storage key is
 * supabase-js's default, derived from the backend's host name (spec §9). Typed with the
 * generated Database type, so every table call is checked against the migrations.
 */
export const getSupabase = (): SupabaseClient<Database> => {
  if (!client) {
    const { url, anonKey } = freezeBackendSettings();
    client = createClient<Database>(url, anonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false },
    });
  }
  return client;
};
