// The service worker: keeps the client's shell (index.html and every
// embedded asset) in a cache named after the release, so that a reload
// with no network still shows the app, which then says it is offline.
//
// The server serves this file at /sw.js (scope "/") with two lines put
// before it: VERSION, a hash of every embedded asset, and SHELL, the URLs
// to cache. A new release has a new VERSION: its worker fills a new cache
// and removes the old ones when it takes over.
//
// Navigations and assets go to the network first, so an online page is
// always the server's latest; the cache answers only when the network
// does not. The API and WebSockets (/api/, /ws/) never pass through the
// cache: tables need the server.

const CACHE = 'minehall-shell-' + VERSION;

// reachable is whether the network answered this worker's last request;
// a page asks for it to say it is offline when the shell came from the
// cache.
let reachable = true;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith('minehall-shell-') && n !== CACHE).map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

self.addEventListener('message', (event) => {
  if (event.data === 'network?') event.source?.postMessage({ type: 'network', reachable });
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    event.respondWith(fromNetwork(req, '/'));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromNetwork(req, url.pathname));
  }
});

// fromNetwork answers req from the network, or, when the network fails
// or a proxy in front of the server says it is out of reach (502, 503,
// 504), with the cached shell entry key (every page route is index.html,
// "/").
async function fromNetwork(req, key) {
  let res;
  try {
    res = await fetch(req);
  } catch (err) {
    res = null;
  }
  reachable = res !== null && !(res.status >= 502 && res.status <= 504);
  if (reachable) return res;
  const cached = await caches.match(key, { cacheName: CACHE });
  if (cached) return cached;
  return res ?? Response.error();
}

// Web Push (docs/protocol.md): a push carries {kind, table, n, game,
// url}; the worker shows it in the language of the browser, with the
// texts of the site's i18n files (from the cache when offline), once per
// table and kind (a newer one replaces it), and a click opens the table,
// in a window of the site already open if there is one.
self.addEventListener('push', (event) => {
  let msg = {};
  try { msg = event.data ? event.data.json() : {}; } catch { msg = {}; }
  event.waitUntil(showPush(msg));
});

async function texts() {
  const lang = (self.navigator.language || 'en').slice(0, 2).toLowerCase();
  for (const l of [lang, 'en']) {
    const url = `/assets/i18n/${l}.json`;
    try {
      const res = (await caches.match(url, { cacheName: CACHE })) || (await fetch(url));
      if (res && res.ok) return await res.json();
    } catch { /* try the next */ }
  }
  return {};
}

async function showPush(msg) {
  const dict = await texts();
  const game = dict[`game.${msg.game}.title`] || msg.game || 'Minehall';
  const say = (key, fallback) => (dict[key] || fallback).replace('{game}', game);
  const kind = ['takeback', 'challenge', 'tournament_round', 'tournament_cancelled'].includes(msg.kind) ? msg.kind : 'turn';
  const url = typeof msg.url === 'string' && msg.url.startsWith('/') ? msg.url : '/';
  await self.registration.showNotification(say(`push.${kind}.title`, 'Minehall'), {
    body: say(`push.${kind}.body`, game),
    tag: `${kind}-${msg.table || ''}`,
    icon: '/assets/icon.svg',
    data: { url },
  });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil((async () => {
    const wins = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const w of wins) {
      if (w.url === url) return w.focus();
    }
    const w = wins.find((c) => 'navigate' in c);
    if (w) {
      await w.navigate(url);
      return w.focus();
    }
    return self.clients.openWindow(url);
  })());
});
