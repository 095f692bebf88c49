import type { Page } from '@playwright/test';
import { expect, loginViaUi, test } from '../support/fixtures.ts';

/**
 * The landing and the login screen are drawn before the app's scripts run (apps/web/build/first-paint.ts): held
 * back here (all but the pages' own classic scripts), so what shows is only what the page's script drew.
 */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = /\/assets\/(?!first-paint-|boot-)[^/]+\.js$/;
  await page.route(held, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

const overlay = (page: Page) => page.locator('#first-paint');

test('the landing is drawn before the scripts, then the app takes over the same screen', async ({ page }) => {
  const releaseScripts = await holdAppScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(overlay(page).locator('h2')).toHaveText('Matka markets, results and charts in your pocket');
  await expect(overlay(page)).toHaveAttribute('aria-hidden', 'true');
  // A picture of the screen: nothing in it can be focused or found by its role while the app is on its way.
  await expect(
    page.getByRole('heading', { name: 'Matka markets, results and charts in your pocket' }),
  ).toHaveCount(0);
  await expect(page.locator('#root')).toBeEmpty();

  releaseScripts();
  await expect(
    page.getByRole('heading', { name: 'Matka markets, results and charts in your pocket' }),
  ).toBeVisible();
  await expect(overlay(page)).toHaveCount(0);
  await expect(page.locator('[data-page-skeleton]')).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
});

test('a Hindi reader in the dark theme sees the login screen in Hindi and dark from the first paint', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.localStorage.setItem('gama.language', 'hi');
    window.localStorage.setItem('gama.theme', 'dark');
  });
  const releaseScripts = await holdAppScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(overlay(page).locator('h1')).toHaveText('फिर से स्वागत है');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  releaseScripts();
  await expect(page.getByRole('heading', { name: 'फिर से स्वागत है' })).toBeVisible();
  await expect(overlay(page)).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('a signed-in player gets no drawn landing: the app sends them home', async ({ page, player }) => {
  await loginViaUi(page, player);
  await expect(page).toHaveURL(/\/imp$/);
  const releaseScripts = await holdAppScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
  await expect(overlay(page)).toHaveCount(0);
  releaseScripts();
  await expect(page).toHaveURL(/\/imp$/);
});

test('home and every other address: the theme and language before the app, and no drawn screens downloaded', async ({
  page,
  player,
}) => {
  await loginViaUi(page, player);
  await expect(page).toHaveURL(/\/imp$/);
  await page.evaluate(() => {
    window.localStorage.setItem('gama.language', 'hi');
    window.localStorage.setItem('gama.theme', 'dark');
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const releaseScripts = await holdAppScripts(page);
  for (const address of ['/imp', '/withdraw']) {
    await page.goto(address, { waitUntil: 'commit' });
    // Before any of the app's scripts has run, the page's own script has set both.
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('#root')).toBeEmpty();
  }
  releaseScripts();
  await expect(page.getByTestId('wallet-amount')).toBeVisible();
  expect(scripts.some((script) => /\/assets\/boot-[^/]+\.js$/.test(script))).toBe(true);
  expect(scripts.filter((script) => script.includes('first-paint'))).toEqual([]);
});
