import { Business } from '../support/business.ts';
import { bidBalance, fundedPlayerOnHome, openBidScreen } from '../support/bidding.ts';
import { expect, expectToast, test } from '../support/fixtures.ts';

/**
 * Full Sangam pays 100000 for 10 (the seeded main rates): 10 points may owe 1,00,000 points. The cap of 10,00,000
 * points owed per number lets 100 points through, far above what other tests stake on one number of a draw, and
 * it is removed at the end; the bids go on a market of this test's own, so no other test's draw is near it.
 */
const CAP_PAISE = 100_000_000;

test('a slip partly refused at a number’s liability cap keeps the refused row, marked, and says what was placed', async ({
  page,
  api,
  player,
}) => {
  const business = await Business.start(api);
  const market = await business.market('CAPS', await business.player(0));
  await business.operator.call('PATCH', '/admin-api/caps', {
    group: 'main',
    caps: { full_sangam: CAP_PAISE },
  });
  try {
    await fundedPlayerOnHome(page, api, player, 1_000);
    await openBidScreen(page, market.name, 'Full Sangam');
    const add = async (open: string, close: string, points: number) => {
      await page.getByLabel('Open Pana', { exact: true }).fill(open);
      await page.getByLabel('Close Pana', { exact: true }).fill(close);
      await page.getByLabel('Points', { exact: true }).fill(String(points));
      await page.getByRole('button', { name: 'Proceed' }).click();
    };
    await add('123', '456', 200);
    await add('124', '567', 10);
    await expect(page.getByTestId('bid-row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();

    await expectToast(page, 'Bid placed successfully!');
    await expectToast(page, 'Placed 1 bid for 10 pts. 1 bid was not placed and stays in your list.');
    const rows = page.getByTestId('bid-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('123');
    await expect(rows.first()).toContainText('456');
    await expect(rows.first().getByTestId('bid-refusal')).toHaveText('Limit reached for 123-456');
    await expect(page.getByRole('status').filter({ hasText: 'Placed 1 bid for 10 pts.' })).toHaveText(
      'Placed 1 bid for 10 pts. 1 bid was not placed and stays in your list.',
    );
    await expect(page.getByTestId('bid-total')).toHaveText('1 bid · 200 pts');
    // Only the placed row was paid for: the wallet lost 10, and the kept row would take 200 more.
    await expect(page.getByTestId('wallet-amount')).toHaveText('990');
    await expect(bidBalance(page)).toHaveText('After this slip: 790 pts');
    // The slip's end, past the sticky Submit bar: the refused row and its message.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.screenshot({ path: test.info().outputPath('bid-refused.png') });

    // Lowered to what fits, the kept row goes through and the slip clears.
    await page.getByRole('button', { name: 'Delete bid 123' }).click();
    await expect(page.getByTestId('bid-partly')).toHaveCount(0);
    await add('123', '456', 50);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Bid placed successfully!');
    await expect(page.getByTestId('bid-row')).toHaveCount(0);
    await expect(page.getByTestId('wallet-amount')).toHaveText('940');
  } finally {
    await business.operator.call('PATCH', '/admin-api/caps', { group: 'main', caps: { full_sangam: null } });
  }
});
