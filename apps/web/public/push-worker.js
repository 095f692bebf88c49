/*
 * The service worker's push handlers (issue 31, item 1), imported by the generated worker (vite.config.ts,
 * workbox importScripts). The server words each push in the player's language (apps/api push-text), so this
 * file shows what it is given: a title, a body, a tag (one event replaces its own earlier alert) and the
 * app's path to open on a tap.
 */
self.addEventListener('push', (event) => {
  let message;
  try {
    message = event.data ? event.data.json() : null;
  } catch {
    // Not JSON: nothing this app sent.
    return;
  }
  if (!message || typeof message.title !== 'string') return;
  const url = typeof message.url === 'string' && message.url.startsWith('/') ? message.url : '/notifications';
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' ? message.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

// A tap opens the path in the app's window when one is open (the player keeps one app), else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && event.notification.data.url;
  const target = new URL(
    typeof path === 'string' && path.startsWith('/') ? path : '/notifications',
    self.location.origin,
  );
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === target.origin);
      if (!open) return self.clients.openWindow(target.href);
      const shown = (await open.navigate(target.href)) ?? open;
      // Bringing it forward is the browser's to allow; the page is already on the path either way.
      await shown.focus().catch(() => undefined);
    }),
  );
});
