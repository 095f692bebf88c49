import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { bidBalance, fundedPlayerOnHome, openBidScreen, readProfile } from '../support/bidding.ts';
import { expect, expectToast, test } from '../support/fixtures.ts';
import { E2E_TODAY } from '../support/server-env.ts';

// At the e2e clock (Friday 12:00 IST) TIME BAZAR (01:00-02:00 PM) takes every bet type, MORNING STAR is closed
// for the day and SRIDEVI (11:35 AM-12:35 PM) is past its open time.
const OPEN_MARKET = 'TIME BAZAR';

function wallet(page: Page) {
  return page.getByTestId('wallet-amount');
}

async function confirmBids(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your bids' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Bid placed successfully!');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('bid-row')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
}

test('home: closed market shakes into the Sorry popup; game time lists the four times', async ({
  page,
  api,
  player,
}) => {
  await fundedPlayerOnHome(page, api, player, 0);
  const morning = page
    .getByTestId('market-card')
    .filter({ has: page.getByRole('heading', { name: 'MORNING STAR', exact: true }) });
  await expect(morning).toContainText('Market Close for today');
  await expect(morning.getByTestId('market-result')).toHaveText('***-**-***');
  await morning.getByRole('button', { name: 'Play MORNING STAR' }).click();
  const sorry = page.getByRole('dialog', { name: 'Sorry!' });
  await expect(sorry).toContainText('Oops! Market is closed for today');
  // The heading says sorry; the text under it must not say it again (issue 17).
  expect(((await sorry.textContent()) ?? '').match(/Sorry/g)).toHaveLength(1);
  await expect(page).toHaveURL(/\/imp$/);
  await sorry.getByRole('button', { name: 'OK' }).click();
  await expect(sorry).toBeHidden();

  const bazar = page
    .getByTestId('market-card')
    .filter({ has: page.getByRole('heading', { name: OPEN_MARKET, exact: true }) });
  await expect(bazar).toContainText('Market Open for today');
  await bazar.getByRole('button', { name: 'Game time' }).click();
  const times = page.getByRole('dialog', { name: OPEN_MARKET });
  await expect(times).toContainText('Friday');
  await expect(times.getByText('OPEN RESULT TIME')).toBeVisible();
  await expect(times).toContainText(/OPEN BID LAST TIME\s*01:00 PM/);
  await expect(times).toContainText(/CLOSE RESULT TIME\s*02:00 PM/);
  await expect(times).toContainText(/CLOSE BID LAST TIME\s*02:00 PM/);
  await times.getByRole('button', { name: 'OK' }).click();
  await expect(times).toBeHidden();

  await expect(page.getByRole('link', { name: /PLAY NOW/ })).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'KING GALI' }).getByRole('link')).toHaveAttribute(
    'href',
    '/gali',
  );
});

test('a bid screen shows one wallet balance and, labelled apart, what the slip will leave', async ({
  page,
  api,
  player,
}) => {
  await fundedPlayerOnHome(page, api, player, 5000);
  await openBidScreen(page, OPEN_MARKET, 'Single Digit');
  await page.getByLabel('Digit', { exact: true }).fill('4');
  await page.getByLabel('Points', { exact: true }).fill('200');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('bid-row')).toHaveCount(1);

  await expect(wallet(page)).toHaveText('5000');
  await expect(bidBalance(page)).toHaveText('After this slip: 4800 pts');
  // No bare figure beside the wallet that disagrees with it: 4800 appears only with its label.
  await expect(page.locator('main').getByText(/4800/)).toHaveCount(1);
  await expect(page.locator('main').getByText(/^\D*5000\D*$/)).toHaveCount(0);
});

test('the last row of a long slip scrolls fully above the Submit bar', async ({ page, api, player }) => {
  await fundedPlayerOnHome(page, api, player, 1000);
  await openBidScreen(page, OPEN_MARKET, 'Single Digit');
  const digit = page.getByLabel('Digit', { exact: true });
  const points = page.getByLabel('Points', { exact: true });
  for (let n = 0; n < 8; n += 1) {
    await digit.fill(String(n));
    await points.fill('10');
    await page.getByRole('button', { name: 'Proceed' }).click();
  }
  const rows = page.getByTestId('bid-row');
  await expect(rows).toHaveCount(8);
  // To the very bottom of the page, as a thumb would: the bar must sit below the list, not over it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect
    .poll(() =>
      page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1),
    )
    .toBe(true);
  const last = await rows.last().boundingBox();
  const bar = await page.getByRole('button', { name: 'Submit' }).locator('..').boundingBox();
  if (!last || !bar) throw new Error('no box for the last row or the Submit bar');
  expect(last.y + last.height).toBeLessThanOrEqual(bar.y);

  // From the top, moving to the last row's Delete (keyboard, screen reader) scrolls the row clear of the bar too.
  await page.evaluate(() => window.scrollTo(0, 0));
  const lastDelete = rows.last().getByRole('button', { name: /^Delete bid/ });
  await lastDelete.focus();
  await expect(lastDelete).toBeFocused();
  const focused = await rows.last().boundingBox();
  const barNow = await page.getByRole('button', { name: 'Submit' }).locator('..').boundingBox();
  if (!focused || !barNow) throw new Error('no box for the last row or the Submit bar');
  expect(focused.y + focused.height).toBeLessThanOrEqual(barNow.y);
});

