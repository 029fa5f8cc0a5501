/**
 * Starts the whole backend: database (bootstrapped and migrated), HTTP surfaces and realtime,
 * on one port. Used by `npm run backend` (main.ts), by `npm start`, and by the tests, which start
 * it on a free port with a throwaway database.
 *
 * No client can end the process: requests run with a request id (X-Request-Id) that every log
 * line carries; what Node's parser refuses gets a JSON answer; an error on one socket is that
 * socket's end; and an error nothing caught is logged with its request id while the server goes
 * on (process-guards.ts).
 */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { createJwtService } from './auth/index.ts';
import { assertSecretFitsHost, loadConfig, type BackendConfig } from './config.ts';
import type { BackendContext } from './context.ts';
import { openDb } from './db/open.ts';
import { nodeRequestListener } from './http/node-listener.ts';
import type { Db } from './db/types.ts';
import { createLogger } from './logger.ts';
import { startInvitationMailer } from './mail/invitation-mailer.ts';
import { createMailSender } from './mail/sender.ts';
import { startNotificationWorker } from './notifications/digest-worker.ts';
import { startAttachmentRemovalWorker } from './attachments/removal-worker.ts';
import { createStorageService } from './storage/index.ts';
import { UNSUBSCRIBE_PATH } from './notifications/unsubscribe-routes.ts';
import { installProcessGuards } from './process-guards.ts';
import { requestIdFrom, withRequestId } from './request-context.ts';
import { attachRealtime } from './realtime/index.ts';

export interface RunningBackend {
  url: string;
  port: number;
  anonKey: string;
  serviceRoleKey: string;
  ctx: BackendContext;
  /** The HTTP server (tests reach its upgrade and error paths directly). */
  server: Server;
  close(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is already in use. Stop the other process or set PORT to a free port.`);
    this.name = 'PortInUseError';
  }
}

/**
 * Requests Node's HTTP parser refuses before the app sees them (a URL or headers over 16 KB, an
 * unknown method, malformed framing) get a JSON error like every other answer, not Node's bare
 * status line.
 */
const answerClientErrors = (server: Server) =>
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const [status, reason, code, message] = tooLarge
      ? [
          431,
          'Request Header Fields Too Large',
          'request_too_large',
          'URL or headers are too large',
        ]
      : [400, 'Bad Request', 'bad_request', 'The request could not be parsed as HTTP'];
    const body = JSON.stringify({ code, message, details: null, hint: null });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

const listen = (server: Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });

export const startBackend = async (
  overrides: Partial<BackendConfig> = {},
): Promise<RunningBackend> => {
  const config = { ...loadConfig(), ...overrides };
  assertSecretFitsHost(config);
  const logger = createLogger(config.logLevel);

  // Take the port first: a taken port fails at once, before the database is opened. The app is
  // built once the port is known (port 0 picks a free one), since tokens name the server's URL.
  let app: Hono | undefined;
  const server = createServer(
    { maxHeaderSize: config.maxHeaderBytes },
    nodeRequestListener((request, env) => {
      const requestId = requestIdFrom(request.headers.get('x-request-id'));
      env.outgoing.setHeader('X-Request-Id', requestId);
      return withRequestId(
        requestId,
        () => app?.fetch(request, env) ?? new Response(null, { status: 503 }),
      );
    }),
  );
  answerClientErrors(server);
  // Node closes an idle kept-alive connection after 5 s, so a client that reuses it at that
  // moment sees ECONNRESET (browsers retry; supabase-js on Node does not). Outlive the usual
  // client and proxy idle timeouts instead, as load balancers expect of their upstreams.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await listen(server, config.port, config.host);
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;

  let db: Db | undefined;
  let realtime: Awaited<ReturnType<typeof attachRealtime>> | undefined;
  let mail: ReturnType<typeof createMailSender> | undefined;
  try {
    const jwt = await createJwtService(config.jwtSecret);
    db = await openDb(config, logger);
    mail = createMailSender(config, logger);
    const ctx: BackendContext = {
      config: { ...config, port, publicUrl: config.publicUrl || url },
      db,
      jwt,
      logger,
      mail,
    };
    app = createApp(ctx, () => realtime);
    realtime = await attachRealtime(server, ctx);
    // The daily due reminder and the digests (notifications/digest-worker.ts); without SMTP the
    // digests wait in their outbox.
    const notificationWorker = startNotificationWorker({
      db,
      mailer: mail.configured ? mail : null,
      logger,
      batchSeconds: config.notificationDigestBatchSeconds,
      intervalMs: config.notificationWorkerIntervalMs,
      siteUrl: config.siteUrl,
      unsubscribeBaseUrl: `${ctx.config.publicUrl}${UNSUBSCRIBE_PATH}`,
      secret: config.jwtSecret,
    });
    const invitationMailer = startInvitationMailer(ctx);
    // Files of deleted attachments, cards and boards, once their undo window is over.
    const removalWorker = startAttachmentRemovalWorker({
      db,
      storage: createStorageService(ctx),
      logger,
      intervalMs: config.attachmentRemovalIntervalMs,
    });
    const removeGuards = installProcessGuards(logger);
    const openDbHandle = db;
    return {
      url,
      port,
      anonKey: jwt.anonKey,
      serviceRoleKey: jwt.serviceRoleKey,
      ctx,
      server,
      async close() {
        await notificationWorker.stop();
        await removalWorker.stop();
        invitationMailer.stop();
        await realtime?.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await openDbHandle.close();
        mail?.close();
        removeGuards();
      },
    };
  } catch (error) {
    await realtime?.close();
    server.closeAllConnections();
    server.close();
    await db?.close();
    throw error;
  }
};
