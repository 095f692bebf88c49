import { expect, test } from '../../support/fixtures.ts';
import { Business } from '../../support/business.ts';
import {
  atBothSizes,
  createOperator,
  csvOf,
  isPhone,
  openScreen,
  shot,
  signIn,
} from '../../support/console.ts';
import { openReport, pts, totalsRow, unique } from '../../support/reports.ts';
import { E2E_TODAY } from '../../support/server-env.ts';

// The desk's size and the phone's, one after the other in this one-at-a-time project (playwright.config.ts).
atBothSizes(() => {
  test('profit and loss, sell, winning and customer reports of a day with a declared result, filtered in the URL, with totals and CSV', async ({
    page,
    api,
    baseURL,
  }, info) => {
    // The market's open draw comes five minutes after the server's now; once the bids are in, the draws server's
    // clock is moved past it and its result declared.
    const business = await Business.start(api);
    const ravi = await business.player(1_000, unique('Ravi'));
    const sita = await business.player(1_000, unique('Sita'));
    const market = await business.market('RPT', ravi, 5);
    await business.bid(ravi, market, [
      { digits: '5', points: 100, session: 'open' },
      { digits: '3', points: 50, session: 'open' },
    ]);
    await business.bid(sita, market, [
      { digits: '5', points: 40, session: 'open' },
      { digits: '8', points: 10, session: 'close' },
    ]);
    const raviWins = await business.singleDigitPayout(100);
    const sitaWins = await business.singleDigitPayout(40);
    // 140: its digits add up to 5, so both bids on 5 win.
    await business.declareOpen(ravi, market, '140');
    const payouts = raviWins + sitaWins;
    const house = 200 - payouts;

    const owner = await createOperator(baseURL ?? '', 'owner');
    await signIn(page, owner);
    await openScreen(page, info, 'Reports');
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/reports\/profit-loss$/);
    // The range starts on the server's today, not the laptop's.
    await expect(page.getByLabel('From')).toHaveValue(E2E_TODAY.iso);
    await expect(page.getByLabel('To')).toHaveValue(E2E_TODAY.iso);
    await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByLabel('Market', { exact: true }).selectOption({ label: market.name });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`market_id=${market.id}`));
    const row = page.getByRole('row').filter({ hasText: market.name });
    await expect(row).toHaveCount(1);
    const cells = row.getByRole('cell');
    await expect(cells.nth(3)).toHaveText('4');
    await expect(cells.nth(4)).toHaveText(pts(200));
    await expect(cells.nth(5)).toHaveText(pts(10));
    await expect(cells.nth(6)).toHaveText('2');
    await expect(cells.nth(7)).toHaveText(pts(payouts));
    // The house paid out more than it took: a loss, in red with a minus.
    await expect(cells.nth(8)).toHaveText(`−${pts(-house)}`);
    await expect(cells.nth(8).locator('.money-out')).toBeVisible();
    const totals = totalsRow(page);
    await expect(totals).toContainText(pts(200));
    await expect(totals).toContainText(pts(payouts));
    await expect(page.getByText(/1\s+row,/)).toBeVisible();
    await shot(page, info, 'report-profit-loss');

    // Sorting is the server's and goes into the link (on a phone the header row is hidden behind the cards).
    if (isPhone(info)) await page.getByLabel('Sort by').selectOption({ label: 'Stakes' });
    else await page.getByRole('button', { name: 'Stakes', exact: true }).click();
    await expect(page).toHaveURL(/sort=stakes&dir=desc/);
    await expect(row).toBeVisible();

    // The export is the server's CSV of the same filters.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const csv = await csvOf(await download);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(market.name);
    expect(lines[1]).toContain('200');

    // A link with the filters shows the same rows: the winning report of this market.
    await page.goto(`/admin/reports/winning?market_id=${market.id}`);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    const winners = page.getByRole('row').filter({ hasText: 'Single Digit' });
    await expect(winners).toHaveCount(2);
    // Biggest payout first.
    await expect(winners.first()).toContainText(ravi.name);
    await expect(winners.first()).toContainText(pts(raviWins));
    await expect(winners.nth(1)).toContainText(sita.name);
    await expect(totalsRow(page)).toContainText('2 winners');
    await expect(totalsRow(page)).toContainText(pts(payouts));
    await shot(page, info, 'report-winning');

    // Each player's bids and what they came out with.
    await openReport(page, 'Customer sell');
    await expect(page).toHaveURL(/\/reports\/customer-sell$/);
    await page.getByLabel('Market', { exact: true }).selectOption({ label: market.name });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`market_id=${market.id}`));
    await expect(page.getByText(/2\s+rows,/)).toBeVisible();
    const raviRow = page.getByRole('row').filter({ hasText: ravi.name });
    await expect(raviRow).toContainText(pts(150));
    await expect(raviRow).toContainText(`+${pts(raviWins - 150)}`);
    await expect(totalsRow(page)).toContainText('2 players');
    await shot(page, info, 'report-customer-sell');

    // The sell report splits the market by bet type and session.
    await page.goto(`/admin/reports/sell?market_id=${market.id}&session=open`);
    const sell = page.getByRole('row').filter({ hasText: market.name });
    await expect(sell).toHaveCount(1);
    await expect(sell).toContainText('Open');
    await expect(sell).toContainText(pts(190));
    await expect(page.getByLabel('Session')).toHaveValue('open');
    await shot(page, info, 'report-sell');
  });
});
