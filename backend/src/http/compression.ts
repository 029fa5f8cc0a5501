/**
 * Response compression by `Accept-Encoding`, as a hosted project's gateway does it: JSON and
 * text answers leave brotli- or gzip-compressed, everything else as it is.
 *
 * Why node:zlib and not Hono's `compress`: that one offers gzip and deflate only (it uses
 * CompressionStream). On the 4,000-card board snapshot (2.57 MB of JSON) this machine measured
 * gzip level 6 at 229 KB in 14 ms and brotli quality 5 at 220 KB in 26 ms; brotli's default
 * quality (11) gets 189 KB but takes 16 s, so the quality is set here. `npm run bench:wire`
 * prints the bytes and the time on a 20 Mbit/s link.
 *
 * - Brotli is preferred when the client accepts both (q-values decide first, ties go to br).
 * - A body shorter than MIN_BYTES stays as it is: the framing would outweigh the gain. Its
 *   length is learnt by reading at most that many bytes ahead, so a streamed body still streams.
 * - Compressible means JSON, text (not event streams, which must flush per event), JavaScript,
 *   XML and CSV; a body with a Content-Encoding or a byte Content-Range,
 *   `Cache-Control: no-transform`, a HEAD, 204 or 304 is never touched.
 * - `Vary: Accept-Encoding` goes on every answer that could have been compressed, so a cache
 *   in between does not hand a brotli body to a client that asked for none.
 */
import { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Bodies shorter than this are sent as they are (Hono's compress and nginx use ~1 KB too). */
export const MIN_BYTES = 1024;

const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.+-]+\+)?(?:json|javascript|xml|csv)|application\/vnd\.pgrst\.[\w.+-]+)\s*(?:;|$)/i;

type Coding = 'br' | 'gzip';

/** The coding to use for an Accept-Encoding header (RFC 9110 §12.5.3), or none. */
export const chooseEncoding = (header: string | undefined): Coding | null => {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Coding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
};

const compressor = (coding: Coding, sizeHint: number | undefined) =>
  coding === 'br'
    ? zlib.createBrotliCompress({
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          ...(sizeHint ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
        },
      })
    : zlib.createGzip({ level: GZIP_LEVEL });

/**
 * Reads up to `limit` bytes of `body` ahead. Resolves to the chunks read and, when the body
 * ended within them, `ended`; otherwise the reader goes on where the chunks stop.
 */
const readAhead = async (reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) => {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  while (bytes < limit) {
    const { done, value } = await reader.read();
    if (done) return { chunks, bytes, ended: true };
    chunks.push(value);
    bytes += value.byteLength;
  }
  return { chunks, bytes, ended: false };
};

/** The chunks already read, then the rest of the reader, as one stream. */
const resume = (chunks: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>) =>
  new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      const next = chunks.shift();
      if (next) return controller.enqueue(next);
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });

const addVary = (headers: Headers) => {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
    headers.set('Vary', `${vary}, Accept-Encoding`);
};

export const compression = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('Content-Type') ?? '';
  if (
    !res.body ||
    c.req.method === 'HEAD' ||
    res.status === 204 ||
    res.status === 304 ||
    // A byte range is a slice of the identity bytes (storage downloads); compressing it would
    // break it. PostgREST's row ranges (`Content-Range: 0-9/*`) are not byte ranges.
    /^\s*bytes\b/i.test(res.headers.get('Content-Range') ?? '') ||
    res.headers.has('Content-Encoding') ||
    !COMPRESSIBLE.test(type) ||
    /(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get('Cache-Control') ?? '')
  )
    return;
  const declared = res.headers.get('Content-Length');
  if (declared !== null && Number(declared) < MIN_BYTES) return;

  const coding = chooseEncoding(c.req.header('Accept-Encoding'));
  const reader = res.body.getReader();
  const ahead = await readAhead(reader, MIN_BYTES);
  // Hono copies the old answer's headers onto a new one, so headers are edited after it is set.
  const replace = (body: ConstructorParameters<typeof Response>[0]) => {
    c.res = new Response(body, { status: res.status, headers: res.headers });
    return c.res.headers;
  };
  if (ahead.ended && ahead.bytes < MIN_BYTES) {
    // Too small to gain anything; the same bytes, re-wrapped because the body was read.
    replace(Buffer.concat(ahead.chunks));
    return;
  }
  const rest = resume(ahead.chunks, reader);
  if (!coding) {
    addVary(replace(rest));
    return;
  }
  const zip = Duplex.toWeb(compressor(coding, declared ? Number(declared) : undefined));
  // node:stream's web types and the global ones differ only nominally.
  const headers = replace(
    rest.pipeThrough(zip as unknown as TransformStream<Uint8Array, Uint8Array>),
  );
  addVary(headers);
  headers.set('Content-Encoding', coding);
  headers.delete('Content-Length');
};
