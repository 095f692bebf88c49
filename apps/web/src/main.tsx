import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { activateLanguage, storedLanguage } from './lib/i18n/i18n.ts';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import { applyTheme } from './lib/theme.ts';
import '@gama/ui/tokens.css';
import '@gama/ui/dark.css';
import '@gama/ui/base.css';
import './styles/column.css';

applyTheme();
captureInstallPrompt();

// After the first screen is up: the worker and its precache must not compete with it for a slow network.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./lib/service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing the #root element');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// A Hindi reader sees Hindi from the first paint: its catalogue comes before the first render.
const language = storedLanguage();
if (language === 'en') render();
else void activateLanguage(language).then(render, render);
