// Nocturna's service worker: keeps the app shell (/app-shell: the built index.html with no page drawn in it,
// + its built assets) so the app opens without signal, and keeps the last copy of the user's tickets so a QR can be shown at a door with no coverage.
// Hand-written and small on purpose: three strategies, no build step.
const VERSION = 'v2';
const SHELL_CACHE = `nocturna-shell-${VERSION}`;
const ASSET_CACHE = `nocturna-assets-${VERSION}`;
const PRIVATE_CACHE = `nocturna-private-${VERSION}`;
const SHELL_URL = '/app-shell';
const STATIC_FILES = [
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
];
// Every built file the wallet and the door need offline (the entry, the shell, the offline screen, the strings, the
// auth gate, those pages and what they load): the build writes the list here (vite.config.ts), so it is kept from
// the install on, before the person has opened either page. Empty when served unbuilt.
const OFFLINE_FILES = [];
// API reads worth having offline: the user's own tickets (list, detail: their QR codes open the door) and the
// auth session, so the signed-in gate still lets the person through to /tickets after a reload without signal.
const OFFLINE_API = [/^\/api\/tickets(\/|$|\?)/];
const SESSION_API = '/api/auth/get-session';
// On a weak signal (a club's basement) the saved copy is shown after this long; the network answer still
// refreshes the cache when it arrives.
const NETWORK_PATIENCE_MS = 4000;

// The shell and the assets it names: fetched at install and again after every page loaded online, so the copy
// kept for offline is always the deploy the person last saw (never a shell pointing at deleted assets).
async function cacheShell() {
  const response = await fetch(SHELL_URL, { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  // The entry script and stylesheet have hashed names only the built index.html knows.
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const assetCache = await caches.open(ASSET_CACHE);
  await Promise.all(
    [...new Set(assets)].map(async (url) => {
      if (!(await assetCache.match(url))) await assetCache.add(url).catch(() => undefined);
    }),
  );
  await (await caches.open(SHELL_CACHE)).put(SHELL_URL, response);
}

async function precacheShell() {
  await cacheShell();
  const assetCache = await caches.open(ASSET_CACHE);
  await Promise.all(STATIC_FILES.map((url) => assetCache.add(url).catch(() => undefined)));
  // Hashed names never change: a file kept by an earlier version is not fetched again. One that fails (a dropped
  // connection) is fetched on first use online, as any asset.
  await Promise.all(
    OFFLINE_FILES.map(async (url) => {
      if (!(await assetCache.match(url))) await assetCache.add(url).catch(() => undefined);
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const keep = new Set([SHELL_CACHE, ASSET_CACHE, PRIVATE_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((n) => n.startsWith('nocturna-') && !keep.has(n)).map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'clear-private') event.waitUntil(caches.delete(PRIVATE_CACHE));
});

// Pages: network first (server-rendered public pages, fresh meta and deploys), the cached shell when offline;
// the router then draws the page in the browser.
async function navigate(event) {
  try {
    const response = await fetch(event.request);
    if (response.ok) event.waitUntil(cacheShell().catch(() => undefined));
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

// Saved tickets are of no use offline without a saved session: the app opened without signal asks for the session
// first, and with none saved it reads the failed check as signed out and shows the sign-in gate instead of the QR.
// A page the server drew says who it was made for, so the app itself may never ask for the session while online
// (or asks in the background and leaves before the answer, which aborts it). So the first tickets saved also save
// the session, before the page gets them: by the time a QR is on the screen, both copies are kept.
async function saveSessionWithTickets() {
  const cache = await caches.open(PRIVATE_CACHE);
  if (await cache.match(SESSION_API)) return;
  const response = await fetch(SESSION_API, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (response.ok && (await response.clone().text()).trim() !== 'null')
    await cache.put(SESSION_API, response);
}

// Network first, the last good copy when the network fails or is too slow. A 401 (or a null session) means the
// person is signed out: their saved tickets are dropped at once.
async function privateApi(request, isSession) {
  const network = fetch(request).then(async (response) => {
    if (response.status === 401) await caches.delete(PRIVATE_CACHE);
    else if (response.ok) {
      const signedOut = isSession && (await response.clone().text()).trim() === 'null';
      if (signedOut) await caches.delete(PRIVATE_CACHE);
      else {
        await (await caches.open(PRIVATE_CACHE)).put(request, response.clone());
        if (!isSession) await saveSessionWithTickets().catch(() => undefined);
      }
    }
    return response;
  });
  network.catch(() => undefined); // when the saved copy answered first, a later network failure is expected
  const saved = () => caches.match(request, { cacheName: PRIVATE_CACHE });
  const slow = new Promise((resolve) => setTimeout(resolve, NETWORK_PATIENCE_MS)).then(saved);
  try {
    const first = await Promise.race([network, slow]);
    return first || (await network);
  } catch {
    return (await saved()) || Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(navigate(event));
  if (url.pathname.startsWith('/assets/') || STATIC_FILES.includes(url.pathname))
    return event.respondWith(asset(request));
  if (url.pathname === SESSION_API) return event.respondWith(privateApi(request, true));
  if (OFFLINE_API.some((re) => re.test(url.pathname + url.search)))
    return event.respondWith(privateApi(request, false));
});

// Web Push (features/push on the server): a notification the person allowed by push — a message, a ticket, a
// reminder — shown even with the app closed. The payload is { title, body, url, tag }; a tap opens (or focuses)
// the app at `url`.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Nocturna';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/notificaciones' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      if (open) return open.navigate(target).then((w) => (w || open).focus());
      return self.clients.openWindow(target);
    }),
  );
});
