import { newPlayer } from '../support/gama-api.ts';
import { expect, expectFieldError, startSession, test } from '../support/fixtures.ts';

test('login form: required and invalid phone, required password', async ({ page }) => {
  await page.goto('/login');
  const login = page.getByRole('button', { name: 'LOGIN' });
  await login.click();
  await expectFieldError(page, 'Phone Number', 'Phone No is required!');
  await expect(page.getByLabel('Phone Number')).toBeFocused();

  // Only digits reach the field (a pasted +91 prefix is dropped); a number not starting 6-9 is refused.
  await page.getByLabel('Phone Number').fill('+91 98765 43210');
  await expect(page.getByLabel('Phone Number')).toHaveValue('9876543210');
  await page.getByLabel('Phone Number').fill('51234abc56789');
  await expect(page.getByLabel('Phone Number')).toHaveValue('5123456789');
  await login.click();
  await expectFieldError(page, 'Phone Number', 'Phone No is not valid!');

  await page.getByLabel('Phone Number').fill('9123456789');
  await login.click();
  await expectFieldError(page, 'Password', 'Password is required!');
});

test('register form: username, phone and password rules', async ({ page }) => {
  await page.goto('/r');
  const register = page.getByRole('button', { name: 'REGISTER' });
  await register.click();
  await expectFieldError(page, 'Username', 'Username is required');

  await page.getByLabel('Username').fill('New Player');
  await page.getByLabel('Phone Number').fill('12345');
  await register.click();
  await expectFieldError(page, 'Phone Number', 'Phone No is not valid!');

  await page.getByLabel('Phone Number').fill('9123456789');
  await register.click();
  await expectFieldError(page, 'Password', 'Password is required!');

  await page.getByLabel('Password', { exact: true }).fill('short');
  await register.click();
  await expectFieldError(page, 'Password', 'Password must be at least 8 characters');

  await page.getByLabel('Password', { exact: true }).fill('password123');
  await register.click();
  await expectFieldError(page, 'Password', 'This password is too common. Please choose another.');

  // The date of birth comes last: required, and 18 or older.
  await page.getByLabel('Password', { exact: true }).fill('Mango-tree-42');
  await register.click();
  await expectFieldError(page, 'Date of birth', 'You must be 18 or older to play');

  // The show/hide toggle reveals what was typed.
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
});

test('registration code: four digits only', async ({ page }) => {
  const draft = newPlayer();
  await page.goto('/r');
  await page.getByLabel('Username').fill(draft.name);
  await page.getByLabel('Phone Number').fill(draft.mobile);
  await page.getByLabel('Date of birth').fill(draft.dob);
  await page.getByLabel('Password', { exact: true }).fill(draft.password);
  await page.getByRole('button', { name: 'REGISTER' }).click();
  await expect(page).toHaveURL(/\/otpregister$/);

  await page.getByRole('button', { name: 'Verify & Register' }).click();
  await expectFieldError(page, 'OTP', 'Enter Valid OTP');
  await page.getByLabel('OTP').fill('12ab');
  await expect(page.getByLabel('OTP')).toHaveValue('12');
  await page.getByRole('button', { name: 'Verify & Register' }).click();
  await expectFieldError(page, 'OTP', 'Enter Valid OTP');
});

test('forgot password form: required and invalid phone', async ({ page }) => {
  await page.goto('/forgotpass');
  const send = page.getByRole('button', { name: 'Send Reset Code' });
  await send.click();
  await expectFieldError(page, 'Phone Number', 'Phone number is required!');
  await page.getByLabel('Phone Number').fill('5123456789');
  await send.click();
  await expectFieldError(page, 'Phone Number', 'Phone number is not valid!');
});

test('change password form: each field in turn', async ({ page, player }) => {
  await startSession(page, player);
  await page.goto('/change');
  const change = page.getByRole('button', { name: 'Change Password' });
  await change.click();
  await expectFieldError(page, 'Current Password', 'Current Password is required!');

  await page.getByLabel('Current Password', { exact: true }).fill(player.password);
  await change.click();
  await expectFieldError(page, 'New Password', 'New Password is required!');

  await page.getByLabel('New Password', { exact: true }).fill('Brand-new-pass-7');
  await change.click();
  await expectFieldError(page, 'Confirm Password', 'Confirm Password is required!');

  await page.getByLabel('Confirm Password', { exact: true }).fill('Brand-new-pass-8');
  await change.click();
  await expectFieldError(page, 'Confirm Password', 'Confirm Password is not equal to New Password!');
  await expect(page).toHaveURL(/\/change$/);
});
