import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { handOverFirstPaint } from './first-paint/handover.ts';
import { activateLanguage, storedLanguage } from './lib/i18n/i18n.ts';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import { applyTheme } from './lib/theme.ts';
import '@gama/ui/tokens.css';
import '@gama/ui/dark.css';
import '@gama/ui/base.css';
import '@gama/ui/layout.css';
import './styles/column.css';

applyTheme();
captureInstallPrompt();

// After the first screen is up: the worker and its precache must not compete with it for a slow network.
// This module may run after the page's load event (the first-paint script requests it once the screen is drawn).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void import('./lib/service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') {
    if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 2000);
  } else window.addEventListener('load', register, { once: true });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element');
handOverFirstPaint(container);

// A transition, so React renders the first screen in slices and yields between them: one long task of a whole
// screen would hold a slow phone's main thread (and its first tap) for hundreds of milliseconds.
const render = () =>
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

// A Hindi reader sees Hindi from the first paint: its catalogue comes before the first render.
const language = storedLanguage();
if (language === 'en') render();
else void activateLanguage(language).then(render, render);
