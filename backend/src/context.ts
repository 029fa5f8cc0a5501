import type { Logger } from 'pino';
import type { JwtService } from './auth/jwt.ts';
import type { BackendConfig } from './config.ts';
import type { Db } from './db/types.ts';

/** What every protocol module receives: settings, the database port, tokens and the logger. */
export interface BackendContext {
  config: BackendConfig;
  db: Db;
  jwt: JwtService;
  logger: Logger;
}
