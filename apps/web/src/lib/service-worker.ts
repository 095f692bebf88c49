import { appShellMessages } from '@gama/core/contract/app-shell-messages';
import { translateText } from './i18n/i18n.ts';
import { toast } from './toast.ts';

// A phone can keep the app open for days: look for a new version every hour and whenever it comes back to it.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** The worker vite-plugin-pwa generates (`registerType: 'prompt'`) takes over when told this, not by itself. */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/**
 * Registers the service worker that keeps the app shell for offline starts. A new version waits until the
 * player taps Update: taking over by itself would reload the page under a half-filled bid slip.
 *
 * The browser's own API rather than workbox-window (2.2 KB gzip of the first screen for the same three steps):
 * offer a worker that is installed while an older one controls the page, tell it to take over when asked, and
 * reload once it does.
 */
export function registerServiceWorker(): void {
  const container = navigator.serviceWorker;
  let reloadWhenTakenOver = false;
  container.addEventListener('controllerchange', () => {
    // Only the player's Update reloads: another tab's choice must not reload this one under its bid slip.
    if (reloadWhenTakenOver) window.location.reload();
  });

  const offer = (waiting: ServiceWorker) => {
    toast.message(appShellMessages.updateReady, {
      id: 'app-update',
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: translateText(appShellMessages.updateAction),
        onClick: () => {
          reloadWhenTakenOver = true;
          waiting.postMessage(SKIP_WAITING);
        },
      },
    });
  };

  container.register('/sw.js', { scope: '/' }).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // A browser that blocks workers (as the browser tests' contexts do) answers without a registration.
      if (!registration) return;
      // Installed on an earlier visit and still waiting: this visit offers it too.
      if (registration.waiting && container.controller) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const next = registration.installing;
        next?.addEventListener('statechange', () => {
          // Without a controller this is the first install: nothing older to replace, it takes over by itself.
          if (next.state === 'installed' && container.controller) offer(next);
        });
      });
      const check = () => void registration.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
    () => {
      // No worker (a private window that refuses one, a bad deploy): the app works without its offline shell.
    },
  );
}
