import { expect, test } from '../../support/fixtures.ts';
import { Business } from '../../support/business.ts';
import { createOperator, isPhone, shot, signIn } from '../../support/console.ts';
import { openReport, pts, totalsRow, unique } from '../../support/reports.ts';

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
