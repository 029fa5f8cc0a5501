/* global self, caches */
// TaskFlow's service worker: keeps the app's code so that the app starts without a network
// (docs/frontend.md "Offline"). It caches as the app is used (no precache list to keep in step
// with the build), for the shell and the remotes alike (each on its own origin; the requests of
// a page it controls pass through it whatever their origin):
// - hashed files (everything under assets/, as scripts/lib/serve-apps.ts serves them: a
//   year's `immutable`) cache-first, since a hashed name never changes its content;
// - the page stale-while-revalidate: the kept page answers at once, so that a second visit
//   starts (and paints the board's picture, shell/src/features/board-picture) without waiting
//   for the server, and the server's page is fetched behind it for the next visit, with the
//   hashed files it names when it is a new deploy's. A visit after a deploy thus still runs the
//   deploy before (whose files are kept); the one after it runs the new one. Every address of
//   the app (/b/<board>/c/<card>) is the same page: one entry, the scope's, answers them all;
//   - runtime-config.json, each remote's remoteEntry.js and mf-manifest.json network-first,
//   since they name what the remotes' current deploy is, and from the cache only when the
//   network fails.
// The backend's own paths (auth, REST, realtime, storage with its rendered images, functions)
// are never touched: their answers are the user's data, which the app keeps itself where it
// needs it (shared/src/kernel/offline), per user, and forgets on sign-out.
//
// Installed, it keeps the page and the files the page names (the shell's entry and its
// preloaded chunks, fetched by then: they come from the HTTP cache, not the network), and it
// takes control of the open pages at once, so that what they load from then on (the remotes,
// code loaded on demand) is kept too: after one visit the app starts without a network.
const CACHE = 'taskflow-app-v2';

const BACKEND = /\/(auth|rest|realtime|storage|functions|graphql)\/v1\//;
const HASHED = /\/assets\/[^/]+$/;

/** A whole answer, worth keeping (not an error, a redirect or a range). */
const keepable = (response) => response.status === 200 && response.type !== 'opaque';

/** Keeps `page` as the app's page, and the hashed files it names (the shell's entry and chunks). */
const keepPage = async (cache, page) => {
  const scope = self.registration.scope;
  const text = await page.clone().text();
  await cache.put(scope, page);
  const named = [...text.matchAll(/(?:src|href)="([^"]+)"/g)]
    .map(([, address]) => new URL(address, scope))
    .filter((url) => HASHED.test(url.pathname));
  const missing = [];
  for (const url of named) if (!(await cache.match(url.href))) missing.push(url.href);
  await cache.addAll(missing);
};

self.addEventListener('install', (event) => {
  // A new deploy's worker takes over at once rather than after every tab closed: it serves the
  // same page the old one kept, and fetches the new one behind it.
  self.skipWaiting();
  event.waitUntil(
    (async () => {
      const page = await fetch(self.registration.scope);
      if (keepable(page)) await keepPage(await caches.open(CACHE), page);
    })().catch(() => {
      // Kept as they are used instead.
    }),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

const networkFirst = async (request, key = request) => {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (keepable(response)) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
};

const staleWhileRevalidate = async (event, key) => {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key);
  const fresh = fetch(event.request).then(async (response) => {
    if (keepable(response)) await keepPage(cache, response.clone());
    return response;
  });
  if (!kept) return fresh;
  event.waitUntil(
    fresh.catch(() => {
      // Offline, or the server is away: the kept page stays the one to start from.
    }),
  );
  return kept;
};

const cacheFirst = async (request) => {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // A remote's stylesheet comes without CORS (a plain <link> to another origin): its answer is
  // opaque, its status unreadable. Under a hashed name it is kept all the same (what else
  // could that name hold?); the browser counts such an entry generously against the quota.
  if (keepable(response) || response.type === 'opaque') await cache.put(request, response.clone());
  return response;
};

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!url.protocol.startsWith('http') || BACKEND.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    if (!url.href.startsWith(self.registration.scope)) return;
    event.respondWith(staleWhileRevalidate(event, self.registration.scope));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});
