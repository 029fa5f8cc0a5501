/**
 * What the benches that sign users up share: supabase-js clients for the scratch backend
 * (e2e/support/environment.ts, startScratchBackend), users signed up and in, and the median.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { RunningBackend } from '../../backend/src/server.ts';

export const PASSWORD = 'geheim123';

export const clientFor = (backend: RunningBackend): SupabaseClient =>
  createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });

/** The data of a supabase-js answer; its error stops the bench. */
export const must = <R extends { data: unknown; error: unknown }>(result: R): R['data'] => {
  if (result.error) throw result.error;
  return result.data;
};

/** The one row a `.single()` call must have answered. */
export const mustRow = <R extends { data: unknown; error: unknown }>(
  result: R,
): NonNullable<R['data']> => {
  const row = must(result);
  if (row === null || row === undefined) throw new Error('The backend answered without the row.');
  return row;
};

/** A new user named `name`, signed in; `handle` starts the e-mail address. */
export const signUp = async (backend: RunningBackend, name: string, handle: string) => {
  const client = clientFor(backend);
  const email = `${handle}-${randomUUID().slice(0, 8)}@example.test`;
  must(
    await client.auth.signUp({ email, password: PASSWORD, options: { data: { full_name: name } } }),
  );
  const signedIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
  if (signedIn.error) throw signedIn.error;
  return { client, email, id: signedIn.data.user.id };
};

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
