import { expect, expectToast, startSession, test } from '../support/fixtures.ts';
import { fundedLogin, marketCard, placeOneBid } from '../support/groups.ts';

/** DELHI BAZAR draws at 03:00 PM: open at the e2e clock (12:00 IST). */
const MARKET = 'DELHI BAZAR';

const screens = [
  { tile: 'Left Digit', url: /\/leftdigit$/, value: '4', points: 20 },
  { tile: 'Right Digit', url: /\/rightdigit$/, value: '7', points: 10 },
  { tile: 'Jodi Digit', url: /\/jodidigit$/, value: '47', points: 15 },
] as const;

test.describe('Gali Disawar', () => {
  for (const screen of screens) {
    test(`a ${screen.tile} bid on DELHI BAZAR debits the wallet and shows in Gali bids`, async ({
      page,
      api,
      player,
    }) => {
      await fundedLogin(page, api, player, 300);
      await page.goto('/gali');
      await expect(page.getByRole('heading', { name: 'KING GALI' })).toBeVisible();
      await marketCard(page, MARKET).getByRole('button', { name: 'Play Game' }).click();
      await expect(page).toHaveURL(/\/galiallgame$/);
      await expect(page.getByRole('heading', { name: MARKET })).toBeVisible();
      await page.getByRole('button', { name: screen.tile, exact: true }).click();
      await expect(page).toHaveURL(screen.url);

      await placeOneBid(page, 'Digit', screen.value, screen.points);
      await expect(page.getByTestId('wallet-amount')).toHaveText(String(300 - screen.points));

      await page.goto('/impbid');
      await expect(page.getByRole('heading', { name: 'GALI DISAWAR BIDS' })).toBeVisible();
      const entry = page.getByTestId('history-entry');
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText(MARKET);
      await expect(entry).toContainText(screen.tile);
      await expect(entry).toContainText(screen.value);
      await expect(entry).toContainText(`${screen.points} pts`);
    });
  }

  test('the list shows the three rates, histories, a chart in a new tab, status and game time', async ({
    page,
    player,
  }) => {
    await startSession(page, player);
    await page.goto('/gali');
    const rates = page.getByRole('region', { name: 'Gali Disawar Rates' });
    await expect(rates).toContainText('Left Digit');
    await expect(rates).toContainText('Right Digit');
    await expect(rates).toContainText('Jodi Digit');
    await expect(rates).toContainText('10-950');
    await expect(page.getByRole('link', { name: 'Bid-History' })).toHaveAttribute('href', '/impbid');
    await expect(page.getByRole('link', { name: 'Win History' })).toHaveAttribute('href', '/impwin');
    const chart = page.getByRole('link', { name: 'Chart' });
    await expect(chart).toHaveAttribute('href', '/charts?group=gali');
    await expect(chart).toHaveAttribute('target', '_blank');

    const card = marketCard(page, MARKET);
    await expect(card).toContainText('Market Open for today');
    await card.getByRole('button', { name: 'Game time' }).click();
    const times = page.getByRole('dialog', { name: MARKET });
    await expect(times).toContainText('Market Open for today');
    await expect(times).toContainText('Friday');
    await expect(times).toContainText('OPEN RESULT TIME');
    await expect(times).toContainText('OPEN BID LAST TIME');
    await expect(times.getByText('03:00 PM')).toHaveCount(2);
    await times.getByRole('button', { name: 'OK' }).click();
    await expect(times).toBeHidden();
  });

  test('the bet-type menu refuses once the draw time has passed', async ({ page, player }) => {
    await startSession(page, player);
    await page.goto('/gali');
    await expect(marketCard(page, MARKET)).toBeVisible();
    await page.evaluate(() => {
      const state = {
        usr: { gameId: 25, openTime: '11:00 AM', gameName: 'EARLY GALI' },
        key: 'stale',
        idx: 1,
      };
      window.history.pushState(state, '', '/galiallgame');
      window.dispatchEvent(new PopStateEvent('popstate', { state }));
    });
    await expect(page.getByRole('heading', { name: 'EARLY GALI' })).toBeVisible();
    await page.getByRole('button', { name: 'Jodi Digit', exact: true }).click();
    await expectToast(page, 'Bidding is closed for Jodi Digit');
    await expect(page).toHaveURL(/\/galiallgame$/);
  });

  test('bid and win histories: dates default to today, a range without bids shows NO DATA FOUND', async ({
    page,
    player,
  }) => {
    await startSession(page, player);
    for (const [path, title] of [
      ['/impbid', 'GALI DISAWAR BIDS'],
      ['/impwin', 'GALI DISAWAR WINS'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-11-20');
      await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-11-20');
      await expect(page.getByText('NO DATA FOUND')).toBeVisible();
      await page.getByLabel('From', { exact: true }).fill('2026-10-01');
      await page.getByLabel('To', { exact: true }).fill('2026-10-31');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('NO DATA FOUND')).toBeVisible();
    }
  });
});
