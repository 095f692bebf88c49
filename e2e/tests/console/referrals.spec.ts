import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from '../../support/axe.ts';
import { Operator } from '../../support/bidding.ts';
import {
  createOperator,
  csvOf,
  depositWithUtr,
  openScreen,
  ownerSettings,
  shot,
  signIn,
} from '../../support/console.ts';
import { expect, expectToast, loginViaUi, test } from '../../support/fixtures.ts';
import { newPlayer, randomClientIp } from '../../support/gama-api.ts';

/** A phone of its own (the app's size), on its own network. */
async function phone(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    extraHTTPHeaders: { 'X-Forwarded-For': randomClientIp() },
  });
  return context.newPage();
}

test('the owner turns referrals on; a friend registers from the share link and their first deposit pays the referrer', async ({
  page,
  browser,
  api,
  player,
  baseURL,
}, info) => {
  const base = baseURL ?? '';
  try {
    const owner = await createOperator(base, 'owner');
    await signIn(page, owner);
    await openScreen(page, info, 'Settings');
    const main = page.getByRole('main');
    const on = main.getByRole('switch', { name: 'Referrals on' });
    await expect(on).not.toBeChecked();
    await on.click();
    await main.getByLabel('Reward to the referrer (points)').fill('40');
    await main.getByLabel(/Reward to the new player/).fill('15');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const confirm = page.getByRole('dialog', { name: 'Save settings' });
    await expect(confirm).toContainText('Referrals will be on: registration takes a code');
    await expect(confirm).toContainText('Reward to the referrer: 40 points');
    await shot(page, info, 'settings-referrals');
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    // The referrer shares their link from the app.
    const referrerPhone = await phone(browser, base);
    await loginViaUi(referrerPhone, player);
    await referrerPhone.goto('/refer');
    await expect(referrerPhone.getByRole('heading', { name: 'Refer friends' })).toBeVisible();
    await expect(referrerPhone.getByText('You get 40 points when a friend you invite')).toBeVisible();
    const code = (await referrerPhone.getByTestId('referral-code').innerText()).trim();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const link = await referrerPhone.getByLabel('Share link').inputValue();
    expect(new URL(link).pathname).toBe('/r');
    expect(new URL(link).searchParams.get('ref')).toBe(code);
    await expect(referrerPhone.getByTestId('referrals-brought')).toHaveText('0');
    // Without a share sheet (a desktop browser) the link goes to the clipboard.
    await referrerPhone.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await referrerPhone.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await referrerPhone.getByRole('button', { name: 'Share link' }).click();
    await expectToast(referrerPhone, 'Link copied');
    expect(await referrerPhone.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shot(referrerPhone, info, 'app-refer-friends');
    await expectAccessible(referrerPhone, 'refer-friends');

    // A friend opens the link: the code is in the form, and the registration carries it.
    const friend = newPlayer({ name: 'Invited Friend' });
    const friendPhone = await phone(browser, base);
    await friendPhone.goto(`/r?ref=${code}`);
    await expect(friendPhone.getByText('You were invited by a friend.')).toBeVisible();
    await expect(friendPhone.getByLabel('Referral code (optional)')).toHaveValue(code);
    await friendPhone.getByLabel('Username').fill(friend.name);
    await friendPhone.getByLabel('Phone Number').fill(friend.mobile);
    await friendPhone.getByLabel('Date of birth').fill(friend.dob);
    await friendPhone.getByLabel('Password', { exact: true }).fill(friend.password);
    await shot(friendPhone, info, 'app-register-with-code');
    await expectAccessible(friendPhone, 'register-with-code');
    await friendPhone.getByRole('button', { name: 'REGISTER' }).click();
    await expect(friendPhone).toHaveURL(/\/otpregister$/);
    await friendPhone.getByLabel('OTP').fill(await api.latestCode(friend.mobile, 'registration'));
    await friendPhone.getByRole('button', { name: 'Verify & Register' }).click();
    await expect(friendPhone).toHaveURL(/\/imp$/);
    await referrerPhone.reload();
    await expect(referrerPhone.getByTestId('referrals-brought')).toHaveText('1');

    // The friend's first deposit is approved: the reward lands in the referrer's passbook.
    const deposit = await depositWithUtr(api, friend, 500);
    const desk = await Operator.login(base);
    await desk.call('POST', `/admin-api/deposits/${deposit.id}/approve`);
    await referrerPhone.goto('/transaction');
    const rewardRow = referrerPhone.getByText('Referral reward');
    await expect(rewardRow.first()).toBeVisible();
    await expect(referrerPhone.getByRole('main')).toContainText('40');
    await referrerPhone.goto('/refer');
    await expect(referrerPhone.getByTestId('referrals-rewarded')).toHaveText('1');
    await expect(referrerPhone.getByTestId('referrals-earned')).toHaveText('40');

    // The console's report shows it, and exports it.
    await openScreen(page, info, 'Referrals');
    await expect(page.getByRole('heading', { name: 'Referrals', level: 1 })).toBeVisible();
    await page.getByLabel('Either player: phone, name or id').fill(friend.mobile);
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = page.getByRole('row').filter({ hasText: friend.name });
    await expect(row).toContainText(player.name);
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('40.00');
    await expect(row).toContainText('15.00');
    await shot(page, info, 'referrals-report');
    await expectAccessible(page, 'referrals-report');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = await csvOf(download);
    expect(csv.split(/\r?\n/)[0]).toContain('referrer id');
    expect(csv).toContain(friend.mobile);
    expect(csv).toContain('40.00');
    await referrerPhone.context().close();
    await friendPhone.context().close();
  } finally {
    // Referrals stay off for the rest of the run: other tests register on this server.
    await ownerSettings(base, { referrals_on: false });
  }
});
