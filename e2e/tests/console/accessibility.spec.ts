import type { Page } from '@playwright/test';
import { expectAccessible } from '../../support/axe.ts';
import { Operator } from '../../support/bidding.ts';
import { createOperator, depositWithUtr, PHONE, signIn, withdrawalRequest } from '../../support/console.ts';
import { expect, test } from '../../support/fixtures.ts';
import { openInApp } from '../../support/in-app.ts';
import { settled } from '../../support/settled.ts';

// Issue 17 for the operator console: axe-core finds no serious or critical violation on each screen, at the
// desk and on the phone (the two console projects). Motion is reduced so axe reads each screen at rest.

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/**
 * Opens a console path and waits for its heading and its data before axe looks. The walk goes on inside the
 * console once it is on the page (`openInApp`: the console and axe stay loaded, as for an operator following
 * its links); the server's answer to each address is checked there too.
 */
async function settle(page: Page, path: string): Promise<void> {
  await openInApp(page, `/admin/${path}`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }), path).toBeVisible();
  await settled(page, path);
}

test('sign-in, empty and with a refused password', PHONE, async ({ page }) => {
  await page.goto('/admin/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await page.getByLabel('Username').fill('nobody-here');
  await page.getByLabel('Password', { exact: true }).fill('not-a-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, 'sign-in refused');
});

test(
  'the desk: dashboard, results, exposure, markets, rates, caps, audit, operators, settings, referrals',
  PHONE,
  async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    await signIn(page, await createOperator(baseURL ?? '', 'owner'));
    for (const path of [
      'dashboard',
      'results',
      'results/exposure',
      'markets',
      'rates',
      'caps',
      'audit',
      'operators',
      'settings',
      'reconciliation',
      'referrals',
      'account/sessions',
      'account/two-factor',
    ]) {
      await settle(page, path);
      await expectAccessible(page, path);
    }
  },
);

test(
  'money: deposits and withdrawals waiting, a player and each of the player tabs',
  PHONE,
  async ({ page, api, baseURL }) => {
    test.setTimeout(150_000);
    const player = await api.registerPlayer();
    await depositWithUtr(api, player, 500);
    await withdrawalRequest(api, player, 600);
    const id = await (await Operator.login(baseURL ?? '')).playerId(player.mobile);
    await signIn(page, await createOperator(baseURL ?? '', 'owner'));

    await settle(page, `deposits?q=${player.mobile}`);
    await expect(page.getByRole('row').filter({ hasText: player.name })).toHaveCount(1);
    await expectAccessible(page, 'deposits waiting');
    await page
      .getByRole('row')
      .filter({ hasText: player.name })
      .getByRole('button', { name: 'Approve' })
      .click();
    const approve = page.getByRole('dialog', { name: 'Approve deposit' });
    await expect(approve).toBeVisible();
    await expectAccessible(page, 'approve deposit dialog');
    await approve.getByRole('button', { name: 'Credit points' }).click();
    await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
    await expectAccessible(page, 'success toast');

    await settle(page, `withdrawals?q=${player.mobile}`);
    await expect(page.getByRole('row').filter({ hasText: player.name })).toHaveCount(1);
    await expectAccessible(page, 'withdrawals waiting');

    await settle(page, `players?q=${player.mobile}`);
    await expectAccessible(page, 'players');
    for (const tab of [
      'passbook',
      'bids',
      'wins',
      'deposits',
      'withdrawals',
      'transfers',
      'sessions',
      'payout-methods',
    ]) {
      await settle(page, `players/${id}/${tab}`);
      await expectAccessible(page, `player ${tab}`);
    }
  },
);

test('content tabs and every report', PHONE, async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await signIn(page, await createOperator(baseURL ?? '', 'owner'));
  for (const tab of ['pages', 'contacts', 'payments', 'headlines', 'slider']) {
    await settle(page, `content/${tab}`);
    await expectAccessible(page, `content ${tab}`);
  }
  for (const report of [
    'profit-loss',
    'sell',
    'winning',
    'customer-sell',
    'wallet',
    'wallet-daily',
    'transfers',
    'deposits',
    'withdrawals',
  ]) {
    await settle(page, `reports/${report}`);
    await expectAccessible(page, `report ${report}`);
  }
});

test('a market of the list', PHONE, async ({ page, baseURL }) => {
  await signIn(page, await createOperator(baseURL ?? '', 'owner'));
  await settle(page, 'markets');
  await page.getByRole('main').getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/admin\/markets\/\d+$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
  await expectAccessible(page, 'a market');
});
