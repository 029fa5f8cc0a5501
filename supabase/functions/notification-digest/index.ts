// The notification digest on a hosted Supabase project: the same round the local backend's
// worker runs (backend/src/notifications/digest-worker.ts), as an Edge Function.
//
// - POST /functions/v1/notification-digest with `Authorization: Bearer <DIGEST_CRON_SECRET>`:
//   writes the daily due reminders and mails every due digest; scheduled every minute or five
//   with pg_cron + pg_net (README, "Hosted Supabase": notifications).
// - GET or POST /functions/v1/notification-digest/unsubscribe?token=…: the mails' one-click
//   unsubscribe (RFC 8058), signed with DIGEST_UNSUBSCRIBE_SECRET.
//
// It connects to the database directly (SUPABASE_DB_URL, set for every function), because a
// digest is taken under an advisory lock inside the transaction that mails it: one function
// run sends it, an overlapping one skips it. Deploy with `supabase functions deploy
// notification-digest --use-api --no-verify-jwt` (it imports the shared digest module from
// backend/, outside supabase/; links in mails carry no JWT).
// Deno resolves npm: specifiers itself; Node's resolver (and so the linter) cannot.
// eslint-disable-next-line import-x/no-unresolved
import postgres from 'npm:postgres@3.4.7';
// eslint-disable-next-line import-x/no-unresolved
import nodemailer from 'npm:nodemailer@10.6.1';
import {
  runDigestRound,
  verifyUnsubscribeToken,
  type Digest,
  type DigestStore,
} from '../../../backend/src/notifications/digest.ts';
import { env, optionalEnv, serve } from '../_shared/deno-env.ts';

const sql = postgres(env('SUPABASE_DB_URL'), { max: 2, prepare: false });
const mailer = nodemailer.createTransport(env('SMTP_URL'), { from: env('SMTP_SENDER') });
const functionUrl = `${env('SUPABASE_URL')}/functions/v1/notification-digest`;

const store: DigestStore = {
  dueRecipients: async (batchSeconds) =>
    (
      await sql<{ id: string }[]>`
        select private.due_digest_recipients(make_interval(secs => ${batchSeconds})) as id`
    ).map((row) => row.id),
  withDigest: async (userId, fn) => {
    await sql.begin(async (tx) => {
      const [row] = await tx<{ digest: Digest | null }[]>`
        select private.take_notification_digest(${userId}) as digest`;
      await fn(row?.digest ?? null);
    });
  },
};

const page = (status: number, text: string) =>
  // Hosted Edge Functions answer GET with text/plain only: the page is a sentence.
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

serve(async (request) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/unsubscribe')) {
    const token = url.searchParams.get('token') ?? '';
    const userId = await verifyUnsubscribeToken(token, env('DIGEST_UNSUBSCRIBE_SECRET'));
    if (!userId) return page(400, 'Dieser Abmeldelink ist ungültig. Bitte nutzen Sie das Profil.');
    await sql.begin(async (tx) => {
      await tx`insert into public.notification_settings (user_id, digest)
               select p.id, 'never' from public.profiles p where p.id = ${userId}
               on conflict (user_id) do update set digest = 'never'`;
      await tx`delete from private.notification_outbox where recipient_id = ${userId}`;
    });
    return page(
      200,
      'Sie erhalten keine E-Mail-Zusammenfassungen Ihrer Benachrichtigungen mehr. ' +
        'Im Profil können Sie sie wieder einschalten.',
    );
  }
  if (request.method !== 'POST') return page(405, 'Method not allowed');
  if (request.headers.get('Authorization') !== `Bearer ${env('DIGEST_CRON_SECRET')}`)
    return page(401, 'Unauthorized');
  await sql`select private.notify_due_cards()`;
  const sent = await runDigestRound(store, {
    batchSeconds: Number(optionalEnv('NOTIFICATION_DIGEST_BATCH_SECONDS') ?? 300),
    siteUrl: env('SITE_URL'),
    unsubscribeUrl: (token) => `${functionUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
    secret: env('DIGEST_UNSUBSCRIBE_SECRET'),
    send: async (mail) => {
      await mailer.sendMail(mail);
    },
    onError: (userId, error) => console.error('digest not sent', userId, error),
  });
  return new Response(JSON.stringify({ sent }), {
    headers: { 'Content-Type': 'application/json' },
  });
});
