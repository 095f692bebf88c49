/**
 * Resend Code: 30 s on the phone's countdown and on the server's clock. Both are moved (the draws server's
 * test-only clock control), so it runs in the draws project, one test at a time.
 */
import { accountMessages } from '@gama/core/contract/messages';
import { advanceServerClock } from '../support/clock.ts';
import { expect, expectToast, test } from '../support/fixtures.ts';
import { newPlayer } from '../support/gama-api.ts';

test('Resend Code appears after 30 s, sends a new code and restarts the countdown', async ({
  page,
  api,
  baseURL,
}) => {
  // The countdown runs on the phone's timers and the 30 s on the server's clock: both are moved, not waited for,
  // and the page's is held still meanwhile, so however slow the machine, no second passes that the test did not
  // move.
  await page.clock.install();
  const draft = newPlayer();
  await page.goto('/r');
  await page.getByLabel('Username').fill(draft.name);
  await page.getByLabel('Phone Number').fill(draft.mobile);
  await page.getByLabel('Date of birth').fill(draft.dob);
  await page.getByLabel('Password', { exact: true }).fill(draft.password);
  await page.getByRole('button', { name: 'REGISTER' }).click();
  await expect(page).toHaveURL(/\/otpregister$/);
  const first = await api.latestCode(draft.mobile, 'registration');
  // A resend asked for at once is refused by the server, whatever the page shows.
  const early = await api.post('/api-resend-otp', { mobile: draft.mobile, purpose: 'register' });
  expect(early.body).toMatchObject({ status: false, msg: accountMessages.otpWait });

  const resend = page.getByRole('button', { name: 'Resend Code' });
  const countdown = page.getByText(/Resend Code in 0:\d\d/);
  await expect(countdown).toBeVisible();
  // Held still a moment ahead of the page's now. On a busy machine the page's time may pass that moment before
  // the pause arrives ("Cannot fast-forward to the past"): then again from its new now.
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    const paused = await page.clock.pauseAt(now + 250).then(
      () => true,
      (error: unknown) => {
        if (String(error).includes('to the past')) return false;
        throw error;
      },
    );
    if (paused) break;
  }
  // The figure on screen is the seconds left rounded up, read at the last quarter-second tick.
  const left = Number(/0:(\d\d)/.exec(await countdown.innerText())?.[1]);
  expect(left).toBeGreaterThan(2);
  await page.clock.runFor((left - 2) * 1000);
  await expect(countdown).toHaveText(/0:0[12]/);
  await expect(resend).toBeHidden();
  await page.clock.runFor(2_500);
  await expect(resend).toBeVisible();
  await advanceServerClock(baseURL ?? '', 31);
  // The page's time runs again (the toast shows and leaves on its timers); the countdown starts afresh.
  await page.clock.resume();
  await resend.click();
  await expectToast(page, 'OTP resent successfully');
  await expect(page.getByText(/Resend Code in 0:[23]\d/)).toBeVisible();

  const second = await api.latestCode(draft.mobile, 'registration', 2);
  if (second !== first) {
    // The resend replaced the first code.
    await page.getByLabel('OTP').fill(first);
    await page.getByRole('button', { name: 'Verify & Register' }).click();
    await expectToast(page, 'Enter Valid OTP');
  }
  await page.getByLabel('OTP').fill(second);
  await page.getByRole('button', { name: 'Verify & Register' }).click();
  await expect(page).toHaveURL(/\/imp$/);
});
