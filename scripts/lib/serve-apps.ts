// Serves the four built apps, each on its own origin as independently deployed micro-frontends
// would be, and writes the shell's runtime-config.json from what is actually running: the
// backend's URL and key, and the remotes' manifest URLs. One build serves any ports or backend.
//
// Each app is a small Hono app around @hono/node-server's serveStatic:
// - `precompressed`: the build wrote .br and .gz next to every text asset
//   (shared/federation/precompress.js); serveStatic picks one by Accept-Encoding.
// - Caching: everything under assets/ carries a content hash in its name, so it is `immutable`
//   for a year. The files whose names stay the same across builds (index.html, remoteEntry.js,
//   mf-manifest.json) and runtime-config.json are `no-cache` with an ETag: the browser asks
//   every time and gets a 304 without a body while nothing changed.
// - CORS: the shell imports the remotes' modules and stylesheets from other origins, in CORS
//   mode (docs/notes/module-federation.md P3). Timing-Allow-Origin lets the page's Resource Timing see their sizes.
// - Security headers (secureHeaders): see securityPolicy below.
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { secureHeaders } from 'hono/secure-headers';
import { buildFolder, remotes, shellApp } from '@taskflow/shared/federation/remotes';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const built = (folder: string) => path.join(repoRoot, folder, buildFolder);

export interface ServeAppsOptions {
  host: string;
  /** Port of the shell; 0 picks free ports for all apps. The remotes take the next ones. */
  shellPort: number;
  supabase: { url: string; anonKey: string };
  /** Federation name → entry URL put in runtime-config.json instead (e.g. to simulate an outage). */
  remoteEntryOverrides?: Record<string, string>;
}

export interface ServedApps {
  shellUrl: string;
  /** Federation name → the served remoteEntry.js. */
  remoteEntries: Record<string, string>;
  /** The Content-Security-Policy every page of the apps is served with. */
  contentSecurityPolicy: string;
  close(): Promise<void>;
}

/** The file that proves an app was built: the shell's page, a remote's federation entry. */
const builtMarker = (folder: string) =>
  path.join(built(folder), folder === shellApp.folder ? 'index.html' : 'remoteEntry.js');

export const assertBuilt = (): void => {
  for (const { folder } of [shellApp, ...Object.values(remotes)]) {
    if (!existsSync(builtMarker(folder))) {
      throw new Error(`${folder}/${buildFolder} is missing: run \`npm run build\` first.`);
    }
  }
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Hashed build output lives under assets/; anything else may change under the same name. */
const isHashed = (requestPath: string): boolean => requestPath.startsWith('/assets/');

const websocketOrigin = (httpUrl: string): string => {
  const url = new URL(httpUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.origin;
};

/**
 * The Content-Security-Policy of the composed page. No eval anywhere, and no inline script but
 * those of the page itself, each allowed by its hash (the theme's boot script, which must run
 * before the first paint: shared/federation/theme-boot.js): scripts come from the shell's own
 * origin and the remotes' origins only. connect-src names the
 * backend (REST and auth over http(s), realtime over ws(s)) and the remotes (the federation
 * runtime reads their mf-manifest.json). Stylesheets come from the same origins; React sets
 * style attributes through the CSSOM, which CSP does not restrict. img-src and frame-src
 * name the backend too, for attachments (signed Storage URLs). frame-ancestors 'none'
 * forbids framing (clickjacking).
 */
export const securityPolicy = (
  backendUrl: string,
  remoteOrigins: string[],
  inlineScriptHashes: string[] = [],
) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...inlineScriptHashes, ...remoteOrigins],
  styleSrc: ["'self'", ...remoteOrigins],
  connectSrc: ["'self'", new URL(backendUrl).origin, websocketOrigin(backendUrl), ...remoteOrigins],
  // Attachments: thumbnails, covers and previews are signed Storage URLs on the backend, and a
  // PDF preview is a frame of one.
  imgSrc: ["'self'", 'data:', new URL(backendUrl).origin],
  frameSrc: ["'self'", new URL(backendUrl).origin],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});

type Policy = ReturnType<typeof securityPolicy>;

/**
 * CSP sources ('sha256-…') for the inline scripts of a built app's index.html, hashed from the
 * very bytes that are served, so the policy cannot drift from the page. None without a page.
 */
export const inlineScriptHashes = (root: string): string[] => {
  const page = path.join(root, 'index.html');
  if (!existsSync(page)) return [];
  const inline = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;
  return [...readFileSync(page, 'utf8').matchAll(inline)]
    .map(([, body = '']) => body)
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
};

const policyHeader = (policy: Policy): string =>
  Object.entries(policy)
    .map(
      ([directive, sources]) =>
        `${directive.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(' ')}`,
    )
    .join('; ');

interface AppServerOptions {
  root: string;
  policy: Policy;
  /** A remote's files are embedded by the shell's page on another origin; the shell's are not. */
  embeddable: boolean;
  /** Answers generated per request (runtime-config.json): path → JSON body. */
  dynamicJson?: Record<string, () => unknown>;
  /** Serve index.html for unknown paths without a file extension. */
  spaFallback?: boolean;
}

