import type { Page } from '@playwright/test';
import { expectAccessible, seriousViolations } from '../support/axe.ts';
import { fundedPlayerOnHome, openBidScreen } from '../support/bidding.ts';
import { expect, expectToast, openMenu, startSession, test } from '../support/fixtures.ts';
import { freshPayoutNumber, savePayoutNumber } from '../support/funds.ts';
import { marketCard } from '../support/groups.ts';
import { notFoundHeading, openInApp } from '../support/in-app.ts';
import { mainLayoutRoutes } from '../support/spec-routes.ts';
import { settled } from '../support/settled.ts';

// Issue 17: axe-core finds no serious or critical violation on every screen of the player app. Motion is
// reduced so axe reads each screen at rest, not halfway through a fade (a fading text fails contrast).

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/**
 * Opens `path` and waits for its heading and its data before axe looks. Every route of the spec opens a screen
 * of its own, never the not-found page: checked here, on the one walk through every route the suite makes in
 * English. Once the app is on the page, the walk goes on inside it (`openInApp`: the app and axe stay loaded,
 * as for a player following its links); the server's answer to each address is checked there too.
 */
async function settle(page: Page, path: string): Promise<void> {
  if (page.url().startsWith('about:')) await page.goto(path);
  else await openInApp(page, path);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  await expect(notFoundHeading(page), path).toHaveCount(0);
  await settled(page, path);
}

test('the axe check finds what it is there to find: a nameless button and an image without a text', async ({
  page,
}) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => {
    document.querySelector('main')?.insertAdjacentHTML('beforeend', '<button></button><img src="/x.png">');
  });
  const found = await seriousViolations(page);
  expect(found.map((violation) => /\] ([a-z-]+):/.exec(violation)?.[1]).sort()).toEqual([
    'button-name',
    'image-alt',
  ]);
});

test('the signed-out screens: landing, login, register, forgot password, about, privacy, how to play', async ({
  page,
}) => {
  for (const path of ['/', '/login', '/r', '/forgotpass', '/about', '/privacypolicy', '/htp']) {
    await settle(page, path);
    await expectAccessible(page, path);
  }
});

// Every route of the spec's table (each opens a screen, never the not-found page, and axe finds nothing serious
// on it), split in five tests so the workers share them and each has its own time.
const perTest = Math.ceil(mainLayoutRoutes.length / 5);
for (let start = 0; start < mainLayoutRoutes.length; start += perTest) {
  const routes = mainLayoutRoutes.slice(start, start + perTest);
  test(`spec routes ${routes[0]} to ${routes.at(-1)}, as a signed-in player with points`, async ({
    page,
    api,
    player,
  }) => {
    test.setTimeout(150_000);
    await fundedPlayerOnHome(page, api, player, 1000);
    for (const route of routes) {
      await settle(page, route);
      await expectAccessible(page, route);
    }
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`home, its menu and its dialogs in the ${scheme} theme`, async ({ page, api, player }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await fundedPlayerOnHome(page, api, player, 1000);
    await settled(page);
    await expectAccessible(page, `home (${scheme})`);

    await openMenu(page);
    await expectAccessible(page, `side menu (${scheme})`);
    await page.keyboard.press('Escape');

    const closed = page
      .getByTestId('market-card')
      .filter({ has: page.getByRole('heading', { name: 'MORNING STAR', exact: true }) });
    await closed.getByRole('button', { name: 'Play MORNING STAR' }).click();
    const sorry = page.getByRole('dialog', { name: 'Sorry!' });
    await expect(sorry).toBeVisible();
    await expectAccessible(page, `closed-market popup (${scheme})`);
    await sorry.getByRole('button', { name: 'OK' }).click();

    // A success toast over the screen (sonner's colours on its own background).
    await openBidScreen(page, 'TIME BAZAR', 'Single Digit');
    await page.getByLabel('Digit', { exact: true }).fill('5');
    await page.getByLabel('Points', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your bids' });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, `bid confirmation (${scheme})`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Bid placed successfully!');
    await expectAccessible(page, `success toast (${scheme})`);
  });
}

test('main market: the game menu and a bid screen with a slip', async ({ page, api, player }) => {
  await fundedPlayerOnHome(page, api, player, 1000);
  await page
    .getByTestId('market-card')
    .filter({ has: page.getByRole('heading', { name: 'TIME BAZAR', exact: true }) })
    .getByRole('button', { name: 'Play TIME BAZAR' })
    .click();
  await expect(page).toHaveURL(/\/game$/);
  await settled(page);
  await expectAccessible(page, 'game menu');

  // The menu knows its market from the navigation, so each screen is left with Back, not a new load.
  for (const tile of [
    'Single Digit',
    'Jodi Digit',
    'Single Pana',
    'Half Sangam',
    'Full Sangam',
    'SP Motor',
  ]) {
    await page.getByRole('button', { name: tile, exact: true }).click();
    await expect(page.getByRole('button', { name: 'Proceed' })).toBeVisible();
    await expectAccessible(page, `${tile} bid screen`);
    await page.goBack();
    await expect(page).toHaveURL(/\/game$/);
  }

  await page.getByRole('button', { name: 'Single Digit', exact: true }).click();
  await page.getByLabel('Digit', { exact: true }).fill('3');
  await page.getByLabel('Points', { exact: true }).fill('20');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('bid-row')).toHaveCount(1);
  await expectAccessible(page, 'bid screen with a slip');
});

