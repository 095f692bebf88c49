import { newPlayer } from '../support/gama-api.ts';
import { E2E_CLOCK_START } from '../support/server-env.ts';
import { expect, expectFieldError, expectToast, openMenu, storedUser, test } from '../support/fixtures.ts';

test('registers with the SMS code from the outbox and lands on home', async ({ page, api, context }) => {
  const draft = newPlayer();
  await page.goto('/r');
  await page.getByLabel('Username').fill(draft.name);
  await page.getByLabel('Phone Number').fill(draft.mobile);
  await page.getByLabel('Date of birth').fill(draft.dob);
  await page.getByLabel('Password', { exact: true }).fill(draft.password);
  await page.getByRole('button', { name: 'REGISTER' }).click();

  await expect(page).toHaveURL(/\/otpregister$/);
  await expect(page.getByText(`+91 ${draft.mobile}`)).toBeVisible();
  await expect(page.getByText(/Resend Code in 0:[0-3]\d/)).toBeVisible();

  const code = await api.latestCode(draft.mobile, 'registration');
  await page.getByLabel('OTP').fill(code === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'Verify & Register' }).click();
  await expectToast(page, 'Enter Valid OTP');
  await expect(page).toHaveURL(/\/otpregister$/);

  await page.getByLabel('OTP').fill(code);
  await page.getByRole('button', { name: 'Verify & Register' }).click();
  await expect(page).toHaveURL(/\/imp$/);
  await expectToast(page, 'Registration Successful');

  // Only the non-secret profile is kept in the browser; the session lives in an HttpOnly cookie.
  expect(await storedUser(page)).toEqual({ user_name: draft.name, mobile: draft.mobile });
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(storage).not.toContain(draft.password);
  const cookies = await context.cookies();
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) expect(cookie.httpOnly).toBe(true);

  const menu = await openMenu(page);
  await expect(menu.getByText(`+91 ${draft.mobile}`)).toBeVisible();
});

test('a number that is already registered is refused at the first step', async ({ page, player }) => {
  await page.goto('/r');
  await page.getByLabel('Username').fill('Someone Else');
  await page.getByLabel('Phone Number').fill(player.mobile);
  await page.getByLabel('Password', { exact: true }).fill('Another-pass-42');
  await page.getByLabel('Date of birth').fill('1990-05-01');
  await page.getByRole('button', { name: 'REGISTER' }).click();
  await expectToast(page, 'User Already Registered');
  await expect(page).toHaveURL(/\/r$/);
});

test('an under-18 date of birth is refused before a code is sent', async ({ page, api }) => {
  const draft = newPlayer();
  await page.goto('/r');
  await page.getByLabel('Username').fill(draft.name);
  await page.getByLabel('Phone Number').fill(draft.mobile);
  await page.getByLabel('Password', { exact: true }).fill(draft.password);
  const register = page.getByRole('button', { name: 'REGISTER' });
  await register.click();
  await expectFieldError(page, 'Date of birth', 'You must be 18 or older to play');

  // Seventeen and some months on the server's day (its clock starts at E2E_CLOCK_START, in November).
  const young = `${Number(E2E_CLOCK_START.slice(0, 4)) - 17}-01-01`;
  await page.getByLabel('Date of birth').fill(young);
  await register.click();
  await expectFieldError(page, 'Date of birth', 'You must be 18 or older to play');
  await expect(page).toHaveURL(/\/r$/);
  await page.screenshot({ path: test.info().outputPath('register-under-18.png') });
  expect(await api.messages(draft.mobile, 'registration')).toHaveLength(0);

  // The server refuses on its own too: nothing is created.
  const refused = await api.post('/api-user-registration', { ...draft, otp: '1234', dob: young });
  expect(refused.body).toMatchObject({ status: false, msg: 'You must be 18 or older to play' });
});
