import { appShellMessages } from '@gama/core/contract/app-shell-messages';
import { translateText } from './i18n/i18n.ts';
import { toast } from './toast.ts';
import { registerSW } from 'virtual:pwa-register';

// A phone can keep the app open for days: look for a new version every hour and whenever it comes back to it.
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker that keeps the app shell for offline starts. A new version waits until the
 * player taps Update: taking over by itself would reload the page under a half-filled bid slip.
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh() {
      toast.message(appShellMessages.updateReady, {
        id: 'app-update',
        duration: Number.POSITIVE_INFINITY,
        action: { label: translateText(appShellMessages.updateAction), onClick: () => void update(true) },
      });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => void registration.update().catch(() => undefined);
      setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}
