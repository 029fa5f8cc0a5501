/**
 * `/rest/v1`: a PostgREST-compatible API over the exposed `public` schema, for everything
 * postgrest-js emits in common use (see docs/rest.md for what is and is not supported).
 *
 * Pipeline: body limit → authentication (JWT → role) → profile check → handler. Every error
 * leaves as PostgREST's `{code, message, details, hint}`; Postgres errors keep their SQLSTATE
 * and get PostgREST's status; anything unexpected is logged and answered with a generic 500.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { BackendContext } from '../context.ts';
import { isDbError } from '../db/types.ts';
import { type RestEnv, authenticate } from './auth.ts';
import { createCatalog } from './catalog.ts';
import {
  RestError,
  fromDbError,
  payloadTooLarge,
  tableNotFound,
  unsupportedMethod,
} from './errors.ts';
import { createHandlers } from './handlers.ts';
import { checkProfile } from './negotiate.ts';

export const restRoutes = (ctx: BackendContext): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  const handlers = createHandlers(ctx, createCatalog(ctx.db));

  app.onError((error, c) => {
    if (error instanceof RestError) return c.json(error.body, error.status, error.headers);
    if (isDbError(error)) {
      const { status, body } = fromDbError(error, (c.get('claims')?.role ?? 'anon') === 'anon');
      if (status >= 500) ctx.logger.error({ err: error }, 'database error in REST request');
      return c.json(body, status as 400);
    }
    ctx.logger.error({ err: error }, 'unexpected error in REST request');
    return c.json(
      { code: 'PGRST000', message: 'Unexpected server error', details: null, hint: null },
      500,
    );
  });

  app.use(
    '*',
    bodyLimit({
      maxSize: ctx.config.maxBodyBytes,
      onError: () => {
        throw payloadTooLarge(ctx.config.maxBodyBytes);
      },
    }),
  );
  app.use('*', authenticate(ctx.jwt));
  app.use('*', async (c, next) => {
    checkProfile(c);
    await next();
  });

  app.get('/rpc/:fn', handlers.rpc);
  app.post('/rpc/:fn', handlers.rpc);
  app.get('/:table', handlers.read);
  app.post('/:table', handlers.insert);
  app.patch('/:table', handlers.update);
  app.delete('/:table', handlers.remove);
  app.all('/rpc/:fn', (c) => {
    throw unsupportedMethod(c.req.method);
  });
  app.all('/:table', (c) => {
    throw unsupportedMethod(c.req.method);
  });
  app.all('*', (c) => {
    throw tableNotFound(c.req.path.replace(/^.*\/rest\/v1\/?/, ''));
  });
  return app;
};
