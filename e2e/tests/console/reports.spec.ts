import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';
import { Business } from '../../support/business.ts';
import { createOperator, csvOf, isPhone, openScreen, shot, signIn } from '../../support/console.ts';
import { E2E_TODAY } from '../../support/server-env.ts';

const indian = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Points as the console shows them: Indian grouping, two decimals. */
const pts = (points: number) => indian.format(points);

async function openReport(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Reports' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/** A name no other test running at the same time uses. */
const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 6)}`;

function totalsRow(page: Page) {
  return page.getByRole('row').filter({ hasText: /^Total/ });
}

test('profit and loss, sell, winning and customer reports of a day with a declared result, filtered in the URL, with totals and CSV', async ({
  page,
  api,
  baseURL,
}, info) => {
  // The market's open draw comes a minute or two after the server's now; its result is declared after it.
  test.setTimeout(300_000);
  const business = await Business.start(api);
  const ravi = await business.player(1_000, unique('Ravi'));
  const sita = await business.player(1_000, unique('Sita'));
  const market = await business.market('RPT', ravi, 1);
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

test('wallet, wallet by day, transfers, deposits and withdrawals reports of two players', async ({
  page,
  api,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const business = await Business.start(api);
  const asha = await business.player(500, unique('Asha'));
  const bala = await business.player(0, unique('Bala'));
  await business.deposit(asha, 300, true);
  await business.deposit(asha, 200, false);
  await business.transfer(asha, bala, 100);

  const owner = await createOperator(baseURL ?? '', 'owner');
  await signIn(page, owner);

  // Asha's wallet today: 500 credited by an operator and 300 deposited, 100 sent to Bala.
  await page.goto(`/admin/reports/wallet?player_id=${asha.id}`);
  const wallet = page.getByRole('row').filter({ hasText: asha.name });
  await expect(wallet).toHaveCount(1);
  const cells = wallet.getByRole('cell');
  await expect(cells.nth(1)).toHaveText(pts(0));
  await expect(cells.nth(2)).toHaveText(`+${pts(800)}`);
  await expect(cells.nth(3)).toHaveText(`−${pts(100)}`);
  await expect(cells.nth(4)).toHaveText(pts(700));
  await expect(cells.nth(5)).toHaveText(`+${pts(300)}`);
  await expect(cells.nth(9)).toHaveText(`−${pts(100)}`);
  await expect(cells.nth(10)).toHaveText(`+${pts(500)}`);
  await shot(page, info, 'report-wallet');

  // All wallets, day by day, over the last week: a chart of money in and out.
  await openReport(page, 'Wallet by day');
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/from=2026-11-14&to=2026-11-20/);
  await expect(page.getByRole('figure', { name: 'Money into and out of all wallets per day' })).toBeVisible();
  await expect(page.getByText(/7\s+rows,/)).toBeVisible();
  await shot(page, info, 'report-wallet-daily');

  // The range goes along to the next report.
  await openReport(page, 'Transfers');
  await expect(page).toHaveURL(/\/reports\/transfers\?from=2026-11-14&to=2026-11-20$/);
  await page.getByLabel('Player id').fill(String(bala.id));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`player_id=${bala.id}`));
  const transfer = page.getByRole('row').filter({ hasText: asha.name });
  await expect(transfer).toHaveCount(1);
  await expect(transfer).toContainText(bala.name);
  await expect(transfer).toContainText(pts(100));
  await expect(totalsRow(page)).toContainText('1 transfer');
  await shot(page, info, 'report-transfers');

  await page.goto(`/admin/reports/deposits?player_id=${asha.id}`);
  await expect(page.getByRole('row').filter({ hasText: asha.name })).toHaveCount(2);
  const summary = page.getByRole('definition');
  await expect(summary.first()).toContainText(`+${pts(300)}`);
  await expect(summary.nth(1)).toContainText(pts(200));
  await page.getByLabel('Status').selectOption('pending');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/status=pending/);
  const pending = page.getByRole('row').filter({ hasText: asha.name });
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('Pending');
  await expect(pending).toContainText(pts(200));
  await shot(page, info, 'report-deposits');

  await openReport(page, 'Withdrawals');
  await page.getByLabel('Player id').fill(String(asha.id));
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No withdrawal requests on these days.')).toBeVisible();
  if (!isPhone(info)) await shot(page, info, 'report-withdrawals');
});
