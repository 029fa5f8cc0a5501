// The board invitation mails on a hosted Supabase project: the same round the local backend's
// mailer runs (backend/src/mail/invitation-mailer.ts), as an Edge Function. A database function
// cannot speak SMTP, and GoTrue mails only its own flows, so invitations need this sender.
//
// - POST /functions/v1/invitation-mail with `Authorization: Bearer <INVITATION_MAIL_SECRET>`:
//   claims the unmailed invitations and mails each; scheduled every minute with pg_cron +
//   pg_net (README, "E-Mail").
//
// It connects to the database directly (SUPABASE_DB_URL, set for every function): the claim is
// one `update … for update skip locked` statement, so overlapping runs never mail a row twice.
// Deploy with `supabase functions deploy invitation-mail --use-api --no-verify-jwt` (it imports
// the shared mail module from backend/, outside supabase/).
// Deno resolves npm: specifiers itself; Node's resolver (and so the linter) cannot.
// eslint-disable-next-line import-x/no-unresolved
import postgres from 'npm:postgres@3.4.7';
// eslint-disable-next-line import-x/no-unresolved
import nodemailer from 'npm:nodemailer@10.6.1';
// eslint-disable-next-line import-x/no-unresolved
import { convert } from 'npm:html-to-text@10.0.1';
import {
  CLAIM_INVITATIONS_SQL,
  RELEASE_INVITATION_SQL,
  invitationMail,
  type ClaimedInvitation,
} from '../../../backend/src/mail/invitation-mail.ts';
import { env, serve } from '../_shared/deno-env.ts';

const sql = postgres(env('SUPABASE_DB_URL'), { max: 2, prepare: false });
const mailer = nodemailer.createTransport(env('SMTP_URL'), { from: env('SMTP_SENDER') });

serve(async (request) => {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 });
  if (request.headers.get('Authorization') !== `Bearer ${env('INVITATION_MAIL_SECRET')}`)
    return new Response('Unauthorized', { status: 401 });
  const rows = (await sql.unsafe(CLAIM_INVITATIONS_SQL)) as unknown as ClaimedInvitation[];
  let sent = 0;
  for (const row of rows) {
    const message = invitationMail(row, env('SITE_URL'));
    try {
      await mailer.sendMail({
        ...message,
        // As the local backend's text part (backend/src/mail/templates.ts, textOfHtml).
        text: convert(message.html, {
          wordwrap: 78,
          selectors: [
            { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
            { selector: 'h1', options: { uppercase: false } },
          ],
        }),
      });
      sent += 1;
    } catch (error) {
      console.error('invitation mail not sent; it is tried again', row.id, error);
      await sql.unsafe(RELEASE_INVITATION_SQL, [row.id]);
    }
  }
  return new Response(JSON.stringify({ sent }), {
    headers: { 'Content-Type': 'application/json' },
  });
});
