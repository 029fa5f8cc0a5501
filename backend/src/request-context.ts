/**
 * Which request (or realtime socket) the code running now serves. Every log line written while
 * handling one carries its `requestId` (see logger.ts), and so does the process-level handler
 * that logs an error nobody caught (process-guards.ts): an unexpected failure can be traced to
 * the request that caused it, while the process goes on serving everyone else.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

const storage = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it starts) as part of request `requestId`. */
export const withRequestId = <T>(requestId: string, fn: () => T): T =>
  storage.run({ requestId }, fn);

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** A client's `X-Request-Id` when it is a short token, else a fresh one. */
export const requestIdFrom = (given: string | null | undefined): string =>
  given && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
