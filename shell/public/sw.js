/* global self, caches */
// TaskFlow's service worker: keeps the app's code so that the app starts without a network
// (docs/frontend.md "Offline"). It caches as the app is used (no precache list to keep in step
// with the build), for the shell and the remotes alike (each on its own origin; the requests of
// a page it controls pass through it whatever their origin):
// - hashed files (everything under assets/, as scripts/lib/serve-apps.ts serves them: a
//   year's `immutable`) cache-first, since a hashed name never changes its content;
// - the page, runtime-config.json, each remote's remoteEntry.js and mf-manifest.json
//   network-first, since they name what the current deploy is, and from the cache only when
//   the network fails. Every address of the app (/b/<board>/c/<card>) is the same page: one
//   entry, the scope's, answers them all offline.
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

self.addEventListener('install', (event) => {
  // A new deploy's worker takes over at once rather than after every tab closed: its page is
  // network-first, so it never serves an older page than the old worker would.
  self.skipWaiting();
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const scope = self.registration.scope;
      const page = await fetch(scope);
      if (!keepable(page)) return;
      await cache.put(scope, page.clone());
      const named = [...(await page.text()).matchAll(/(?:src|href)="([^"]+)"/g)]
        .map(([, address]) => new URL(address, scope))
        .filter((url) => HASHED.test(url.pathname));
      await cache.addAll(named.map((url) => url.href));
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
    event.respondWith(networkFirst(request, self.registration.scope));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});
