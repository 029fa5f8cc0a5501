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
  type ErrorBody,
  RestError,
  fromDbError,
  invalidPath,
  payloadTooLarge,
  unsupportedMethod,
} from './errors.ts';
import { createHandlers } from './handlers.ts';
import { JSON_CONTENT_TYPE, checkProfile } from './negotiate.ts';

export const restRoutes = (ctx: BackendContext): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  const handlers = createHandlers(ctx, createCatalog(ctx.db));

  app.onError((error, c) => {
    const reply = (status: number, body: ErrorBody, headers: Record<string, string> = {}) =>
      c.body(JSON.stringify(body), status as 400, {
        ...headers,
        'Content-Type': JSON_CONTENT_TYPE,
      });
    if (error instanceof RestError) return reply(error.status, error.body, error.headers);
    if (isDbError(error)) {
      const { status, body } = fromDbError(error, (c.get('claims')?.role ?? 'anon') === 'anon');
      if (status >= 500) ctx.logger.error({ err: error }, 'database error in REST request');
      return reply(status, body);
    }
    ctx.logger.error({ err: error }, 'unexpected error in REST request');
    return reply(500, {
      code: 'PGRST000',
      message: 'Unexpected server error',
      details: null,
      hint: null,
    });
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
  app.all('*', () => {
    throw invalidPath();
  });
  return app;
};
