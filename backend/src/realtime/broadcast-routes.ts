/**
 * The REST side of Realtime broadcast: supabase-js posts to `/realtime/v1/api/broadcast` when
 * `send()` is called on a channel that is not joined, and `httpSend()` posts to
 * `/api/broadcast/<topic>/events/<event>` (docs/notes/supabase-wire-protocol.md §5.12). Both deliver to the
 * sockets of this process joined to the topic. Private channels are not supported here.
 */
import { Hono, type Context } from 'hono';
import type { BackendContext } from '../context.ts';
import type { Realtime } from './index.ts';
import { verifyToken } from './tokens.ts';

interface BroadcastMessage {
  topic?: unknown;
  event?: unknown;
  payload?: unknown;
  private?: unknown;
}

export const broadcastRoutes = (ctx: BackendContext, realtime: () => Realtime | undefined) => {
  const app = new Hono();

  /** The caller must present a valid key or token, as the websocket does. */
  const authorised = async (c: Context) => {
    const token =
      c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ||
      c.req.header('apikey') ||
      c.req.query('apikey') ||
      '';
    return token !== '' && (await verifyToken(ctx.jwt, token)).ok;
  };

  const readJson = async (c: Context): Promise<unknown> => {
    try {
      return await c.req.json();
    } catch {
      return undefined;
    }
  };

  app.post('/api/broadcast', async (c) => {
    if (!(await authorised(c))) return c.json({ message: 'Invalid API key or token' }, 401);
    const body = (await readJson(c)) as { messages?: BroadcastMessage[] } | undefined;
    const messages = body?.messages;
    const valid =
      Array.isArray(messages) &&
      messages.every((m) => m && typeof m.topic === 'string' && typeof m.event === 'string');
    if (!valid) {
      return c.json({ message: 'Expected {"messages": [{"topic", "event", "payload"}]}' }, 400);
    }
    if (messages.some((m) => m.private === true)) {
      return c.json({ message: 'Private channels are not supported by this server' }, 403);
    }
    for (const m of messages)
      realtime()?.broadcast(m.topic as string, m.event as string, m.payload ?? {});
    return c.body(null, 202);
  });

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    if (!(await authorised(c))) return c.json({ message: 'Invalid API key or token' }, 401);
    if (c.req.query('private') === 'true') {
      return c.json({ message: 'Private channels are not supported by this server' }, 403);
    }
    const payload = await readJson(c);
    if (payload === undefined) return c.json({ message: 'The payload must be JSON' }, 400);
    realtime()?.broadcast(c.req.param('topic'), c.req.param('event'), payload);
    return c.body(null, 202);
  });

  return app;
};
