import {
  expect,
  expectFieldError,
  expectToast,
  loginViaUi,
  logoutViaMenu,
  openMenu,
  test,
} from '../support/fixtures.ts';

test('change password: the current one is checked, then the new one is the only one', async ({
  page,
  player,
}) => {
  await loginViaUi(page, player);
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/change$/);

  const newPassword = `${player.password}-changed`;
  await page.getByLabel('Current Password', { exact: true }).fill('definitely-wrong-1');
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Old password does not match');
  await expect(page).toHaveURL(/\/change$/);

  await page.getByLabel('Current Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expectToast(page, 'Successfully changed password');
  await expect(page).toHaveURL(/\/imp$/);

  // This device stays signed in with the session the change issued.
  await page.reload();
  await expect(page).toHaveURL(/\/imp$/);
  await expect(page.getByTestId('wallet-amount')).toBeVisible();

  await logoutViaMenu(page);
  await page.getByLabel('Phone Number').fill(player.mobile);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectToast(page, 'Incorrect password');
  await loginViaUi(page, { mobile: player.mobile, password: newPassword });
});

test('profile shows the player and renames them', async ({ page, player }) => {
  await loginViaUi(page, player);
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-name')).toHaveText(player.name);
  await expect(page.getByTestId('profile-mobile')).toHaveText(`+91 ${player.mobile}`);

  const nameField = page.getByLabel('Name', { exact: true });
  await expect(nameField).toHaveValue(player.name);
  await nameField.fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectFieldError(page, 'Name', 'Name is required!');

  await nameField.fill('Renamed Player Long');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile updated successfully');
  await expect(page).toHaveURL(/\/imp$/);

  const reopened = await openMenu(page);
  await expect(reopened.getByTestId('menu-user-name')).toHaveText('Renamed Pl...');
  await page.keyboard.press('Escape');

  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toHaveText('Renamed Player Long');
});