test('Starline and Gali: lists, game menus and bid screens', async ({ page, api, player }) => {
  await fundedPlayerOnHome(page, api, player, 1000);
  await settle(page, '/star');
  await expectAccessible(page, 'Starline list');
  await marketCard(page, '01:00 PM').getByRole('button', { name: 'Play' }).click();
  await expect(page).toHaveURL(/\/stargame$/);
  await expectAccessible(page, 'Starline game menu');
  await page.getByRole('button', { name: 'Single Pana', exact: true }).click();
  await expect(page).toHaveURL(/\/ssinglepana$/);
  await expectAccessible(page, 'Starline Single Pana bid screen');

  await settle(page, '/gali');
  await expectAccessible(page, 'Gali list');
  await marketCard(page, 'DELHI BAZAR').getByRole('button', { name: 'Play Game' }).click();
  await expect(page).toHaveURL(/\/galiallgame$/);
  await expectAccessible(page, 'Gali game menu');
  await page.getByRole('button', { name: 'Jodi Digit', exact: true }).click();
  await expect(page).toHaveURL(/\/jodidigit$/);
  await expectAccessible(page, 'Gali Jodi Digit bid screen');
});

test('funds: wallet with saved payout methods, withdraw, deposit and its request, transfer', async ({
  page,
  api,
  player,
}) => {
  const payout = freshPayoutNumber(player);
  await savePayoutNumber(api, player, '2', payout);
  await fundedPlayerOnHome(page, api, player, 1000);

  await settle(page, '/imp7');
  await page.getByRole('button', { name: /Withdraw Methods/ }).click();
  await expect(page.getByRole('button', { name: `GPay, saved ${payout}` })).toBeVisible();
  await expectAccessible(page, 'wallet with payout methods');
  await page.getByRole('button', { name: 'PhonePe' }).click();
  await expect(page.getByRole('dialog', { name: 'PhonePe Number' })).toBeVisible();
  await expectAccessible(page, 'add payout number dialog');

  await settle(page, '/withdraw');
  await expect(page.getByRole('combobox', { name: 'Payment Method' })).toBeVisible();
  await expectAccessible(page, 'withdraw with a saved method');

  await settle(page, '/imp9');
  await expectAccessible(page, 'add funds');
  await settle(page, '/payviaupi');
  await page.getByLabel('Amount', { exact: true }).fill('500');
  await expectAccessible(page, 'pay via UPI with an amount');
  await settle(page, '/transfer');
  await expectAccessible(page, 'transfer');
});

test('profile, notifications, play limits, change password, delete account', async ({ page, player }) => {
  await startSession(page, player);
  for (const path of ['/profile', '/notifications', '/play-limits', '/change', '/delete']) {
    await settle(page, path);
    await expectAccessible(page, path);
  }
});
