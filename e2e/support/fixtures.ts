import { test as base, expect, type Page } from '@playwright/test';
import { APP_KEY, GamaApi, randomClientIp, type Player } from './gama-api.ts';

interface GamaFixtures {
  /** Fails the test on an uncaught script error or a Content-Security-Policy violation in the page. */
  pageHealth: undefined;
  api: GamaApi;
  /** A freshly registered player with a unique phone number, not logged in. */
  player: Player;
}

export const test = base.extend<GamaFixtures>({
  // Each test is one phone on its own network; the browser and the setup calls share that address.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': randomClientIp() });
  },
  api: async ({ baseURL, extraHTTPHeaders }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured for this project');
    await use(new GamaApi(baseURL, extraHTTPHeaders?.['X-Forwarded-For']));
  },
  player: async ({ api }, use) => {
    await use(await api.registerPlayer());
  },
  pageHealth: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // React reports an error it recovered from (a render that threw once) with the real error as its cause,
      // which Playwright's pageerror leaves out: the page says the cause itself, so a failure names it.
      await page.addInitScript(() => {
        window.addEventListener('error', (event: ErrorEvent) => {
          const cause: unknown = event.error instanceof Error ? event.error.cause : undefined;
          if (cause instanceof Error) console.error(`page-health cause: ${cause.stack ?? cause.message}`);
        });
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (/Content Security Policy/i.test(message.text())) problems.push(`csp: ${message.text()}`);
        if (message.text().startsWith('page-health cause: ')) problems.push(message.text());
      });
      await use(undefined);
      expect(problems, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function loginViaUi(page: Page, player: Pick<Player, 'mobile' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Phone Number').fill(player.mobile);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/imp$/);
}

/**
 * A signed-in player without the login screen, for tests whose subject comes after it; the screen itself is
 * tested in login-logout.spec.ts and wherever `loginViaUi` is part of the flow. It makes the app's own login call
 * from this page's context, so the session cookie lands where the app would keep it, and puts the profile the
 * app keeps in storage before the page's first script runs. The test then opens its screen by its address: a
 * fresh page costs about a second of the browser's time, and the login screen and home were two of them.
 */
export async function startSession(page: Page, player: Pick<Player, 'mobile' | 'password'>): Promise<void> {
  const response = await page.request.post('/api-user-login', {
    headers: { 'X-Gama-Web': '1' },
    data: { env_type: 'Prod', app_key: APP_KEY, mobile: player.mobile, password: player.password },
  });
  const body = (await response.json()) as { status?: unknown; user_name?: unknown; mobile?: unknown };
  if (!response.ok() || body.status !== true) throw new Error(`login failed: ${JSON.stringify(body)}`);
  await page.addInitScript(
    (profile) => {
      // Once per tab, as the login screen would: a test that signs out must stay signed out on a reload.
      try {
        if (window.sessionStorage.getItem('e2e.profile-stored') !== null) return;
        window.localStorage.setItem('gama.user', JSON.stringify(profile));
        window.sessionStorage.setItem('e2e.profile-stored', '1');
      } catch {
        // about:blank has no storage; the first real page stores it.
      }
    },
    { user_name: body.user_name, mobile: body.mobile },
  );
}

export async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  return menu;
}

/** The one toast on screen (design.md: one at a time, top right). */
export function toast(page: Page) {
  return page.locator('[data-sonner-toast]');
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(toast(page).filter({ hasText: text })).toBeVisible();
}

/** The message sits under its own field and is tied to it for screen readers (aria-describedby). */
export async function expectFieldError(page: Page, label: string, message: string): Promise<void> {
  await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

export async function logoutViaMenu(page: Page): Promise<void> {
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function storedUser(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('gama.user');
    return raw === null ? null : (JSON.parse(raw) as unknown);
  });
}
