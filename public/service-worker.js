/* Mesa's service worker: shows staff push alerts and opens the back office when one is clicked. */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
