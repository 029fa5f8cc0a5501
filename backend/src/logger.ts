import pino, { type Logger } from 'pino';

/** One JSON line per event on stdout (pino); `LOG_LEVEL=silent` for tests. */
export const createLogger = (level: string): Logger => pino({ level, base: undefined });
