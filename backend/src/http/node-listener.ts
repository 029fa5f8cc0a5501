/**
 * The Node request listener for the Hono app. `@hono/node-server` answers a request it cannot
 * turn into a `Request` (a request target or Host header that is not a valid URL) with an empty
 * 400; this one answers in JSON, as every other refusal, and any other failure before the app
 * with a JSON 500 instead of a plain-text one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RequestError, getRequestListener } from '@hono/node-server';

const json = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ code, message, details: null, hint: null }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });

/** What the app sees as `c.env`: the Node request, so middleware can read the peer address. */
export interface NodeBindings {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
}

export const nodeRequestListener = (
  fetch: (request: Request, env: NodeBindings) => Response | Promise<Response>,
): ((incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void>) =>
  getRequestListener((request, env) => fetch(request, env as NodeBindings), {
    errorHandler: (error) =>
      error instanceof RequestError
        ? json(400, 'bad_request', `The request URL or Host header is invalid: ${error.message}`)
        : json(500, 'unexpected_failure', 'Unexpected failure'),
  });
