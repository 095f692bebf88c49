/**
 * Build-time only (apps/web/build/first-paint.ts): the landing and the login screen drawn by the real components
 * with react-dom/server, in each language, for the page to show before its JavaScript has arrived. Never part of
 * the app's bundle.
 */
import type { Language } from '@gama/core/contract/languages';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from '../lib/router/index.ts';
import LoginScreen from '../features/auth/LoginScreen.tsx';
import { LandingPage } from '../app/LandingEntry.tsx';
import bareStyles from '../app/layouts/Layouts.module.css';
import { I18nRoot } from '../lib/i18n/I18nRoot.tsx';
import { activateLanguage } from '../lib/i18n/i18n.ts';

export interface FirstPaint {
  /** `/` for a visitor: the landing frame with the login card. */
  landing: string;
  /** `/login`: the bare sign-in screen. */
  login: string;
}

// No query client, as in the app (decision 020): a TanStack Query hook added to the landing or the login screen
// stops this build ("No QueryClient set") rather than quietly bringing the query client back to their first screen.
function Providers({ path, children }: { path: string; children: ReactNode }) {
  return (
    <I18nRoot>
      <StaticRouter pathname={path}>{children}</StaticRouter>
    </I18nRoot>
  );
}

export async function render(language: Language): Promise<FirstPaint> {
  await activateLanguage(language);
  const landing = renderToStaticMarkup(
    <Providers path="/">
      <LandingPage login={<LoginScreen showHero={false} />} />
    </Providers>,
  );
  // BareLayout's frame without its Outlet: the login screen is its only page here.
  const login = renderToStaticMarkup(
    <Providers path="/login">
      <main className={bareStyles.bare}>
        <LoginScreen />
      </main>
    </Providers>,
  );
  return { landing, login };
}
