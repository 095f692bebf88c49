import { fundsMessages } from '@gama/core/contract/funds-messages';
import { formatClockTime, parseClockTime, zonedParts } from '@gama/core/rules/time';
import { fundedPlayerOnHome, openBidScreen, readProfile } from '../support/bidding.ts';
import { advanceServerClock, secondsUntilMinute } from '../support/clock.ts';
import { expect, expectToast, test } from '../support/fixtures.ts';
import { E2E_TODAY } from '../support/server-env.ts';

const ZONE = 'Asia/Kolkata';

test('a real win: open Single Digit bid before the open time, both halves declared, win history and home result', async ({
  page,
  api,
  player,
  baseURL,
}) => {
  // The market opens and closes five minutes after the server's now; once the bid is in, the draws server's
  // clock is moved past that minute and both halves can be declared.
  const operator = await fundedPlayerOnHome(page, api, player, 100);

  const openMinutes = zonedParts(new Date((await readProfile(page)).server_time), ZONE).minutes + 5;
  const openTime = formatClockTime(openMinutes);
  const closeTime = openTime;
  const name = `E2E WIN ${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
  const marketId = await operator.createMainMarket(name, openTime, closeTime);

  // The home list polls every 5 s; the new market shows up without a reload.
  const card = page
    .getByTestId('market-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('market-result')).toHaveText('***-**-***');
  await openBidScreen(page, name, 'Single Digit');
  await expect(page.getByRole('radio', { name: 'Open' })).toBeChecked();
  await page.getByLabel('Digit', { exact: true }).fill('6');
  await page.getByLabel('Points', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your bids' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expectToast(page, 'Bid placed successfully!');
  await expect(page.getByTestId('wallet-amount')).toHaveText('90');

  const closeMinutes = parseClockTime(closeTime) ?? 0;
  const now = new Date((await readProfile(page)).server_time);
  await advanceServerClock(baseURL ?? '', secondsUntilMinute(now, closeMinutes));
  await operator.declare(marketId, E2E_TODAY.iso, 'open', '123');
  await operator.declare(marketId, E2E_TODAY.iso, 'close', '456');

  await page.goto('/imp3');
  const win = page.getByTestId('history-entry');
  await expect(win).toHaveCount(1);
  await expect(win).toContainText('Congratulations You Won');
  await expect(win).toContainText(name);
  await expect(win).toContainText('Single Digit');
  await expect(win).toContainText('95 pts');
  await expect(page.getByTestId('wallet-amount')).toHaveText('185');

  await page.goto('/imp');
  await expect(card.getByTestId('market-result')).toHaveText('123-65-456');

  // The result was wrong, and the winnings are spent by the time the operator reverts it (D7): the reversal
  // takes what the wallet holds and the rest becomes a debt the app explains on every screen.
  const id = await operator.playerId(player.mobile);
  await operator.call('POST', `/admin-api/players/${id}/adjust`, { points: -180, reason: 'e2e: spent' });
  await operator.revert(marketId, E2E_TODAY.iso, 'open');
  await page.reload();
  const banner = page.getByTestId('debt-banner');
  await expect(banner).toContainText(fundsMessages.debtBlocked('90'));
  await expect(page.getByTestId('wallet-amount')).toHaveText('0');
  await expect(card.getByTestId('market-result')).toHaveText('***-**-***');
  await page.goto('/imp3');
  await expect(page.getByText('NO DATA FOUND')).toBeVisible();
  await expect(banner).toBeVisible();

  // Funds clear the debt first; the banner goes.
  await operator.fund(player.mobile, 100);
  await page.goto('/imp');
  await expect(page.getByTestId('wallet-amount')).toHaveText('10');
  await expect(banner).toBeHidden();
});
