import type { Page } from '@playwright/test';
import { readProfile } from '../support/bidding.ts';
import { depositWithUtr } from '../support/console.ts';
import { expect, loginViaUi, test } from '../support/fixtures.ts';
import { freshPayoutNumber, Operator, savePayoutNumber } from '../support/funds.ts';
import type { GamaApi, Player } from '../support/gama-api.ts';
import { declareResult } from '../support/groups.ts';
import { mainLayoutRoutes } from '../support/spec-routes.ts';

import { englishWords, settle, visibleText, watchOperatorContent } from '../support/hindi-sweep.ts';
import { openInApp } from '../support/in-app.ts';

// At the e2e clock (Friday 12:00 IST) TIME BAZAR (01:00-02:00 PM) takes every bet type.
const OPEN_MARKET = 'TIME BAZAR';
// The operator's reason on the test's own wallet adjustment (support/funds.ts): typed by an operator.
const OPERATOR_REASON = 'e2e funding';

/**
 * The player of these sweeps, signed in and reading Hindi: points in the wallet, a saved payout number and an
 * approved deposit (a notification and a passbook line with a date on them).
 */
async function hindiPlayer(page: Page, api: GamaApi, player: Player) {
  const operator = await Operator.login(api);
  await operator.fund(player.mobile, 5000);
  const payout = freshPayoutNumber(player);
  await savePayoutNumber(api, player, '2', payout);
  const { id } = await depositWithUtr(api, player, 400);
  await operator.approveDeposit(id);

  const content = watchOperatorContent(page);
  await loginViaUi(page, player);
  await page.evaluate(() => window.localStorage.setItem('gama.language', 'hi'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  const leftovers: Record<string, string[]> = {};
  // The player's own name, also as the menu shortens it.
  const names = [player.name, player.name.slice(0, 10)];
  const check = async (where: string, alsoNames: readonly string[] = []) => {
    const words = englishWords(await visibleText(page), [
      ...(await content.strings()),
      ...names,
      ...alsoNames,
      OPERATOR_REASON,
    ]);
    if (words.length > 0) leftovers[where] = [...new Set([...(leftovers[where] ?? []), ...words])];
  };
  return { leftovers, check };
}

// Every spec route, split in three tests so the workers share them (each screen waits on its data, not the CPU).
const sweptRoutes = [...mainLayoutRoutes, '/notifications', '/play-limits'];
const perTest = Math.ceil(sweptRoutes.length / 3);
for (let start = 0; start < sweptRoutes.length; start += perTest) {
  const routes = sweptRoutes.slice(start, start + perTest);
  test(`in Hindi the spec routes ${routes[0]} to ${routes.at(-1)} show no English word`, async ({
    page,
    api,
    player,
  }) => {
    const { leftovers, check } = await hindiPlayer(page, api, player);
    // Inside the app, as a player follows its links: one boot for the whole walk (support/in-app.ts).
    for (const route of routes) {
      await openInApp(page, route);
      await settle(page);
      await check(route);
    }
    expect(leftovers).toEqual({});
  });
}

test('in Hindi the dialogs and toasts of home, charts, payouts, a bid and a transfer show no English word', async ({
  page,
  api,
  player,
}) => {
  test.setTimeout(120_000);
  const { leftovers, check } = await hindiPlayer(page, api, player);
  const receiver = await api.registerPlayer();
  const dialog = page.getByRole('dialog');

  // Home: the side menu, support, a market's times and a closed market's popup.
  await page.goto('/imp');
  await settle(page);
  await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
  await expect(dialog).toBeVisible();
  await check('menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'सहायता' }).first().click();
  await expect(dialog).toBeVisible();
  await check('support');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'गेम का समय' }).first().click();
  await expect(dialog).toBeVisible();
  await check('game time');
  await page.keyboard.press('Escape');
  const closed = (await readProfile(page)).result.find((market) => market.msg_status !== 1);
  if (!closed) throw new Error('the e2e clock should have a closed main market');
  await page.getByRole('button', { name: `${closed.game_name} खेलें` }).click();
  await expect(dialog).toBeVisible();
  await check('closed market');
  await page.keyboard.press('Escape');

  // A market's charts, their weeks named with Hindi months. MORNING STAR (09:30 AM) has drawn by the e2e
  // clock; charts.spec.ts declares the same value, whichever runs first.
  const { body } = await api.post('/api-market-chart', { group: 'main' });
  const morningStar = (body.markets as Array<{ game_id: number; game_name: string }>).find(
    (market) => market.game_name === 'MORNING STAR',
  );
  if (!morningStar) throw new Error('no main market MORNING STAR');
  await declareResult(api, {
    market_id: morningStar.game_id,
    date: '2026-11-20',
    half: 'open',
    value: '123',
  });
  await page.goto('/charts');
  await settle(page);
  await page.getByLabel('मार्केट', { exact: true }).selectOption({ label: 'MORNING STAR' });
  await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
  await check('charts');

  // A payout method's dialog, and its field's message.
  await page.goto('/imp7');
  await settle(page);
  await page.getByRole('button', { name: /निकासी के तरीके/ }).click();
  await page.getByRole('button', { name: 'Paytm', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('UPI नंबर').fill('12345');
  await dialog.getByRole('button', { name: 'OTP भेजें' }).click();
  await expect(dialog.getByRole('alert').or(dialog.locator('[aria-invalid="true"]')).first()).toBeVisible();
  await check('payout method');
  await page.keyboard.press('Escape');

  // The notifications bell.
  await page.getByTestId('notification-bell').click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByTestId('notification-list')).toBeVisible();
  // Its time with the month in Hindi, from Intl's hi-IN short month ("25 नव॰, 12:00 pm").
  await expect(page.getByTestId('notification-list').locator('time').first()).toHaveText(
    /^\d{1,2} [\u0900-\u097F]+, \d{1,2}:\d{2} [ap]m$/,
  );
  await check('notifications');

  // A bid through the confirm dialog and its toast.
  await page.goto('/imp');
  await page.getByRole('button', { name: `${OPEN_MARKET} खेलें` }).click();
  await page.getByRole('button', { name: 'Single Digit', exact: true }).click();
  await page.getByLabel('Digit', { exact: true }).fill('4');
  await page.getByLabel('अंक', { exact: true }).fill('200');
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
  await check('bid slip');
  await page.getByRole('button', { name: 'सबमिट करें' }).click();
  await expect(dialog).toBeVisible();
  await check('bid confirm');
  await dialog.getByRole('button', { name: 'पुष्टि करें' }).click();
  await expect(page.locator('[data-sonner-toast]')).toBeVisible();
  await check('bid placed');
  await page.goto('/transaction');
  await settle(page);
  await check('passbook after a bid');
  await page.goto('/imp4');
  await settle(page);
  await check('bid history after a bid');

  // A transfer through its confirm dialog and its toast.
  await page.goto('/transfer');
  await settle(page);
  await page.getByLabel('फ़ोन नंबर').fill(receiver.mobile);
  await page.getByLabel('अंक', { exact: true }).fill('500');
  await page.getByRole('button', { name: 'ट्रांसफ़र करें' }).click();
  await expect(dialog).toBeVisible();
  // The receiver's name, masked as the server sends it, is a person's name.
  const recipient = (await page.getByTestId('transfer-recipient').innerText()).trim();
  await check('transfer confirm', [recipient]);
  await dialog.getByRole('button', { name: 'पुष्टि करें' }).click();
  await expect(page.locator('[data-sonner-toast]')).toBeVisible();
  await check('transfer done');

  // Delete account: refused while the wallet holds points, in Hindi.
  await page.goto('/delete');
  await settle(page);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(player.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'मेरा खाता हटाएं' }).click();
  await expect(page.locator('[data-sonner-toast]')).toBeVisible();
  await check('delete refused');

  expect(leftovers).toEqual({});
});

test('in Hindi the visitor screens, their dialogs, field messages and toasts show no English word', async ({
  page,
  player,
}) => {
  test.setTimeout(120_000);
  const content = watchOperatorContent(page);
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('gama.language', 'hi'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const leftovers: Record<string, string[]> = {};
  const check = async (where: string) => {
    const words = englishWords(await visibleText(page), await content.strings());
    if (words.length > 0) leftovers[where] = [...new Set([...(leftovers[where] ?? []), ...words])];
  };
  const dialog = page.getByRole('dialog');

  for (const route of ['/', '/login', '/r', '/forgotpass']) {
    await openInApp(page, route);
    await settle(page);
    await check(route);
  }

  await page.goto('/');
  await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
  await expect(dialog).toBeVisible();
  await check('landing menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'ऐप डाउनलोड करें' }).click();
  await expect(dialog).toBeVisible();
  await check('install help');
  await page.keyboard.press('Escape');

  // The login form's messages: empty fields, then a wrong password (the server's answer, as a toast).
  await page.goto('/login');
  await page.getByRole('button', { name: 'लॉगिन' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await check('login field messages');
  await page.getByLabel('फ़ोन नंबर').fill(player.mobile);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(`${player.password}x`);
  await page.getByRole('button', { name: 'लॉगिन' }).click();
  await expect(page.locator('[data-sonner-toast]')).toBeVisible();
  await check('login refused');

  expect(leftovers).toEqual({});
});
