/* global self, caches */
// TaskFlow's service worker: keeps the app's code so that the app starts without a network
// (docs/frontend.md "Offline"). It caches as the app is used (no precache list to keep in step
// with the build): the shell's and the remotes' hashed files (assets/*-<hash>.js, .css, fonts,
// icons) cache-first, since a hashed name never changes its content; the page itself,
// runtime-config.json and each remote's remoteEntry.js network-first, since they name what the
// current deploy is, and from the cache only when the network fails. The backend's own paths
// (auth, REST, realtime, storage) are never touched: their answers are the data, kept by the
// app where it needs them.
const CACHE = 'taskflow-app-v1';

const BACKEND = /\/(auth|rest|realtime|storage|functions)\/v1\//;
const HASHED = /-[\w-]{8,}\.(js|mjs|css|woff2?|svg|png|webp)$/;

self.addEventListener('install', () => {
  self.skipWaiting();
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
    if (response.ok) await cache.put(key, response.clone());
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
  if (response.ok) await cache.put(request, response.clone());
  return response;
};

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!url.protocol.startsWith('http') || BACKEND.test(url.pathname)) return;
  // Every deep link (/b/<board>/c/<card>) is the same page: one cache entry for them all.
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, new URL(self.registration.scope).href));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});
