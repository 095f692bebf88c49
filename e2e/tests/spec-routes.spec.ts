import { accountClosureMessages as closure, accountMessages as m } from '@gama/core/contract/messages';
import { expect, expectToast, startSession, test } from '../support/fixtures.ts';
import { openInApp } from '../support/in-app.ts';

// That every route of the spec's table opens a screen of its own, never the not-found page, is checked on the
// accessibility walk through every route (accessibility.spec.ts), which opens each of them anyway.

test('the routes the spec shows no screen for open the screen they stand for', async ({ page, player }) => {
  await startSession(page, player);
  for (const [from, to] of [
    ['/wallet', '/imp7'],
    ['/addfund', '/imp9'],
    ['/privacy', '/privacypolicy'],
    ['/transfermodel', '/transfer'],
    ['/bid', '/imp4'],
    ['/win', '/imp3'],
  ] as const) {
    // The first by its address, the rest inside the app (support/in-app.ts), each checked at the server too.
    if (page.url().startsWith('about:')) await page.goto(from);
    else await openInApp(page, from);
    await expect(page, from).toHaveURL(new RegExp(`${to}$`));
  }
});

test('a player deletes an empty account: confirmed with the password, then signed out for good', async ({
  page,
  player,
}) => {
  await startSession(page, player);
  await page.goto('/change');
  await page.getByRole('link', { name: 'Delete your account' }).click();
  await expect(page).toHaveURL(/\/delete$/);
  const deleteButton = page.getByRole('button', { name: 'Delete My Account' });

  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await deleteButton.click();
  await expect(page.getByRole('alert').filter({ hasText: closure.confirmRequired })).toBeVisible();
  await page.getByRole('checkbox').check();
  await deleteButton.click();
  await expectToast(page, m.wrongPassword);

  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await deleteButton.click();
  await expectToast(page, closure.closed);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Phone Number').fill(player.mobile);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectToast(page, m.userNotRegistered);
});
