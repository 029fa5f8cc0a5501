import type { Logger } from 'pino';
import type { JwtService } from './auth/jwt.ts';
import type { BackendConfig } from './config.ts';
import type { Db } from './db/types.ts';
import type { MailSender } from './mail/sender.ts';

/** What every protocol module receives: settings, the database port, tokens, the logger, mail. */
export interface BackendContext {
  config: BackendConfig;
  db: Db;
  jwt: JwtService;
  logger: Logger;
  /** Sends mail over the configured SMTP server (auth links, invitations, digests). */
  mail: MailSender;
}
