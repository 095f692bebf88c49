import type { Locator, Page } from '@playwright/test';
import { bidBalance, fundedPlayerOnHome } from '../support/bidding.ts';
import { expect, expectToast, test } from '../support/fixtures.ts';
import { freshPayoutNumber, savePayoutNumber } from '../support/funds.ts';

// At the e2e clock (Friday 12:00 IST) TIME BAZAR (01:00-02:00 PM) takes every bet type.
const OPEN_MARKET = 'TIME BAZAR';

/** Twelve digits no other test run uses. */
const freshUtr = () => `${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(-12);

/** This phone shows Hindi from now on, as if the player had picked हिन्दी (hindi.spec.ts covers the switch). */
async function showHindi(page: Page): Promise<void> {
  await page.evaluate(() => window.localStorage.setItem('gama.language', 'hi'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
}

/** None of these English labels is left on the screen's main part. */
async function expectNoEnglish(main: Locator, labels: readonly string[]): Promise<void> {
  const text = (await main.innerText()).replace(/\s+/g, ' ');
  expect(labels.filter((label) => new RegExp(`\\b${label}\\b`).test(text))).toEqual([]);
}

test('in Hindi a player bids on a main market, adds funds through UPI and the UTR, withdraws and reads bid history', async ({
  page,
  context,
  api,
  player,
}) => {
  const payout = freshPayoutNumber(player);
  await fundedPlayerOnHome(page, api, player, 5000);
  await savePayoutNumber(api, player, '2', payout);
  await showHindi(page);
  const main = page.locator('main');
  const wallet = page.getByTestId('wallet-amount');
  await expect(wallet).toHaveText('5000');

  // The game menu: bet-type names stay as players know them, the words around them are Hindi.
  const card = page
    .getByTestId('market-card')
    .filter({ has: page.getByRole('heading', { name: OPEN_MARKET, exact: true }) });
  await card.getByRole('button', { name: new RegExp(OPEN_MARKET) }).click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(main.getByText('गेम का प्रकार चुनें')).toBeVisible();
  await expectNoEnglish(main, ['Select a game type', 'Closed']);
  await page.getByRole('button', { name: 'Single Digit', exact: true }).click();

  // The bid screen and its slip.
  await expect(page.getByLabel('तारीख', { exact: true })).toBeVisible();
  await page.getByLabel('Digit', { exact: true }).fill('4');
  await page.getByLabel('अंक', { exact: true }).fill('200');
  await expect(page.getByLabel('अंक', { exact: true })).toHaveAttribute('placeholder', 'अंक डालें');
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
  await expect(page.getByTestId('bid-row')).toHaveCount(1);
  await expect(page.getByTestId('bid-row')).toContainText('200 अंक');
  await expect(page.getByTestId('bid-row').getByRole('button', { name: '4 की बोली हटाएं' })).toBeVisible();
  await expect(bidBalance(page)).toHaveText('इस स्लिप के बाद: 4800 अंक');
  await expect(page.getByRole('heading', { name: 'आपकी बोलियां' })).toBeVisible();
  await expect(page.getByTestId('bid-total')).toHaveText('1 बोली · 200 अंक');
  await page.screenshot({ path: test.info().outputPath('hindi-bid-slip.png'), fullPage: true });
  await expectNoEnglish(main, [
    'Date',
    'Points',
    'Enter points',
    'Proceed',
    'Your bids',
    'Submit',
    'pts',
    'bid',
  ]);

  await page.getByRole('button', { name: 'सबमिट करें' }).click();
  const dialog = page.getByRole('dialog', { name: 'अपनी बोलियों की पुष्टि करें' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('गेम का नाम');
  await expect(dialog).toContainText('बोलियों की संख्या');
  await expect(dialog.getByTestId('confirm-total')).toHaveText('200 अंक');
  // The spec's warning that a placed bid stays placed, in Hindi too.
  await expect(dialog).toContainText('बोली एक बार लग जाने के बाद किसी भी हालत में रद्द नहीं हो सकती।');
  await page.screenshot({ path: test.info().outputPath('hindi-bid-confirm.png') });
  await expectNoEnglish(dialog, [
    'Game name',
    'Game type',
    'Number of bids',
    'Total points',
    'CANCEL',
    'Confirm',
    'Once a bid is placed',
    'cannot be cancelled',
  ]);
  await dialog.getByRole('button', { name: 'पुष्टि करें' }).click();
  await expectToast(page, 'बोली लग गई!');
  await expect(dialog).toBeHidden();
  await expect(wallet).toHaveText('4800');

  // The add-funds menu's hints, then a UPI app: the request, then its UTR.
  await page.goto('/imp9');
  await expect(main.getByText('PhonePe, Google Pay, Paytm या कोई दूसरा UPI ऐप')).toBeVisible();
  await expect(main.getByText('अपने UPI ऐप से हमारा QR कोड स्कैन करें')).toBeVisible();
  await expectNoEnglish(main, ['Scan our QR code from your UPI app']);
  await page.goto('/payviaupi');
  await expect(page.getByRole('heading', { name: 'UPI ऐप से' })).toBeVisible();
  await page.getByLabel('रकम', { exact: true }).fill('250');
  await expect(page.getByRole('heading', { name: 'अपना UPI ऐप चुनें' })).toBeVisible();
  await page.getByRole('radio', { name: 'Google Pay' }).click();
  await page.screenshot({ path: test.info().outputPath('hindi-pay-via-upi.png'), fullPage: true });
  await expectNoEnglish(main, ['Amount', 'Choose your UPI app', 'Add Money', 'Other UPI Gateway']);
  await page.getByRole('button', { name: 'पैसे जोड़ें' }).click();
  await expectToast(page, 'फंड अनुरोध भेज दिया गया। मंज़ूरी के बाद जमा हो जाएगा।');
  await expect(page.getByRole('link', { name: 'UTR डालें' })).toBeVisible();

  // Headless Chromium holds the tab that tried the upi: scheme (see funds.spec.ts): carry on in a new one.
  const next = await context.newPage();
  const nextMain = next.locator('main');
  await next.goto('/imp9');
  await expect(next.getByRole('heading', { name: 'फंड जोड़ें' })).toBeVisible();
  const pending = next.getByTestId('pending-deposit');
  await expect(pending).toContainText('250 अंक');
  await expect(pending).toContainText('UTR चाहिए');
  await expect(next.getByRole('region', { name: 'वॉलेट' })).toContainText('वॉलेट बैलेंस');
  await next.screenshot({ path: test.info().outputPath('hindi-add-funds.png'), fullPage: true });
  await expectNoEnglish(nextMain, ['Waiting for approval', 'UTR needed', 'Requested', 'Enter UTR', 'points']);
  await pending.getByRole('link', { name: 'UTR डालें' }).click();
  await expect(next.getByRole('heading', { name: 'भुगतान की पुष्टि करें' })).toBeVisible();
  const utrField = next.getByLabel('UTR नंबर', { exact: true });
  await utrField.fill('12345');
  await next.getByRole('button', { name: 'UTR भेजें' }).click();
  // The spec's message, in Hindi, under its field.
  await expect(next.getByText('अपने पेमेंट ऐप में दिखा 12 अंकों का UTR (UPI ट्रांज़ैक्शन नंबर) डालें')).toBeVisible();
  await next.screenshot({ path: test.info().outputPath('hindi-utr.png'), fullPage: true });
  await expectNoEnglish(nextMain, [
    'UTR number',
    'Payment screenshot',
    'Attach screenshot',
    'Submit UTR',
    'Request',
  ]);
  const utr = freshUtr();
  await utrField.fill(utr);
  await next.getByRole('button', { name: 'UTR भेजें' }).click();
  await expectToast(next, 'UTR भेज दिया गया। जांच के बाद आपकी जमा राशि आ जाएगी।');
  await expect(next).toHaveURL(/\/imp9$/);
  await expect(pending).toContainText('UTR भेजा गया');

  // A withdrawal to the saved Google Pay number.
  await next.goto('/withdraw');
  await expect(next.getByRole('heading', { name: 'फंड निकालें' })).toBeVisible();
  await expect(nextMain).toContainText('कम से कम');
  await next.getByLabel('रकम', { exact: true }).fill('600');
  await expect(next.getByRole('combobox', { name: 'भुगतान का तरीका' }).locator('option:checked')).toHaveText(
    `Google Pay - ${payout}`,
  );
  await next.screenshot({ path: test.info().outputPath('hindi-withdraw.png'), fullPage: true });
  await expectNoEnglish(nextMain, ['Amount', 'Payment Method', 'Withdraw', 'Withdrawals from', 'Minimum']);
  await next.getByRole('button', { name: 'निकालें', exact: true }).click();
  await expectToast(next, 'निकासी का अनुरोध भेज दिया गया');
  await expect(next).toHaveURL(/\/imp$/);
  await expect(next.getByTestId('wallet-amount')).toHaveText('4200');

  // Bid history: today's bid, in Hindi around its Latin names.
  await next.goto('/imp4');
  await expect(next.getByRole('heading', { name: 'बोली का इतिहास' })).toBeVisible();
  await expect(next.getByLabel('से', { exact: true })).toBeVisible();
  await expect(next.getByLabel('तक', { exact: true })).toBeVisible();
  const entry = next.getByTestId('history-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(OPEN_MARKET);
  await expect(entry).toContainText('Single Digit');
  await expect(entry).toContainText('200 अंक');
  await next.screenshot({ path: test.info().outputPath('hindi-bid-history.png'), fullPage: true });
  await expectNoEnglish(nextMain, ['From', 'To', 'Submit', 'pts', 'NO DATA FOUND']);
});
