/**
 * Mails the board invitations (public.board_invitations, written by invite_board_member), the
 * same mail whether or not the address has an account: a worker over that table as its outbox. Each round claims the unmailed
 * rows in one statement (`for update skip locked`), so with several backend processes on one
 * PostgreSQL each invitation is claimed by one of them; a failed send gives the row back for
 * the next round. A database function cannot speak SMTP, hence this worker; on a hosted project
 * a Database Webhook on the table calls an Edge Function instead (README "E-Mail").
 */
import type { Logger } from 'pino';
import type { BackendConfig } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { MailSender } from './sender.ts';
import { textOfHtml } from './templates.ts';

interface Claimed {
  id: string;
  email: string;
  board_id: string;
  board_title: string;
  inviter_name: string | null;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/**
 * The German invitation: who invites to which board, and the link to the board, where a
 * signed-in invitee accepts or declines and someone without an account registers. It reads the
 * same for both, so the mail does not depend on who has an account either.
 */
export const invitationMail = (
  invitation: Pick<Claimed, 'email' | 'board_id' | 'board_title' | 'inviter_name'>,
  siteUrl: string,
) => {
  const inviter = invitation.inviter_name?.trim() || 'Jemand';
  const link = `${siteUrl}/b/${invitation.board_id}`;
  const subject = `TaskFlow: ${inviter} lädt Sie zum Board „${invitation.board_title}“ ein`;
  const html = `<!doctype html>
<html lang="de">
  <body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
    <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
      <p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#4f46e5">TaskFlow</p>
      <h1 style="margin:0 0 12px;font-size:18px">Einladung zum Board „${escapeHtml(invitation.board_title)}“</h1>
      <p style="margin:0 0 16px;line-height:1.5">${escapeHtml(inviter)} hat Sie eingeladen, im Board „${escapeHtml(invitation.board_title)}“ mitzuarbeiten. Öffnen Sie die Einladung, um sie anzunehmen. Wenn Sie noch kein TaskFlow-Konto haben, registrieren Sie sich mit dieser Adresse (${escapeHtml(invitation.email)}); danach sind Sie Mitglied des Boards.</p>
      <p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:8px">Einladung öffnen</a></p>
      <p style="margin:0;font-size:13px;line-height:1.5;color:#475569">Wenn Sie die Einladung nicht erwartet haben, ignorieren Sie diese E-Mail.</p>
    </div>
  </body>
</html>`;
  return { to: invitation.email, subject, html, text: textOfHtml(html) };
};

export interface InvitationMailer {
  /** One round: claims and mails what is pending; resolves with the number sent. */
  runOnce(): Promise<number>;
  stop(): void;
}

export const startInvitationMailer = (
  deps: { db: Db; mail: MailSender; logger: Logger; config: Pick<BackendConfig, 'siteUrl'> },
  intervalMs = 2000,
): InvitationMailer => {
  const { db, mail, logger, config } = deps;
  let running: Promise<number> | null = null;

  const round = async (): Promise<number> => {
    // Without SMTP nothing can be sent: the rows wait for a backend that has it.
    if (!mail.configured) return 0;
    const { rows } = await db.query<Claimed>(
      `update public.board_invitations i set mailed_at = now()
       from public.boards b
       where b.id = i.board_id and i.id in (
         select id from public.board_invitations where mailed_at is null
         order by created_at limit 20 for update skip locked)
       returning i.id, i.email, i.board_id, b.title as board_title,
         (select p.full_name from public.profiles p where p.id = i.invited_by) as inviter_name`,
    );
    let sent = 0;
    for (const row of rows) {
      try {
        await mail.send(invitationMail(row, config.siteUrl));
        sent += 1;
      } catch (error) {
        logger.error({ err: error }, 'invitation mail not sent; it is tried again');
        await db.query('update public.board_invitations set mailed_at = null where id = $1', [
          row.id,
        ]);
      }
    }
    return sent;
  };

  const runOnce = () => {
    // One round at a time per process: a slow SMTP server must not pile rounds up.
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  };

  const timer = setInterval(() => {
    runOnce().catch((error: unknown) => logger.error({ err: error }, 'invitation mailer failed'));
  }, intervalMs);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
};
