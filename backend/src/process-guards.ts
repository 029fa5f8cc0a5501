/**
 * The last line of defence for `npm run backend` and `npm start`: an error that nothing
 * caught (a bug reached by one request or socket) is logged with the request id it happened
 * under, and the process goes on serving. Ending the process would hand every user's
 * connection to one client's failure; the per-connection handlers (server.ts, realtime) make
 * this a rarity, and the log line says where to look.
 */
import type { Logger } from 'pino';
import { currentRequestId } from './request-context.ts';

/**
 * Installs the handlers for as long as the returned function is not called. Each running
 * backend installs its own (tests run several in one process), logging to its own logger.
 */
export const installProcessGuards = (logger: Logger): (() => void) => {
  const log = (kind: string) => (error: unknown) =>
    logger.error({ err: error, requestId: currentRequestId() }, `${kind}; still serving`);
  const onException = log('uncaught exception');
  const onRejection = log('unhandled promise rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
};
