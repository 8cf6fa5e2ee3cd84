// The static site's service worker: it keeps every file of the site (the page, its modules,
// the engine) in a cache named for this build, so the page opens and plays offline after
// the first visit. scripts/build-site.sh writes the build's name and its file list in place
// of the two markers below; a new build has a new name, and the old cache is dropped once
// the new one is whole.

const CACHE = 'cagey-__BUILD__';
const FILES = __FILES__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

// The cache first (a link's `#p=` is not part of the request): every file of a build is
// there once installed; anything else goes to the network.
self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(caches.match(event.request, { ignoreSearch: true })
    .then((cached) => cached || fetch(event.request)));
});
