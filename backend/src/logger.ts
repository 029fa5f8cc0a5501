import pino, { type Logger } from 'pino';
import { currentRequestId } from './request-context.ts';

/**
 * One JSON line per event on stdout (pino); `LOG_LEVEL=silent` for tests. Lines written while
 * a request or realtime socket is being served carry its `requestId`.
 */
export const createLogger = (level: string): Logger =>
  pino({
    level,
    base: undefined,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  });
