/**
 * Mails the board invitations (public.board_invitations, written by invite_board_member), the
 * same mail whether or not the address has an account: a worker over that table as its outbox. Each round claims the unmailed
 * rows in one statement (`for update skip locked`), so with several backend processes on one
 * PostgreSQL each invitation is claimed by one of them; a failed send gives the row back for
 * the next round. A database function cannot speak SMTP, hence this worker; on a hosted project
 * the Edge Function supabase/functions/invitation-mail runs the same round (README "E-Mail").
 */
import type { Logger } from 'pino';
import type { BackendConfig } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { MailSender } from './sender.ts';
import {
  CLAIM_INVITATIONS_SQL,
  RELEASE_INVITATION_SQL,
  invitationMail,
  type ClaimedInvitation,
} from './invitation-mail.ts';
import { textOfHtml } from './templates.ts';

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
    const { rows } = await db.query<ClaimedInvitation>(CLAIM_INVITATIONS_SQL);
    let sent = 0;
    for (const row of rows) {
      try {
        const message = invitationMail(row, config.siteUrl);
        await mail.send({ ...message, text: textOfHtml(message.html) });
        sent += 1;
      } catch (error) {
        logger.error({ err: error }, 'invitation mail not sent; it is tried again');
        await db.query(RELEASE_INVITATION_SQL, [row.id]);
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
