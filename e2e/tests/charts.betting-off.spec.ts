import { expect, loginViaUi, openMenu, test } from '../support/fixtures.ts';

test('an account with betting off reaches Market Charts from the menu and can switch groups', async ({
  page,
  player,
}) => {
  await loginViaUi(page, player);
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Charts' }).click();
  await expect(page).toHaveURL(/\/charts$/);
  await expect(page.getByRole('heading', { name: 'Market Charts' })).toBeVisible();
  await expect(page.getByLabel('Market', { exact: true })).toContainText('MORNING STAR');

  await page.getByRole('button', { name: 'Gali', exact: true }).click();
  await expect(page).toHaveURL(/group=gali/);
  await expect(page.getByLabel('Market', { exact: true })).toContainText('DELHI BAZAR');
});
