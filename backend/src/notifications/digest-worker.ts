/**
 * The notification worker inside the backend: every tick it runs the daily due reminder
 * (private.notify_due_cards, at most one notification per card and day however often it runs)
 * and one digest round (./digest.ts). Several backend
 * processes on one PostgreSQL may all run it: a user's digest is taken under an advisory lock
 * in the transaction that mails it, so one process sends it and none twice.
 *
 * On PGlite the transaction holds the one connection while the mail goes out; the local catcher
 * answers in milliseconds, and an SMTP server that hangs is cut off by the mailer's timeouts.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/types.ts';
import { runDigestRound, type Digest, type DigestMail, type DigestStore } from './digest.ts';

/** The part of the mail sender (backend/src/mail) the worker needs. */
export interface DigestMailer {
  send(message: DigestMail): Promise<void>;
}

export interface NotificationWorkerOptions {
  db: Db;
  /** Without one (no SMTP configured) digests wait in the outbox; the due reminder still runs. */
  mailer: DigestMailer | null;
  logger: Logger;
  /** Seconds a notification waits to be batched ('Sofort'); also that setting's interval. */
  batchSeconds: number;
  /** How often the worker looks; 0 runs nothing on its own (tests call `tick`). */
  intervalMs: number;
  /** Where mailed links lead (the web app). */
  siteUrl: string;
  /** The unsubscribe endpoint of this backend. */
  unsubscribeBaseUrl: string;
  /** The HMAC secret of unsubscribe tokens. */
  secret: string;
}

export interface NotificationWorker {
  /** One round now: the due reminder, then the digests; resolves to the mails sent. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

export const digestStore = (db: Db): DigestStore => ({
  dueRecipients: async (batchSeconds) =>
    (
      await db.query<{ id: string }>(
        'select private.due_digest_recipients(make_interval(secs => $1)) as id',
        [batchSeconds],
      )
    ).rows.map((row) => row.id),
  withDigest: (userId, fn) =>
    db.transaction(async (tx) => {
      const { rows } = await tx.query<{ digest: Digest | null }>(
        'select private.take_notification_digest($1) as digest',
        [userId],
      );
      await fn(rows[0]?.digest ?? null);
    }),
});

export const unsubscribeUrlFor = (baseUrl: string) => (token: string) =>
  `${baseUrl}?token=${encodeURIComponent(token)}`;

export const startNotificationWorker = (options: NotificationWorkerOptions): NotificationWorker => {
  const { db, logger } = options;
  const store = digestStore(db);
  let running: Promise<number> | undefined;
  let stopped = false;

  const round = async () => {
    await db.query('select private.notify_due_cards()');
    const { mailer } = options;
    if (!mailer) return 0;
    return runDigestRound(store, {
      batchSeconds: options.batchSeconds,
      siteUrl: options.siteUrl,
      unsubscribeUrl: unsubscribeUrlFor(options.unsubscribeBaseUrl),
      secret: options.secret,
      send: (mail) => mailer.send(mail),
      onError: (userId, error) =>
        logger.warn({ err: error, userId }, 'notification digest not sent; retried next round'),
    });
  };

  // One round at a time per process: a slow SMTP server does not pile rounds up.
  const tick = () => {
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer =
    options.intervalMs > 0
      ? setInterval(() => {
          if (stopped) return;
          tick().catch((error: unknown) =>
            logger.warn({ err: error }, 'notification worker round failed'),
          );
        }, options.intervalMs)
      : undefined;
  timer?.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
};
