/**
 * Realtime (`/realtime/v1/websocket`): Phoenix channels over `ws` in noServer mode on the
 * backend's HTTP server, fed by database triggers. Nothing is shared between backend processes
 * but the database: each process installs (idempotently) the same triggers, listens to the same
 * notifications and delivers every change to its own sockets. See docs/realtime.md.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type WebSocket from 'ws';
import type { BackendContext } from '../context.ts';
import { requestIdFrom, withRequestId } from '../request-context.ts';
import { startBroadcastFeed } from './broadcast-feed.ts';
import { Catalog } from './catalog.ts';
import { startChangeFeed } from './change-feed.ts';
import { createDispatcher } from './dispatcher.ts';
import { installChangeFeed } from './feed-install.ts';
import { Hub, roomOf } from './hub.ts';
import { PolicyCache } from './policies.ts';
import { MemoryPresence } from './presence.ts';
import type { PresenceStore } from './presence.ts';
import type { Vsn } from './serializer.ts';
import { Session } from './session.ts';
import { startSharedPresence } from './shared-presence.ts';
import { verifyToken } from './tokens.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';

/** Largest frame a client may send; broadcasts are small, joins smaller. */
const MAX_FRAME_BYTES = 1024 * 1024;

export interface Realtime {
  close(): Promise<void>;
  /**
   * Broadcasts to the sockets of this process joined to `realtime:<subTopic>`: what the REST
   * fallback `POST /realtime/v1/api/broadcast` does on hosted Realtime (supabase-js uses it
   * when `send()` is called on a channel that is not joined).
   */
  broadcast(subTopic: string, event: string, payload: unknown): void;
  /**
   * Resolves once every change and database broadcast notified so far has been delivered
   * (tests, benchmarks).
   */
  idle(): Promise<void>;
}