const cacheControl: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status !== 200 && c.res.status !== 206 && c.res.status !== 304) return;
  c.header('Cache-Control', isHashed(c.req.path) ? IMMUTABLE : REVALIDATE);
  // Revalidation goes by ETag; serveStatic's Last-Modified would only add bytes to each answer.
  c.res.headers.delete('Last-Modified');
  // Every text file exists in several encodings; a shared cache must keep them apart.
  c.header('Vary', 'Accept-Encoding');
};

/** A page the browser renders (index.html, or the SPA fallback for a path without extension). */
const isDocument = (requestPath: string): boolean =>
  requestPath.endsWith('/') || requestPath.endsWith('.html') || !path.extname(requestPath);

const appServer = (options: AppServerOptions): Hono => {
  const app = new Hono();
  // The policy headers matter for documents only: a script or stylesheet is not a page, and
  // its bytes count on a slow phone (the CSP alone is about 700 bytes). nosniff goes on every
  // response, so that nothing is run as a script unless it is served as one.
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: options.policy,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: 'same-origin',
    // Served over plain http on this machine; a hosted deployment's TLS front sets HSTS.
    strictTransportSecurity: false,
  });
  const fileHeaders = secureHeaders({
    // A remote's files are for other origins to embed, which is the default without the header.
    crossOriginResourcePolicy: options.embeddable ? false : 'same-origin',
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.use((c, next) => (isDocument(c.req.path) ? documentHeaders(c, next) : fileHeaders(c, next)));
  app.use(cors({ origin: '*', allowMethods: ['GET', 'HEAD', 'OPTIONS'] }));
  app.use(async (c, next) => {
    await next();
    c.header('Timing-Allow-Origin', '*');
  });
  app.use(cacheControl);
  // ETags only where the browser revalidates; hashed files are never asked for again.
  app.use(async (c, next) => (isHashed(c.req.path) ? next() : revalidate(c, next)));
  for (const [route, body] of Object.entries(options.dynamicJson ?? {})) {
    app.get(route, compress(), (c) => c.json(body()));
  }
  // Build metadata (.vite/manifest.json) is no part of the app.
  app.use(async (c, next) => {
    if (/\/\./.test(c.req.path)) return c.notFound();
    await next();
  });
  app.use(serveStatic({ root: options.root, precompressed: true }));
  if (options.spaFallback) {
    app.get('*', async (c, next) =>
      path.extname(c.req.path) ? next() : serveIndex(options.root)(c, next),
    );
  }
  return app;
};

/** The ETag middleware; its 304s keep the CORS and timing headers the 200 had. */
const revalidate = etag({
  retainedHeaders: [...RETAINED_304_HEADERS, 'access-control-allow-origin', 'timing-allow-origin'],
});

const serveIndex = (root: string) => serveStatic({ root, path: 'index.html', precompressed: true });

interface RunningAppServer {
  url: string;
  origin: string;
  close(): Promise<void>;
}

const listen = async (app: Hono, host: string, port: number): Promise<RunningAppServer> => {
  let server: ServerType | undefined;
  await new Promise<void>((resolve, reject) => {
    server = serve({ fetch: app.fetch, hostname: host, port }, () => resolve());
    server.once('error', reject);
  });
  const running = server as ServerType & { closeAllConnections?: () => void };
  const { port: actualPort } = running.address() as AddressInfo;
  const origin = `http://${host}:${actualPort}`;
  return {
    url: origin,
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        running.closeAllConnections?.();
        running.close(() => resolve());
      }),
  };
};

export const serveApps = async (options: ServeAppsOptions): Promise<ServedApps> => {
  assertBuilt();
  const servers: RunningAppServer[] = [];
  const remoteEntries: Record<string, string> = {};
  try {
    let offset = 1;
    for (const { folder, name } of Object.values(remotes)) {
      const server = await listen(
        // A remote's own page (standalone) needs only its origin and the backend.
        appServer({
          root: built(folder),
          policy: securityPolicy(options.supabase.url, [], inlineScriptHashes(built(folder))),
          embeddable: true,
        }),
        options.host,
        options.shellPort === 0 ? 0 : options.shellPort + offset,
      );
      servers.push(server);
      remoteEntries[name] = `${server.url}/remoteEntry.js`;
      offset += 1;
    }
    // The shell loads each remote through its mf-manifest.json: the federation runtime then
    // fetches the entry and the exposed module's chunks at once (modulepreload), instead of
    // following remoteEntry.js's imports one round trip after the other.
    const runtimeConfig = {
      supabase: options.supabase,
      remotes: {
        ...Object.fromEntries(
          Object.entries(remoteEntries).map(([name, entry]) => [
            name,
            new URL('mf-manifest.json', entry).href,
          ]),
        ),
        ...options.remoteEntryOverrides,
      },
    };
    const policy = securityPolicy(
      options.supabase.url,
      servers.map((server) => server.origin),
      inlineScriptHashes(built(shellApp.folder)),
    );
    const shell = await listen(
      appServer({
        root: built(shellApp.folder),
        policy,
        embeddable: false,
        spaFallback: true,
        dynamicJson: { '/runtime-config.json': () => runtimeConfig },
      }),
      options.host,
      options.shellPort,
    );
    servers.push(shell);
    return {
      shellUrl: `${shell.url}/`,
      remoteEntries,
      contentSecurityPolicy: policyHeader(policy),
      close: async () => {
        await Promise.all(servers.map((server) => server.close()));
      },
    };
  } catch (error) {
    await Promise.all(servers.map((server) => server.close()));
    throw error;
  }
};
