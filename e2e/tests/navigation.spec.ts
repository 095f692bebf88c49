import { expect, startSession, test } from '../support/fixtures.ts';
import { settled } from '../support/settled.ts';

for (const [path, startOver] of [
  ['/otpregister', '/r'],
  ['/otpforgotpass', '/forgotpass'],
  ['/change-password', '/forgotpass'],
] as const) {
  test(`${path} opened directly asks to start over`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByText('Invalid navigation. Please start over.')).toBeVisible();
    await page.getByRole('link', { name: 'Start over' }).click();
    await expect(page).toHaveURL(new RegExp(`${startOver}$`));
  });
}

test('an unknown address shows the not-found page with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-screen');
  expect(response?.ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
});

test('member screens send a visitor to login', async ({ page }) => {
  for (const path of ['/imp', '/profile', '/change']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('visitors can read How To Play and the Privacy Policy in the landing frame', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const hrefs = await menu
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href')]));
  for (const [label, href] of hrefs) expect(href).toBe(label === 'How To Play' ? '/htp' : '/login');
  await menu.getByRole('link', { name: 'How To Play' }).click();

  await expect(page).toHaveURL(/\/htp$/);
  await expect(page.getByRole('heading', { name: 'How To Play' })).toBeVisible();
  await expect(page.getByText('Wins can go up to 10 Lac points.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: /tutorial video/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

  await page.goto('/privacypolicy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  // No operator text on this server: the app's own policy stands in, and links to About Us.
  await expect(page.getByRole('heading', { name: 'What we collect' })).toBeVisible();
  await page.getByRole('link', { name: 'About Us / Data Deletion Policy' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deleting your data' })).toBeVisible();
});

test('members read How To Play inside the app shell', async ({ page, player }) => {
  await startSession(page, player);
  await page.goto('/htp');
  await expect(page.getByRole('heading', { name: 'How To Play' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Quick links' })).toBeVisible();
});

test('a new page opens at its top, and Back returns to where the player had scrolled', async ({ page }) => {
  await page.goto('/privacypolicy');
  // Scroll only once the policy has its text: a scroll made over the placeholder is undone when the text arrives.
  await expect(page.getByRole('heading', { name: 'What we collect' })).toBeVisible();
  await settled(page);
  const toAbout = page.getByRole('link', { name: 'About Us / Data Deletion Policy' });
  await toAbout.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const scrolled = await page.evaluate(() => window.scrollY);

  await toAbout.click();
  await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('Back and Forward walk the app history; a redirect replaces the address it came from', async ({
  page,
}) => {
  await page.goto('/htp');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/htp$/);
  await expect(page.getByRole('heading', { name: 'How To Play' })).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();

  // The alias leaves no entry of its own: Back from the page it opened returns past it.
  await page.goto('/privacy');
  await expect(page).toHaveURL(/\/privacypolicy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
});
