/**
 * Opening a screen inside the running app, for the walks through many screens (the accessibility walk, the Hindi
 * sweeps): the app stays booted between screens, as it does for a player who follows its links. A fresh
 * `page.goto` costs a whole boot each time (the scripts parsed and compiled again, the frame and the profile
 * asked for again, axe injected again), and the walks opened about 250 pages that way.
 */
import { expect, type Page } from '@playwright/test';

/** An address no screen has: each app shows its not-found page there (`NotFoundScreen` in both). */
const between = (path: string) =>
  path.startsWith('/admin/') ? '/admin/e2e-between-screens' : '/e2e-between-screens';

/** The not-found page's heading, in English and in Hindi (packages/core/src/i18n/hi-account.ts). */
export function notFoundHeading(page: Page) {
  return page.getByRole('heading', { name: /^(Page not found|पेज नहीं मिला)$/ });
}

/** What the app's own navigation does: a new history entry, then the popstate its router listens to. */
async function push(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const state: unknown = window.history.state;
    const idx = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : undefined;
    const next = {
      usr: null,
      key: Math.random().toString(36).slice(2, 10),
      idx: typeof idx === 'number' ? idx + 1 : 1,
    };
    window.history.pushState(next, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: next }));
  }, path);
}

/**
 * Opens `path` in the app already on the page and waits until its screen, not the one before, is on display.
 * The router keeps the old screen up until the new one is ready (a transition), so the walk passes through the
 * not-found page first: once that has given way, the screen on display is `path`'s, and it is not the not-found
 * page (which would never give way). The server's answer to the address, which a walk by `page.goto` proved
 * too, is checked by a request: the app's page, not an error.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const answer = await page.request.get(path);
  expect(answer.status(), `${path}: the server's answer`).toBe(200);
  expect(answer.headers()['content-type'], `${path}: the server's answer`).toContain('text/html');
  // Right after a load the router may not be listening yet, and a popstate it missed is never seen again: the
  // step is repeated until the not-found page shows.
  await expect(async () => {
    await push(page, between(path));
    await expect(notFoundHeading(page)).toBeVisible({ timeout: 2_000 });
  }, `${path}: the not-found page between two screens`).toPass({ timeout: 30_000 });
  await push(page, path);
  await expect(notFoundHeading(page), path).toHaveCount(0);
}
