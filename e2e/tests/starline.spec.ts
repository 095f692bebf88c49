import { expect, expectToast, startSession, test } from '../support/fixtures.ts';
import { fundedLogin, marketCard, placeOneBid } from '../support/groups.ts';

/** At the e2e clock (12:00 IST) the 01:00 PM slot is open and the 12:00 PM slot has just closed. */
const OPEN_SLOT = '01:00 PM';
const CLOSED_SLOT = '12:00 PM';

const screens = [
  { tile: 'Single Digit', url: /\/starsingle$/, field: 'Digit', value: '7', points: 20 },
  // Decision D1: Starline Single Pana takes the 120 single panas.
  { tile: 'Single Pana', url: /\/ssinglepana$/, field: 'Pana', value: '128', points: 10 },
  { tile: 'Double Pana', url: /\/sdoublepana$/, field: 'Pana', value: '112', points: 15 },
  { tile: 'Triple Pana', url: /\/stripplepana$/, field: 'Pana', value: '777', points: 10 },
] as const;

test.describe('Starline', () => {
  for (const screen of screens) {
    test(`a ${screen.tile} bid on the 01:00 PM slot debits the wallet and shows in Starline bids`, async ({
      page,
      api,
      player,
    }) => {
      await fundedLogin(page, api, player, 500);
      await page.goto('/star');
      await expect(page.getByRole('heading', { name: 'KING STARLINE' })).toBeVisible();
      await marketCard(page, OPEN_SLOT).getByRole('button', { name: 'Play' }).click();
      await expect(page).toHaveURL(/\/stargame$/);
      await expect(page.getByRole('heading', { name: OPEN_SLOT })).toBeVisible();
      await page.getByRole('button', { name: screen.tile, exact: true }).click();
      await expect(page).toHaveURL(screen.url);
      await expect(page.getByLabel('Date', { exact: true })).toHaveValue('20-November-2026');

      await placeOneBid(page, screen.field, screen.value, screen.points);
      await expect(page.getByTestId('wallet-amount')).toHaveText(String(500 - screen.points));

      await page.goto('/imp5');
      await expect(page.getByRole('heading', { name: 'STARLINE BIDS' })).toBeVisible();
      const entry = page.getByTestId('history-entry');
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText(OPEN_SLOT);
      await expect(entry).toContainText(screen.tile);
      await expect(entry).toContainText(screen.value);
      await expect(entry).toContainText(`${screen.points} pts`);
    });
  }

  test('Single Pana refuses a double pana (D1: the 120 single panas only) and words the balance message its own way', async ({
    page,
    api,
    player,
  }) => {
    await fundedLogin(page, api, player, 100);
    await page.goto('/star');
    await marketCard(page, OPEN_SLOT).getByRole('button', { name: 'Play' }).click();
    await page.getByRole('button', { name: 'Single Pana', exact: true }).click();
    await page.getByLabel('Pana', { exact: true }).fill('112');
    await page.getByLabel('Points', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expectToast(page, 'Number 112 is not valid');
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
    // This screen alone words the balance message with a comma (spec 02 section 5).
    await page.getByLabel('Pana', { exact: true }).fill('128');
    await page.getByLabel('Points', { exact: true }).fill('200');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expectToast(page, 'Insufficient balance, please refill your account');
    await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  });

  test('the list shows rates, histories, the chart link and slot results', async ({ page, player }) => {
    await startSession(page, player);
    await page.goto('/star');
    const rates = page.getByRole('region', { name: 'Starline Rates' });
    await expect(rates).toContainText('Single Digit');
    await expect(rates).toContainText('10-95');
    await expect(rates).toContainText('Triple Pana');
    await expect(page.getByRole('link', { name: 'Bid-History' })).toHaveAttribute('href', '/imp5');
    await expect(page.getByRole('link', { name: 'Win History' })).toHaveAttribute('href', '/imp6');
    await expect(page.getByRole('link', { name: 'Chart' })).toHaveAttribute('href', '/charts?group=starline');
    await expect(marketCard(page, OPEN_SLOT)).toContainText('Open for today');
    await expect(marketCard(page, CLOSED_SLOT)).toContainText('Closed for today');
  });

  test('Play on a closed slot shows the Sorry! popup and stays on the list', async ({ page, player }) => {
    await startSession(page, player);
    await page.goto('/star');
    await marketCard(page, CLOSED_SLOT).getByRole('button', { name: 'Play' }).click();
    const popup = page.getByRole('dialog', { name: 'Sorry!' });
    await expect(popup).toContainText('Oops! Market is closed for today');
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
    await expect(page).toHaveURL(/\/star$/);
  });

  test('the bet-type menu refuses a slot whose draw time has passed', async ({ page, player }) => {
    await startSession(page, player);
    await page.goto('/star');
    await expect(marketCard(page, CLOSED_SLOT)).toBeVisible();
    // The list never offers a closed slot, so the menu is reached the way a stale screen would reach it.
    await page.evaluate((slot) => {
      const state = { usr: { gameId: 14, openTime: slot, gameName: slot }, key: 'stale', idx: 1 };
      window.history.pushState(state, '', '/stargame');
      window.dispatchEvent(new PopStateEvent('popstate', { state }));
    }, CLOSED_SLOT);
    await expect(page.getByRole('heading', { name: CLOSED_SLOT })).toBeVisible();
    await page.getByRole('button', { name: 'Double Pana', exact: true }).click();
    await expectToast(page, 'Bidding is closed for Double Pana');
    await expect(page).toHaveURL(/\/stargame$/);
  });

  test('bid and win histories: dates default to today, a range without bids shows NO DATA FOUND', async ({
    page,
    player,
  }) => {
    await startSession(page, player);
    for (const [path, title] of [
      ['/imp5', 'STARLINE BIDS'],
      ['/imp6', 'STARLINE WINS'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-11-20');
      await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-11-20');
      await page.getByLabel('From', { exact: true }).fill('2026-11-01');
      await page.getByLabel('To', { exact: true }).fill('2026-11-07');
      // Whatever the browser's locale (its own text is covered), the fields read day first.
      const from = page.getByLabel('From', { exact: true });
      await expect(from.locator('..')).toHaveText('01 Nov 2026');
      await expect(page.getByLabel('To', { exact: true }).locator('..')).toHaveText('07 Nov 2026');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('NO DATA FOUND')).toBeVisible();
    }
  });
});
