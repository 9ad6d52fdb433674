// Nocturna's service worker: keeps the app shell (index.html + its built assets) so the app opens without
// signal, and keeps the last copy of the user's tickets so a QR can be shown at a door with no coverage.
// Hand-written and small on purpose: three strategies, no build step.
const VERSION = 'v1';
const SHELL_CACHE = `nocturna-shell-${VERSION}`;
const ASSET_CACHE = `nocturna-assets-${VERSION}`;
const PRIVATE_CACHE = `nocturna-private-${VERSION}`;
const SHELL_URL = '/';
const STATIC_FILES = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
// API reads worth having offline: the user's own tickets (their QR codes open the door).
const OFFLINE_API = [/^\/api\/tickets(\/|$|\?)/, /^\/api\/me\/tickets(\/|$|\?)/];

async function precacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const response = await fetch(SHELL_URL, { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await cache.put(SHELL_URL, response);
  // The entry script and stylesheet have hashed names only the built index.html knows.
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const assetCache = await caches.open(ASSET_CACHE);
  await Promise.all([...new Set(assets)].map((url) => assetCache.add(url).catch(() => undefined)));
  await Promise.all(STATIC_FILES.map((url) => assetCache.add(url).catch(() => undefined)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const keep = new Set([SHELL_CACHE, ASSET_CACHE, PRIVATE_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('nocturna-') && !keep.has(n)).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'clear-private') event.waitUntil(caches.delete(PRIVATE_CACHE));
});

// Pages: network first (fresh meta and deploys), the cached shell when offline; the router then draws the page.
async function navigate(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put(SHELL_URL, response.clone());
    }
    return response;
  } catch {
    const cached = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    return cached || Response.error();
  }
}

// Hashed build assets never change: cache first, fill on first use (lazy route chunks included).
async function asset(request) {
  const cached = await caches.match(request, { cacheName: ASSET_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function privateApi(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(PRIVATE_CACHE);
      await cache.put(request, response.clone());
    } else if (response.status === 401) {
      await caches.delete(PRIVATE_CACHE);
    }
    return response;
  } catch {
    const cached = await caches.match(request, { cacheName: PRIVATE_CACHE });
    return cached || Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(navigate(request));
  if (url.pathname.startsWith('/assets/') || STATIC_FILES.includes(url.pathname)) return event.respondWith(asset(request));
  if (OFFLINE_API.some((re) => re.test(url.pathname + url.search))) return event.respondWith(privateApi(request));
});
