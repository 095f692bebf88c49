import { expect, test } from '../../support/fixtures.ts';
import { Business } from '../../support/business.ts';
import { createOperator, isPhone, openScreen, PHONE, shot, signIn } from '../../support/console.ts';

test('the dashboard is the owner’s landing page and shows today live: stakes per market, the next draw’s exposure', async ({
  page,
  api,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const business = await Business.start(api);
  const player = await business.player(1_000);
  const market = await business.market('DASH', player);
  await business.bid(player, market, [
    { digits: '5', points: 100, session: 'open' },
    { digits: '3', points: 50, session: 'open' },
    { digits: '5', points: 20, session: 'close' },
  ]);
  const pays = await business.singleDigitPayout(100);

  const owner = await createOperator(baseURL ?? '', 'owner');
  await signIn(page, owner);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(/Live, updated/)).toBeVisible();

  // Today's figures per market, from the bids just placed.
  const row = page.getByRole('row').filter({ hasText: market.name });
  await expect(row).toContainText('170.00');
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');

  // The open draw takes bids; its costliest number is 5, which would pay what the rate says.
  const draw = page.getByRole('article', { name: `${market.name} open` });
  await expect(draw).toContainText('Taking bids');
  await expect(draw).toContainText('2 bids');
  await expect(draw).toContainText('150.00 staked');
  const costliest = draw.getByRole('listitem').first();
  await expect(costliest).toContainText('5 Single Digit');
  await expect(costliest).toContainText(
    `pays ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(pays)}`,
  );
  // Paying more than it took, the number is marked as a loss for the house.
  await expect(costliest.locator('.money-out')).toHaveCount(pays > 150 ? 1 : 0);

  // The chart of stakes by hour is there for eyes, and as a table for screen readers.
  await expect(page.getByRole('figure', { name: 'Stakes placed in each hour of today' })).toBeVisible();

  // The group table shows all its columns, none cut at the card's edge.
  const groups = page.getByRole('table', { name: "Today's bids by group" });
  await expect(groups).toBeVisible();
  const cut = await groups.evaluate((table) => {
    const box = table.closest('section') ?? table.parentElement;
    return box ? table.getBoundingClientRect().right > box.getBoundingClientRect().right + 1 : false;
  });
  expect(cut).toBe(false);

  await shot(page, info, 'dashboard');

  // Live: a bid placed now shows up on the next refresh (every 15 s) without a reload.
  await business.bid(player, market, [{ digits: '7', points: 30, session: 'open' }]);
  await expect(row).toContainText('200.00', { timeout: 45_000 });
  await expect(draw).toContainText('3 bids');
});

test(
  'a cashier lands on the deposit queue and reads the money reports, not the others',
  PHONE,
  async ({ page, baseURL }, info) => {
    const cashier = await createOperator(baseURL ?? '', 'cashier');
    await signIn(page, cashier);
    await expect(page).toHaveURL(/\/admin\/deposits(\?.*)?$/);
    await expect(page.getByRole('heading', { name: 'Deposits', level: 1 })).toBeVisible();
    await openScreen(page, info, 'Reports');
    await expect(page).toHaveURL(/\/admin\/reports\/wallet$/);
    await expect(page.getByRole('navigation', { name: 'Reports' }).getByRole('link')).toHaveText([
      'Wallet',
      'Wallet by day',
      'Deposits',
      'Withdrawals',
    ]);
    // Rows that scroll sideways on a phone (the tabs, the periods) show that they do.
    for (const row of [
      page.getByRole('navigation', { name: 'Reports' }),
      page.getByRole('group', { name: 'Period' }),
    ]) {
      expect(await row.evaluate((el) => getComputedStyle(el).scrollbarWidth)).not.toBe('none');
      // Phones draw no bar until the row moves: its right edge fades instead.
      if (isPhone(info))
        expect(await row.evaluate((el) => getComputedStyle(el).maskImage)).toContain('linear-gradient');
    }
    await shot(page, info, 'reports-cashier');
    // The others are not theirs (the server refuses them too, apps/api reports.test.ts).
    await page.goto('/admin/reports/profit-loss');
    await expect(page).toHaveURL(/\/admin\/reports\/wallet$/);
  },
);
