// The attachment removal on a hosted Supabase project: the same round the local backend's worker
// runs (backend/src/attachments/removal-worker.ts), as an Edge Function.
//
// POST /functions/v1/attachment-removal with `Authorization: Bearer <ATTACHMENT_REMOVAL_CRON_SECRET>`
// claims the due paths of the removal queue (public.claim_attachment_objects_to_remove), removes
// the objects through the Storage API (hosted forbids deleting storage.objects rows in SQL, and
// only Storage deletes the bytes) and takes them off the queue
// (public.complete_attachment_object_removal). Scheduled every minute with pg_cron + pg_net
// (README, "Attachments"); overlapping runs are safe: the claim gives each path to one of them.
//
// It needs no database connection: supabase-js with the service role key, which Supabase sets
// for every function (SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY). Deploy with
// `supabase functions deploy attachment-removal --use-api --no-verify-jwt` (it imports the
// shared round from backend/, outside supabase/; the cron secret guards it instead of a JWT).
// Deno resolves npm: specifiers itself; Node's resolver (and so the linter) cannot.
// eslint-disable-next-line import-x/no-unresolved
import { createClient } from 'npm:@supabase/supabase-js@2.119.1';
import {
  ATTACHMENTS_BUCKET,
  runRemovalRound,
  type RemovalQueue,
} from '../../../backend/src/attachments/removal.ts';
import { env, serve } from '../_shared/deno-env.ts';

const supabase = createClient(env('SUPABASE_URL'), env('SUPABASE_SERVICE_ROLE_KEY'), {
  auth: { persistSession: false, autoRefreshToken: false },
});

const queue: RemovalQueue = {
  async claim(limit) {
    const { data, error } = await supabase.rpc('claim_attachment_objects_to_remove', {
      p_limit: limit,
    });
    if (error) throw error;
    return (data ?? []) as string[];
  },
  async remove(paths) {
    const { error } = await supabase.storage.from(ATTACHMENTS_BUCKET).remove(paths);
    if (error) throw error;
  },
  async complete(paths) {
    const { error } = await supabase.rpc('complete_attachment_object_removal', { p_paths: paths });
    if (error) throw error;
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

serve(async (request) => {
  if (request.method !== 'POST') return json(405, { error: 'Method not allowed' });
  if (request.headers.get('Authorization') !== `Bearer ${env('ATTACHMENT_REMOVAL_CRON_SECRET')}`)
    return json(401, { error: 'Unauthorized' });
  try {
    const removed = await runRemovalRound(queue);
    return json(200, { removed: removed.length });
  } catch (error) {
    // The claimed paths stay queued; their lease runs out and the next run retries them.
    console.error('attachment removal round failed', error);
    return json(500, { error: 'Removal failed; retried by the next run' });
  }
});