test('SRIDEVI after its open time: timed tiles refuse, Open is disabled and Close chosen', async ({
  page,
  api,
  player,
}) => {
  await fundedPlayerOnHome(page, api, player, 0);
  await openBidScreen(page, 'SRIDEVI', 'Single Digit');
  await expect(page.getByRole('radio', { name: 'Open' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: 'Close' })).toBeChecked();
  await page.goBack();
  for (const tile of ['Jodi Digit', 'Half Sangam', 'Full Sangam']) {
    await page.getByRole('button', { name: new RegExp(`^${tile}`) }).click();
    await expectToast(page, `Bidding is closed for ${tile}`);
    await expect(page).toHaveURL(/\/game$/);
  }
});

test('game menu and bid screens opened without a market say so', async ({ page, api, player }) => {
  await fundedPlayerOnHome(page, api, player, 0);
  for (const path of ['/game', '/single', '/dpmotor']) {
    await page.goto(path);
    await expect(page.getByRole('alert')).toHaveText('Invalid navigation. Please start over.');
  }
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/imp$/);
});

test('Single Digit: validation, rows, modal cancel/backdrop/confirm, wallet and bid history', async ({
  page,
  api,
  player,
}) => {
  await fundedPlayerOnHome(page, api, player, 100);
  await openBidScreen(page, OPEN_MARKET, 'Single Digit');
  await expect(page).toHaveURL(/\/single$/);
  await expect(page.getByLabel('Date')).toHaveValue(E2E_TODAY.bidDate);
  await expect(page.getByRole('radio', { name: 'Open' })).toBeChecked();
  await expect(bidBalance(page)).toHaveCount(0);
  const digit = page.getByLabel('Digit', { exact: true });
  const points = page.getByLabel('Points', { exact: true });
  const proceed = page.getByRole('button', { name: 'Proceed' });

  await points.fill('20');
  await proceed.click();
  await expectToast(page, 'Please enter the number');
  await digit.fill('5');
  await points.fill('');
  await proceed.click();
  await expectToast(page, 'Please enter point');
  await points.fill('5');
  await proceed.click();
  await expectToast(page, 'Required minimum bid amount is 10');
  await points.fill('500');
  await proceed.click();
  await expectToast(page, 'Insufficient balance please refill your account');
  await expect(page.getByTestId('bid-row')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  await points.fill('20');
  await proceed.click();
  await expect(page.getByTestId('bid-row')).toHaveCount(1);
  await expect(digit).toHaveValue('');
  await expect(points).toHaveValue('');
  await expect(bidBalance(page)).toContainText('80');
  await digit.fill('7');
  await points.fill('30');
  await proceed.click();
  await page.getByRole('radio', { name: 'Close' }).check();
  await digit.fill('1');
  await points.fill('10');
  await proceed.click();
  await expect(page.getByTestId('bid-row')).toHaveCount(3);
  await expect(bidBalance(page)).toContainText('40');
  await page.getByRole('button', { name: 'Delete bid 1' }).click();
  await expect(page.getByTestId('bid-row')).toHaveCount(2);
  await expect(bidBalance(page)).toContainText('50');
  await expect(page.getByTestId('bid-total')).toHaveText('2 bids · 50 pts');

  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your bids' });
  await expect(dialog.getByTestId('confirm-count')).toHaveText('2');
  await expect(dialog.getByTestId('confirm-total')).toHaveText('50 pts');
  await expect(dialog).toContainText('cannot be cancelled in any situation');
  await dialog.getByRole('button', { name: 'CANCEL' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(8, 8);
  await expect(dialog).toBeHidden();
  await expect(wallet(page)).toHaveText('100');

  await confirmBids(page);
  await expect(wallet(page)).toHaveText('50');
  await expect(bidBalance(page)).toHaveCount(0);

  await page.goto('/imp4');
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.filter({ hasText: '7' })).toContainText(OPEN_MARKET);
  await expect(entries.first()).toContainText('Single Digit');
  await expect(entries.first()).toContainText(E2E_TODAY.bidDate);
  await expect(entries.filter({ has: page.getByText('7', { exact: true }) })).toContainText('30 pts');
  await expect(entries.filter({ has: page.getByText('5', { exact: true }) })).toContainText('20 pts');
  // A bid in the history can be asked about: the conversation starts carrying that bid.
  await entries
    .filter({ has: page.getByText('7', { exact: true }) })
    .getByTestId('ask-about')
    .click();
  await expect(page.getByText(/^About bid #\d+$/)).toBeVisible();
  await page.getByLabel('Type your message').fill('Was my 7 placed?');
  const shot = await sharp({ create: { width: 180, height: 320, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  await page
    .getByLabel('Attach screenshot')
    .setInputFiles({ name: 'bid.png', mimeType: 'image/png', buffer: shot });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('support-ref')).toHaveText(/^About bid #\d+$/);
  // The player sees the screenshot they sent, as the server keeps it.
  const sent = page.getByTestId('support-messages').getByRole('img', { name: 'Screenshot' });
  await expect(sent).toBeVisible();
  await expect.poll(() => sent.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(180);
  await page.goto('/imp3');
  await expect(page.getByText('NO DATA FOUND')).toBeVisible();
});

interface ScreenCase {
  tile: string;
  path: string;
  fields: Array<[label: string, value: string]>;
  bad?: [label: string, value: string, message: string];
  cost: number;
  panas?: number;
}

const screens: ScreenCase[] = [
  {
    tile: 'Jodi Digit',
    path: '/jodi',
    fields: [['Digit', '65']],
    bad: ['Digit', '6', 'Number 6 is not valid'],
    cost: 10,
  },
  {
    tile: 'Single Pana',
    path: '/singlepana',
    fields: [['Pana', '123']],
    bad: ['Pana', '121', 'Number 121 is not valid'],
    cost: 10,
  },
  {
    tile: 'Double Pana',
    path: '/doublepana',
    fields: [['Pana', '112']],
    bad: ['Pana', '123', 'Number 123 is not valid'],
    cost: 10,
  },
  {
    tile: 'Triple Pana',
    path: '/tripplepana',
    fields: [['Pana', '777']],
    bad: ['Pana', '112', 'Number 112 is not valid'],
    cost: 10,
  },
  {
    tile: 'Half Sangam',
    path: '/halfsangam',
    fields: [
      ['Open Digit', '6'],
      ['Close Pana', '456'],
    ],
    bad: ['Close Pana', '465', 'Number 465 is not valid'],
    cost: 10,
  },
  {
    tile: 'Full Sangam',
    path: '/fullsangam',
    fields: [
      ['Open Pana', '123'],
      ['Close Pana', '456'],
    ],
    bad: ['Open Pana', '5', 'Number 5 is not valid'],
    cost: 10,
  },
  { tile: 'SP DP TP', path: '/spdptp', fields: [['Digit', '5']], cost: 220, panas: 22 },
  {
    tile: 'SP Motor',
    path: '/spmotor',
    fields: [['Pana', '1234']],
    bad: ['Pana', '12', 'Digit not valid'],
    cost: 40,
    panas: 4,
  },
  {
    tile: 'DP Motor',
    path: '/dpmotor',
    fields: [['Pana', '123']],
    bad: ['Pana', '1', 'Number 1 is not valid'],
    cost: 60,
    panas: 6,
  },
];

for (const screen of screens) {
  test(`${screen.tile}: one full bid on ${OPEN_MARKET}`, async ({ page, api, player }) => {
    const funds = 1000;
    await fundedPlayerOnHome(page, api, player, funds);
    await openBidScreen(page, OPEN_MARKET, screen.tile);
    await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
    await expect(page.getByRole('heading', { name: screen.tile, level: 1 })).toBeVisible();
    const points = page.getByLabel('Points', { exact: true });
    const proceed = page.getByRole('button', { name: 'Proceed' });

    await points.fill('10');
    await proceed.click();
    await expectToast(page, 'Please enter the number');
    for (const [label, value] of screen.fields) await page.getByLabel(label, { exact: true }).fill(value);
    if (screen.bad) {
      const [label, value, message] = screen.bad;
      await page.getByLabel(label, { exact: true }).fill(value);
      await proceed.click();
      await expectToast(page, message);
      const good = screen.fields.find(([field]) => field === label)?.[1] ?? '';
      await page.getByLabel(label, { exact: true }).fill(good);
    }
    await points.fill('');
    await proceed.click();
    await expectToast(page, 'Please enter point');
    await points.fill('9');
    await proceed.click();
    await expectToast(page, 'Required minimum bid amount is 10');
    await points.fill('5000');
    await proceed.click();
    await expectToast(page, 'Insufficient balance please refill your account');

    await points.fill('10');
    await proceed.click();
    await expect(page.getByTestId('bid-row')).toHaveCount(1);
    if (screen.panas) {
      const panas = (await page.getByTestId('bid-panas').innerText()).trim().split(/\s+/);
      expect(panas).toHaveLength(screen.panas);
    }
    await expect(bidBalance(page)).toContainText(String(funds - screen.cost));
    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your bids' });
    await expect(dialog.getByTestId('confirm-total')).toHaveText(`${screen.cost} pts`);
    if (screen.tile === 'DP Motor') {
      await expect(dialog).toContainText(OPEN_MARKET);
      await expect(dialog).toContainText('Double Pana');
      await expect(dialog).toContainText(E2E_TODAY.bidDate);
    }
    await page.keyboard.press('Escape');
    await confirmBids(page);
    await expect(wallet(page)).toHaveText(String(funds - screen.cost));
    const profile = await readProfile(page);
    expect(profile.wallet_amt).toBe(String(funds - screen.cost));
  });
}

test('Jodi Digit: a third digit is refused in the spec’s words, never cut to another number', async ({
  page,
  api,
  player,
}) => {
  await fundedPlayerOnHome(page, api, player, 100);
  await openBidScreen(page, OPEN_MARKET, 'Jodi Digit');
  const digit = page.getByLabel('Digit', { exact: true });
  await digit.pressSequentially('100');
  await expect(digit).toHaveValue('100');
  await expectToast(page, 'Number 100 is not valid');
  await page.getByLabel('Points', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expectToast(page, 'Number 100 is not valid');
  await expect(page.getByTestId('bid-row')).toHaveCount(0);
});

test('a refused submission keeps the list; a retry after a top-up is placed once', async ({
  page,
  api,
  player,
}) => {
  const operator = await fundedPlayerOnHome(page, api, player, 100);
  await openBidScreen(page, OPEN_MARKET, 'Single Digit');
  for (const digit of ['3', '7']) {
    await page.getByLabel('Digit', { exact: true }).fill(digit);
    await page.getByLabel('Points', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Proceed' }).click();
  }
  await expect(page.getByTestId('bid-row')).toHaveCount(2);
  // Meanwhile the wallet is spent elsewhere (another phone, an operator correction): the server refuses.
  const id = await operator.playerId(player.mobile);
  await operator.call('POST', `/admin-api/players/${id}/adjust`, {
    points: -90,
    reason: 'e2e: spent elsewhere',
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your bids' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Failed to place bid. Please try again.');
  await expectToast(page, "Sorry You Don't Have Sufficient Amount For This Bid");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('bid-row')).toHaveCount(2);
  expect((await readProfile(page)).wallet_amt).toBe('10');

  await operator.call('POST', `/admin-api/players/${id}/adjust`, { points: 90, reason: 'e2e: topped up' });
  await confirmBids(page);
  expect((await readProfile(page)).wallet_amt).toBe('60');
});

test('SP DP TP placed in part: the refused Single Pana part stays on the list', async ({
  page,
  api,
  player,
}) => {
  const operator = await fundedPlayerOnHome(page, api, player, 1000);
  await openBidScreen(page, OPEN_MARKET, 'SP DP TP');
  await page.getByLabel('Digit', { exact: true }).fill('5');
  await page.getByLabel('Points', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByTestId('bid-row')).toHaveCount(1);
  // 100 points left: enough for the Double (90) and Triple (10) Pana calls, whatever their order, never for
  // the Single Pana call (120).
  const id = await operator.playerId(player.mobile);
  await operator.call('POST', `/admin-api/players/${id}/adjust`, {
    points: -900,
    reason: 'e2e: spent elsewhere',
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your bids' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expectToast(page, 'Failed to place bid. Please try again.');
  await expect(page.getByTestId('bid-row')).toHaveCount(1);
  const panas = (await page.getByTestId('bid-panas').innerText()).trim().split(/\s+/);
  expect(panas).toHaveLength(12);
  await expect(wallet(page)).toHaveText('0');
  // What is left costs 120 against an empty wallet: the screen says so before asking the server.
  await expect(bidBalance(page)).toContainText('-120');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Not enough balance!');
  await expect(page.getByRole('dialog', { name: 'Confirm your bids' })).toHaveCount(0);
});

test('Market Rates lists the seven main rates', async ({ page, api, player }) => {
  await fundedPlayerOnHome(page, api, player, 0);
  await page.goto('/gameRates');
  const rows = page.getByRole('definition');
  await expect(rows).toHaveCount(7);
  await expect(page.getByRole('term')).toHaveText([
    'Single Digit',
    'Jodi Digit',
    'Single Pana',
    'Double Pana',
    'Triple Pana',
    'Half Sangam',
    'Full Sangam',
  ]);
  await expect(rows.first()).toHaveText('10-95');
});
