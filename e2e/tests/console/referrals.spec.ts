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
import { savePayoutNumber } from '../../support/funds.ts';
import type { GamaApi, Player } from '../../support/gama-api.ts';
import { newPlayer, randomClientIp } from '../../support/gama-api.ts';

// Both tests switch referrals, which hold for the whole server: one after the other.
test.describe.configure({ mode: 'serial' });

/** A player's session token, the way the app signs in. */
async function tokenOf(api: GamaApi, player: Player): Promise<string> {
  const login = await api.post('/api-user-login', { mobile: player.mobile, password: player.password });
  const token = login.body.unique_token;
  if (typeof token !== 'string') throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return token;
}

/** Registers through the app's two calls with a referral code. */
async function registerWithCode(api: GamaApi, code: string): Promise<Player> {
  const player = newPlayer();
  const check = await api.post('/api-check-mobile', { mobile: player.mobile, referral_code: code });
  if (check.httpStatus !== 200) throw new Error(`check-mobile failed: ${JSON.stringify(check.body)}`);
  const registered = await api.post('/api-user-registration', {
    name: player.name,
    mobile: player.mobile,
    password: player.password,
    otp: await api.latestCode(player.mobile, 'registration'),
    dob: player.dob,
    referral_code: code,
  });
  if (registered.httpStatus !== 200)
    throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
  return player;
}

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

test('a reward of linked accounts waits on Referrals until a cashier approves it, and is paid once', async ({
  page,
  api,
  player,
  baseURL,
}, info) => {
  const base = baseURL ?? '';
  try {
    await ownerSettings(base, { referrals_on: true, referral_reward: 25, referral_new_player_reward: 0 });
    const mine = await api.post('/api-my-referrals', { unique_token: await tokenOf(api, player) });
    const code = String(mine.body.code);
    const friend = await registerWithCode(api, code);
    // Both save the same payout number: the accounts are linked.
    const shared = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    await savePayoutNumber(api, player, '2', shared);
    await savePayoutNumber(api, friend, '2', shared);
    const deposit = await depositWithUtr(api, friend, 300);
    await (await Operator.login(base)).call('POST', `/admin-api/deposits/${deposit.id}/approve`);

    const cashier = await createOperator(base, 'cashier');
    await signIn(page, cashier);
    await openScreen(page, info, 'Referrals');
    await page.getByLabel('Reward', { exact: true }).selectOption({ label: 'Held for review' });
    await page.getByLabel('Either player: phone, name or id').fill(friend.mobile);
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = page.getByRole('row').filter({ hasText: friend.name });
    await expect(row).toContainText('Held for review');
    await expect(row).toContainText('Linked: same payout number');
    await shot(page, info, 'referrals-held');
    await row.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog', { name: 'Pay referral reward' });
    await expect(confirm).toContainText(`Pay 25.00 points to ${player.name}`);
    await confirm.getByRole('button', { name: 'Approve and pay' }).click();
    await expect(page.getByText(`Paid the referral reward of ${player.name}`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByLabel('Reward', { exact: true }).selectOption({ label: 'Paid' });
    await page.getByRole('button', { name: 'Apply' }).click();
    const paid = page.getByRole('row').filter({ hasText: friend.name });
    await expect(paid).toContainText(`Approved by ${cashier.username}`);
    await expect(paid).toContainText('25.00');
  } finally {
    await ownerSettings(base, { referrals_on: false });
  }
});
