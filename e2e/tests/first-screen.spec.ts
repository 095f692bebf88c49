import type { Page } from '@playwright/test';
import { expect, expectToast, loginViaUi, openMenu, test } from '../support/fixtures.ts';

/**
 * What the first screens leave for later (decision 020): each piece is fetched when it is first needed, and
 * still works then. Scripts are recognised by text their minified code keeps.
 */
const marks = {
  toaster: 'data-sonner-toaster',
  queryClient: 'No QueryClient set',
  sideMenu: 'menu-user-name',
  workbox: 'workbox',
  dialog: 'main[tabindex]',
  gameTimes: 'OPEN RESULT TIME',
  realityCheck: 'reality-net',
} as const;

/**
 * The scripts the page fetched, from now on. A response's body is read after the page has it (and may already
 * run it): each check first waits for every read begun so far, so a script the page has is never missed.
 */
function scriptsOf(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.text().catch(() => ''));
  });
  return bodies;
}

const fetched = async (bodies: readonly Promise<string>[], mark: string) =>
  (await Promise.all(bodies)).some((body) => body.includes(mark));

test('the landing fetches no toaster, query client, menu or install steps until needed, then they work', async ({
  page,
  player,
}) => {
  const bodies = scriptsOf(page);
  await page.goto('/');
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const mark of Object.values(marks)) expect(await fetched(bodies, mark), mark).toBe(false);

  // The first toast fetches the toaster and is shown, not lost while it arrives.
  await page.getByLabel('Phone Number').fill(player.mobile);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectToast(page, 'Incorrect password');
  expect(await fetched(bodies, marks.toaster)).toBe(true);

  // The menu opens at the first tap, its chunk fetched then.
  const menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
  await menu.getByRole('button', { name: 'Close' }).click();

  // A browser that offers no install prompt (this one) gets the steps, their chunk fetched at the tap.
  await page.getByRole('button', { name: 'Download App' }).click();
  const steps = page.getByRole('dialog', { name: 'Install Gama' });
  await expect(steps).toContainText('Add to Home screen');
  await steps.getByRole('button', { name: 'Close' }).click();
  await expect(steps).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download App' })).toBeFocused();
});

test('home fetches no toaster, side menu or dialog until they are needed', async ({ page, player }) => {
  await loginViaUi(page, player);
  const bodies = scriptsOf(page);
  await page.reload();
  await expect(page.getByTestId('wallet-amount')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await fetched(bodies, marks.toaster), marks.toaster).toBe(false);
  expect(await fetched(bodies, marks.sideMenu), marks.sideMenu).toBe(false);
  expect(await fetched(bodies, marks.workbox), marks.workbox).toBe(false);
  // No dialog is on home's first screen: the game times and the reality check (off for this player) come later.
  for (const mark of [marks.dialog, marks.gameTimes, marks.realityCheck])
    expect(await fetched(bodies, mark), mark).toBe(false);

  // The game times come at the first tap on Game time, and hand focus back when closed.
  const times = page.getByRole('button', { name: 'Game time' }).first();
  await times.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('OPEN RESULT TIME')).toBeVisible();
  expect(await fetched(bodies, marks.gameTimes)).toBe(true);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(times).toBeFocused();

  const menu = await openMenu(page);
  await expect(menu.getByTestId('menu-user-name')).toBeVisible();
  expect(await fetched(bodies, marks.sideMenu)).toBe(true);
});
