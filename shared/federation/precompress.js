// Build-time compression of every app: next to each text asset the build writes a Brotli (.br)
// and a gzip (.gz) variant, so the static server (scripts/lib/serve-apps.ts, Hono's serveStatic
// with `precompressed`) only picks a file by Accept-Encoding and never compresses per request.
// Brotli at its best quality is slow to write but cheap to read, which suits files written once
// and served many times. Plain JavaScript for the same reason as shared-deps.js.
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

export const precompress = () =>
  compression({
    include: /\.(html|css|js|mjs|json|svg)$/,
    algorithms: [
      defineAlgorithm('brotliCompress', {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
    ],
    // A variant no smaller than its file is not written; the server then sends the file itself.
    skipIfLargerOrEqual: true,
    logLevel: 'silent',
  });
