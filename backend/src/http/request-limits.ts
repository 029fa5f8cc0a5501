/**
 * Size limits on the request line and headers, answered in JSON like every other refusal. Node's
 * parser already refuses more than MAX_HEADER_BYTES in total (server.ts answers that 431); this
 * middleware also holds for requests that reach the app another way (in-process tests) and
 * gives a long URL its own status, 414, as a gateway would.
 */
import type { MiddlewareHandler } from 'hono';

export interface RequestLimits {
  maxUrlBytes: number;
  maxHeaderBytes: number;
}

export const tooLargeBody = (message: string) => ({
  code: 'request_too_large',
  message,
  details: null,
  hint: null,
});

export const requestLimits =
  ({ maxUrlBytes, maxHeaderBytes }: RequestLimits): MiddlewareHandler =>
  async (c, next) => {
    const url = new URL(c.req.url);
    const target = Buffer.byteLength(url.pathname + url.search);
    if (target > maxUrlBytes) {
      return c.json(
        tooLargeBody(`The URL is ${target} bytes long; at most ${maxUrlBytes} are allowed`),
        414,
      );
    }
    let headerBytes = target;
    c.req.raw.headers.forEach((value, name) => {
      headerBytes += name.length + Buffer.byteLength(value) + 4;
    });
    if (headerBytes > maxHeaderBytes) {
      return c.json(tooLargeBody('URL or headers are too large'), 431);
    }
    return next();
  };
