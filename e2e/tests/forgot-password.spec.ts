import { expect, expectFieldError, expectToast, loginViaUi, test } from '../support/fixtures.ts';

test('forgot password: code, new password, then only the new password works', async ({
  page,
  api,
  player,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgotpass$/);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();

  await page.getByLabel('Phone Number').fill(player.mobile);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page).toHaveURL(/\/otpforgotpass$/);

  const code = await api.latestCode(player.mobile, 'password reset');
  await page.getByLabel('OTP').fill('12');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expectFieldError(page, 'OTP', 'Invalid OTP. Please try again.');

  await page.getByLabel('OTP').fill(code === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expectToast(page, 'Invalid OTP. Please try again.');

  await page.getByLabel('OTP').fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(/\/change-password$/);

  const newPassword = `${player.password}-new`;
  const update = page.getByRole('button', { name: 'Update Password' });
  await update.click();
  await expectFieldError(page, 'New Password', 'New Password is required!');
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await update.click();
  await expectFieldError(page, 'Confirm Password', 'Confirm Password is required!');
  await page.getByLabel('Confirm Password', { exact: true }).fill(`${newPassword}x`);
  await update.click();
  await expectFieldError(page, 'Confirm Password', 'Passwords do not match!');

  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await update.click();
  await expectToast(page, 'Successfully updated password');
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page).toHaveURL(/\/login$/, { timeout: 30_000 });

  await page.getByLabel('Phone Number').fill(player.mobile);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expectToast(page, 'Incorrect password');

  await loginViaUi(page, { mobile: player.mobile, password: newPassword });
});

test('an unregistered number is reported under the phone field', async ({ page }) => {
  await page.goto('/forgotpass');
  await page.getByLabel('Phone Number').fill('6000000001');
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expectFieldError(page, 'Phone Number', 'User Not Registered');
  await expect(page).toHaveURL(/\/forgotpass$/);
});
