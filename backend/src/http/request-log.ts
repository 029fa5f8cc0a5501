import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

/** One log line per request: method, path, status and duration in milliseconds. */
export const requestLog =
  (logger: Logger): MiddlewareHandler =>
  async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
