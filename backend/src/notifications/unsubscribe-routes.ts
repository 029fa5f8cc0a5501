/**
 * The digest's one-click unsubscribe, at the path the hosted Edge Function answers
 * (`/functions/v1/notification-digest`), so a mailed link has the same shape locally and hosted.
 * GET is the link in the mail; POST with `List-Unsubscribe=One-Click` is what mail clients send
 * for the RFC 8058 header. Either switches the user's digests to 'never' (reversible in
 * 'Profil'); the token, signed with the server's secret, is the only credential.
 */
import { Hono } from 'hono';
import type { BackendContext } from '../context.ts';
import { verifyUnsubscribeToken } from './digest.ts';

export const UNSUBSCRIBE_PATH = '/functions/v1/notification-digest/unsubscribe';

const page = (title: string, message: string) =>
  `<!doctype html><html lang="de"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>${title} – TaskFlow</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">` +
  `<main><h1>${title}</h1><p>${message}</p></main></body></html>`;

export const unsubscribeRoutes = (ctx: BackendContext): Hono => {
  const app = new Hono();
  const unsubscribe = async (token: string | undefined) => {
    const userId = token ? await verifyUnsubscribeToken(token, ctx.config.jwtSecret) : null;
    if (!userId) return false;
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `insert into public.notification_settings (user_id, digest)
         select p.id, 'never' from public.profiles p where p.id = $1
         on conflict (user_id) do update set digest = 'never'`,
        [userId],
      );
      await tx.query('delete from private.notification_outbox where recipient_id = $1', [userId]);
    });
    return true;
  };
  const answer = async (token: string | undefined) =>
    (await unsubscribe(token))
      ? new Response(
          page(
            'Abgemeldet',
            'Sie erhalten keine E-Mail-Zusammenfassungen Ihrer Benachrichtigungen mehr. ' +
              'Im Profil können Sie sie wieder einschalten.',
          ),
          { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
        )
      : new Response(
          page('Link ungültig', 'Dieser Abmeldelink ist ungültig. Bitte nutzen Sie das Profil.'),
          { status: 400, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
        );
  app.get('/unsubscribe', (c) => answer(c.req.query('token')));
  app.post('/unsubscribe', (c) => answer(c.req.query('token')));
  return app;
};
