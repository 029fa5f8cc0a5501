// A small static file server for the built apps, as `npm start` and the e2e journeys serve them.
// What matters for module federation (P3): remote chunks are fetched as ES modules, in CORS
// mode, from another origin, so every response carries CORS headers; remoteEntry.js and
// mf-manifest.json keep their names across builds, so they are never cached, while the hashed
// assets are cached for good.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

const neverCached = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json']);

export interface StaticServerOptions {
  root: string;
  port: number;
  host: string;
  /** Answers generated per request (e.g. runtime-config.json); path → JSON body. */
  dynamicJson?: Record<string, () => unknown>;
  /** Serve index.html for unknown paths without a file extension. */
  spaFallback?: boolean;
}

export interface RunningStaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

const cacheControl = (file: string): string =>
  neverCached.has(path.basename(file)) || path.extname(file) === '.json'
    ? 'no-cache'
    : file.includes(`${path.sep}assets${path.sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';

const resolveFile = async (root: string, urlPath: string): Promise<string | null> => {
  const decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  const candidate = path.normalize(path.join(root, decoded));
  if (!candidate.startsWith(root)) return null; // no escaping the root with ../
  try {
    const info = await stat(candidate);
    if (info.isDirectory()) return resolveFile(root, path.posix.join(decoded, 'index.html'));
    return candidate;
  } catch {
    return null;
  }
};

export const startStaticServer = async (
  options: StaticServerOptions,
): Promise<RunningStaticServer> => {
  const root = path.resolve(options.root);
  const server = http.createServer((request, response) => {
    void (async () => {
      const urlPath = request.url ?? '/';
      if (request.method === 'OPTIONS') {
        response.writeHead(204, corsHeaders).end();
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, corsHeaders).end();
        return;
      }
      const dynamic = options.dynamicJson?.[urlPath.split('?')[0] ?? ''];
      if (dynamic) {
        response
          .writeHead(200, {
            ...corsHeaders,
            'Content-Type': contentTypes['.json'],
            'Cache-Control': 'no-cache',
          })
          .end(JSON.stringify(dynamic()));
        return;
      }
      let file = await resolveFile(root, urlPath);
      if (!file && options.spaFallback && !path.extname(urlPath.split('?')[0] ?? '')) {
        file = await resolveFile(root, '/index.html');
      }
      if (!file) {
        response.writeHead(404, { ...corsHeaders, 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      response.writeHead(200, {
        ...corsHeaders,
        'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
        'Cache-Control': cacheControl(file),
      });
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      createReadStream(file).pipe(response);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${options.host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
