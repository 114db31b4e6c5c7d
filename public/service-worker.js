/*
 * Mesa's service worker: shows staff push alerts, opens the back office when one is clicked, and answers /admin with
 * an offline page when the network is down.
 */
// Bump the version when the offline page changes: the old cache is then dropped on activation.
const OFFLINE_CACHE = 'mesa-offline-v1';
const OFFLINE_PAGE = '/offline.html';
const OFFLINE_ASSETS = [OFFLINE_PAGE, '/offline.css', '/offline.js', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.addAll(OFFLINE_ASSETS.map((url) => new Request(url, { cache: 'reload' }))))
      // Without the offline page the worker still has to deliver pushes: install anyway.
      .catch((error) => console.warn('Mesa: offline page not cached', error))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('mesa-offline-') && key !== OFFLINE_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

const isAdminPath = (pathname) => pathname === '/admin' || pathname.startsWith('/admin/');

// Network first, always: the offline copy is only a fallback, so deployments reach the staff at once.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && isAdminPath(url.pathname)) {
    event.respondWith(
      fetch(request).catch(() => caches.match(OFFLINE_PAGE, { cacheName: OFFLINE_CACHE }).then((page) => page || Response.error())),
    );
  } else if (OFFLINE_ASSETS.includes(url.pathname)) {
    event.respondWith(
      fetch(request).catch(() => caches.match(url.pathname, { cacheName: OFFLINE_CACHE }).then((asset) => asset || Response.error())),
    );
  }
});

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Mesa', message: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Nueva reserva';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.message || '',
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      tag: data.reservationData ? `reservation-${data.reservationData.reservationDate}-${data.reservationData.reservationTime}-${data.reservationData.customerName}` : undefined,
      lang: 'es',
      data: { url: data.url || '/admin' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/admin', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(`${self.location.origin}/admin`));
      return open ? open.focus() : self.clients.openWindow(target);
    }),
  );
});
