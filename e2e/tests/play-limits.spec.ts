import { expect, expectToast, loginViaUi, openMenu, test } from '../support/fixtures.ts';

test('Play limits: a stake limit applies at once, a raise waits 24 hours as pending', async ({
  page,
  player,
}) => {
  await loginViaUi(page, player);
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Play limits' }).click();
  await expect(page).toHaveURL(/\/play-limits$/);

  const day = page.getByLabel('Stake limit per day');
  await day.fill('500');
  await page.getByRole('button', { name: 'Save stake limit' }).click();
  await expectToast(page, 'Play limits saved');
  await expect(page.getByText('Now: 500 points')).toBeVisible();

  await day.fill('900');
  await page.getByRole('button', { name: 'Save stake limit' }).click();
  await expect(page.getByText(/Now: 500 points · Pending: 900 points from/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('play-limits.png'), fullPage: true });
});

test('a time-out refuses deposits with a clear message', async ({ page, player }) => {
  await loginViaUi(page, player);
  await page.goto('/play-limits');
  await page.getByLabel('Length').selectOption('24h');
  await page.getByRole('button', { name: 'Start break' }).click();
  await expectToast(page, 'Time-out started.');
  await expect(page.getByRole('status').filter({ hasText: 'Time-out until' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('play-timeout.png'), fullPage: true });

  await page.goto('/payviaupi');
  await page.getByLabel('Amount', { exact: true }).fill('250');
  await page.getByRole('radio', { name: 'Google Pay' }).click();
  await page.getByRole('button', { name: 'Add Money' }).click();
  await expectToast(page, 'You are on a time-out until');
});
