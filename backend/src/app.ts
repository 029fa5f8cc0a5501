import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { authRoutes } from './auth/index.ts';
import type { BackendContext } from './context.ts';
import { requireApiKey } from './http/api-key.ts';
import { compression } from './http/compression.ts';
import { corsFor } from './http/cors.ts';
import { requestLimits } from './http/request-limits.ts';
import { requestLog } from './http/request-log.ts';
import { unsubscribeRoutes } from './notifications/unsubscribe-routes.ts';
import { broadcastRoutes } from './realtime/broadcast-routes.ts';
import type { Realtime } from './realtime/index.ts';
import { restRoutes } from './rest/index.ts';
import { storageApp } from './storage/index.ts';

/**
 * The HTTP surfaces on one app, as a hosted project lays them out: GoTrue under /auth/v1 and
 * PostgREST under /rest/v1, Realtime's broadcast endpoints under /realtime/v1/api. Realtime's
 * WebSocket upgrade is attached to the HTTP server itself (server.ts).
 */
/**
 * Auth bodies (credentials, metadata) are a few kilobytes; they keep GoTrue's 1 MiB cap however
 * large MAX_BODY_BYTES is set for REST, where a board import sends a whole board at once.
 */
const AUTH_MAX_BODY_BYTES = 1024 * 1024;

export const createApp = (ctx: BackendContext, realtime: () => Realtime | undefined): Hono => {
  const app = new Hono();
  app.use('*', requestLog(ctx.logger));
  // Outermost but the log: every answer, refusals included, is compressed as the gateway would.
  app.use('*', compression());
  app.use('*', corsFor(ctx.config.corsOrigins));
  app.use('*', requestLimits(ctx.config));
  // A mailed link is opened by a browser that has no key: the gateway lets GoTrue's verify
  // endpoint through without one, as hosted Kong does.
  const authKey = requireApiKey(ctx.jwt);
  app.use('/auth/v1/*', (c, next) =>
    c.req.method === 'GET' && c.req.path === '/auth/v1/verify' ? next() : authKey(c, next),
  );
  app.use('/rest/v1/*', requireApiKey(ctx.jwt));
  app.use('/realtime/v1/api/*', requireApiKey(ctx.jwt));
  app.use(
    '/auth/v1/*',
    bodyLimit({
      maxSize: Math.min(ctx.config.maxBodyBytes, AUTH_MAX_BODY_BYTES),
      // The rest of the body is never read, so the connection cannot carry another request.
      onError: (c) =>
        c.json({ code: 'request_too_large', message: 'Request body is too large' }, 413, {
          Connection: 'close',
        }),
    }),
  );
  app.route('/auth/v1', authRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx));
  app.route('/realtime/v1', broadcastRoutes(ctx, realtime));
  // The digest's unsubscribe link, where a hosted project's Edge Function answers it.
  app.route('/functions/v1/notification-digest', unsubscribeRoutes(ctx));
  app.route('/storage/v1', storageApp(ctx));
  app.get('/', (c) =>
    c.json({
      name: 'TaskFlow local Supabase',
      auth: '/auth/v1',
      rest: '/rest/v1',
      realtime: '/realtime/v1',
      storage: '/storage/v1',
    }),
  );
  app.notFound((c) =>
    c.json({ code: 'not_found', message: `No route for ${c.req.method} ${c.req.path}` }, 404),
  );
  app.onError((error, c) => {
    ctx.logger.error({ err: error }, 'request failed');
    return c.json({ code: 'unexpected_failure', message: 'Unexpected failure' }, 500);
  });
  return app;
};
