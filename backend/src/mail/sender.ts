/**
 * The one way the backend sends mail: auth links (auth/mail-links.ts), invitations and, later,
 * notification digests all call `send`. SMTP through nodemailer, configured by SMTP_URL or
 * SMTP_HOST…; with none configured (a test or a bare `npm run dev` without `npm start`'s catcher)
 * a mail is logged without its body and counted as not sent, so no link is ever printed to a log.
 */
import { createTransport } from 'nodemailer';
import type { Logger } from 'pino';
import type { BackendConfig } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; every mail has it, for clients that show no HTML. */
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe of a digest. */
  headers?: Record<string, string>;
}

export interface MailSender {
  /** Resolves once the SMTP server accepted the mail; rejects when it did not. */
  send(message: MailMessage): Promise<void>;
  /** Whether an SMTP server is configured (without one, `send` sends nothing). */
  readonly configured: boolean;
  close(): void;
}

export const createMailSender = (
  config: Pick<BackendConfig, 'smtp' | 'smtpSender'>,
  logger: Logger,
): MailSender => {
  const { smtp } = config;
  if (!smtp) {
    return {
      configured: false,
      send: async (message) => {
        logger.warn(
          { to: message.to, subject: message.subject },
          'mail not sent: no SMTP server configured (SMTP_URL or SMTP_HOST)',
        );
      },
      close: () => {},
    };
  }
  const transport = createTransport(
    smtp.url ?? {
      host: smtp.host,
      port: smtp.port,
      // Port 465 speaks TLS from the start; others upgrade with STARTTLS when offered.
      secure: smtp.port === 465,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
    },
    { from: config.smtpSender },
  );
  return {
    configured: true,
    send: async (message) => {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
    close: () => transport.close(),
  };
};