const refuse = (socket: Duplex, status: number, text: string, message: string): void => {
  if (socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
};

export const attachRealtime = async (
  server: http.Server,
  ctx: BackendContext,
): Promise<Realtime> => {
  const logger = ctx.logger.child({ module: 'realtime' });
  await installChangeFeed(ctx.db);
  const catalog = new Catalog(ctx.db);
  await catalog.load();
  const policies = new PolicyCache(ctx.db);
  catalog.onReload(() => policies.clear());
  const limits = {
    joinsPerSecond: ctx.config.realtimeMaxJoinsPerSecond,
    messagesPerSecond: ctx.config.realtimeMaxMessagesPerSecond,
    checkTimeoutMs: ctx.config.realtimeCheckTimeoutMs,
  };

  // One process on PGlite: presence in memory. On a server, every process shares it.
  const presenceStore: PresenceStore =
    ctx.db.kind === 'postgres'
      ? await startSharedPresence(ctx.db, logger, {
          heartbeatMs: ctx.config.realtimePresenceHeartbeatMs,
          nodeTtlMs: ctx.config.realtimePresenceTtlMs,
        })
      : new MemoryPresence();
  const hub = new Hub(presenceStore, logger);
  const feed = await startChangeFeed(ctx.db, logger, {
    deliver: createDispatcher({
      db: ctx.db,
      catalog,
      policies,
      hub,
      logger,
      checkTimeoutMs: limits.checkTimeoutMs,
    }),
    wanted: () => hub.hasChangeListeners(),
  });
  const broadcasts = await startBroadcastFeed(ctx.db, hub, logger);

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const sessions = new Map<WebSocket, Session>();
  /** Sockets that answered the last ping (or opened since). */
  const alive = new Set<WebSocket>();
  let closing = false;

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // From here on the socket is ours alone: Node no longer watches it, so an error on it (a
    // client resetting the connection while its token is verified) would otherwise be an
    // unhandled 'error' event, which ends the process. ws adds its own listener once it takes
    // over; this one stays as a harmless backstop.
    socket.on('error', (error) => logger.debug({ err: error }, 'realtime: handshake socket error'));
    const header = req.headers['x-request-id'];
    // The socket's whole life (its frames too) runs under this id, which its log lines carry.
    withRequestId(requestIdFrom(typeof header === 'string' ? header : null), () => {
      try {
        upgrade(req, socket, head);
      } catch (error) {
        logger.error({ err: error }, 'realtime: upgrade failed');
        refuse(socket, 500, 'Internal Server Error', 'the upgrade could not be handled');
      }
    });
  };

  const upgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = parseTarget(req.url);
    if (!url) return refuse(socket, 400, 'Bad Request', 'the request target is not a valid URL');
    if (url.pathname.replace(/\/$/, '') !== REALTIME_PATH) {
      // Nobody else handles upgrades: answer rather than leave the client hanging.
      if (server.listenerCount('upgrade') === 1)
        refuse(socket, 404, 'Not Found', 'no WebSocket endpoint here');
      return;
    }
    if (closing) return refuse(socket, 503, 'Service Unavailable', 'server is shutting down');
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsn !== '1.0.0' && vsn !== '2.0.0') {
      return refuse(socket, 400, 'Bad Request', `unsupported serializer version ${vsn}`);
    }
    const header = req.headers.apikey;
    const apiKey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : null);
    if (!apiKey) return refuse(socket, 401, 'Unauthorized', 'apikey is required');

    void verifyToken(ctx.jwt, apiKey)
      .then((verified) => {
        if (socket.destroyed) return;
        if (!verified.ok) return refuse(socket, 401, 'Unauthorized', verified.reason);
        if (closing) return refuse(socket, 503, 'Service Unavailable', 'server is shutting down');
        wss.handleUpgrade(req, socket, head, (ws) => {
          const session = new Session(ws, vsn as Vsn, apiKey, verified.claims, {
            hub,
            catalog,
            db: ctx.db,
            jwt: ctx.jwt,
            logger,
            limits,
          });
          sessions.set(ws, session);
          alive.add(ws);
          ws.on('pong', () => alive.add(ws));
          ws.on('message', (data, isBinary) => session.receive(toBuffer(data), isBinary));
          ws.on('close', () => {
            session.dispose();
            sessions.delete(ws);
            alive.delete(ws);
          });
          ws.on('error', (error) => logger.debug({ err: error }, 'realtime: socket error'));
        });
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'realtime: upgrade failed');
        socket.destroy();
      });
  };
  server.on('upgrade', onUpgrade);

  // A dead TCP connection sends no close: supabase-js's own heartbeat (every 25 s) is too slow
  // to notice it within 30 s, so the server pings. Browsers and ws answer pings by themselves,
  // even in a background tab whose timers are throttled.
  const pingTimer = setInterval(() => {
    for (const ws of sessions.keys()) {
      if (!alive.delete(ws)) {
        ws.terminate();
        continue;
      }
      ws.ping();
    }
  }, ctx.config.realtimePingIntervalMs);
  pingTimer.unref();

  return {
    idle: async () => {
      await feed.idle();
      await broadcasts.idle();
    },
    broadcast: (subTopic, event, payload) =>
      hub.broadcast(roomOf(`realtime:${subTopic}`, false), event, payload, null),
    async close() {
      if (closing) return;
      closing = true;
      server.off('upgrade', onUpgrade);
      clearInterval(pingTimer);
      await feed.stop();
      await broadcasts.stop();
      // 1001 "going away": supabase-js reconnects with backoff, so clients of a restarted
      // backend resubscribe on their own.
      const closed = [...sessions.keys()].map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === ws.CLOSED) return resolve();
            ws.once('close', () => resolve());
            ws.close(1001, 'server shutting down');
            setTimeout(() => {
              ws.terminate();
              resolve();
            }, 1000).unref();
          }),
      );
      await Promise.all(closed);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await presenceStore.close();
    },
  };
};

/** The request target as a URL, or null when it is none (`http://[`, say). */
const parseTarget = (target: string | undefined): URL | null => {
  try {
    return new URL(target ?? '/', 'http://localhost');
  } catch {
    return null;
  }
};

const toBuffer = (data: WebSocket.RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
