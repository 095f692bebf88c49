import sharp from 'sharp';
import { expect, expectFieldError, expectToast, startSession, test } from '../support/fixtures.ts';
import { Operator } from '../support/funds.ts';

/** A phone-shaped screenshot, as a player's gallery would hold it. */
async function screenshot(): Promise<Buffer> {
  return sharp({ create: { width: 540, height: 1200, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
}

/** Twelve digits no other test run uses. */
const freshUtr = () => `${Date.now()}${Math.floor(Math.random() * 90 + 10)}`.slice(-12);

test('after paying by UPI the player enters the UTR and a screenshot; the operator sees them and approves', async ({
  page: payPage,
  context,
  api,
  player,
}) => {
  let page = payPage;
  const operator = await Operator.login(api);
  await startSession(page, player);
  await page.goto('/payviaupi');
  await page.getByLabel('Amount', { exact: true }).fill('250');
  await page.getByRole('radio', { name: 'Google Pay' }).click();
  await page.getByRole('button', { name: 'Add Money' }).click();
  await expectToast(page, 'Fund request submitted. It will be credited after approval.');
  const [request] = await operator.deposits(player.mobile);
  expect(request).toMatchObject({ amount: '250', utr: null, has_screenshot: false });
  const enter = page.getByRole('link', { name: 'Enter UTR' });
  await expect(enter).toHaveAttribute('href', `/payutr?request=${request?.id}`);

  // Headless Chromium holds the tab that tried the upi: scheme behind an invisible prompt (see funds.spec.ts);
  // on a phone the player comes back from the UPI app. The Add Funds screen offers the step too.
  page = await context.newPage();
  await page.goto('/imp9');
  const pending = page.getByTestId('pending-deposit');
  await expect(pending).toHaveCount(1);
  await expect(pending).toContainText('250 points');
  await expect(pending).toContainText('UTR needed');
  await pending.getByRole('link', { name: 'Enter UTR' }).click();
  await expect(page).toHaveURL(new RegExp(`/payutr\\?request=${request?.id}$`));
  await expect(page.getByRole('heading', { name: 'Confirm Payment' })).toBeVisible();
  await expect(page.getByTestId('utr-request')).toContainText('250 points');

  const utrField = page.getByLabel('UTR number', { exact: true });
  await expect(utrField).toHaveAttribute('inputmode', 'numeric');
  await utrField.fill('12345');
  await page.getByRole('button', { name: 'Submit UTR' }).click();
  const utrMessage = 'Enter the 12-digit UTR (UPI transaction reference) shown in your payment app';
  await expectFieldError(page, 'UTR number', utrMessage);
  expect((await operator.deposits(player.mobile))[0]?.utr).toBeNull();

  // Letters and spaces from a paste are dropped; at most 12 digits stay.
  const utr = freshUtr();
  await utrField.fill(`${utr.slice(0, 6)} ${utr.slice(6)}99`);
  await expect(utrField).toHaveValue(utr);
  await page.getByLabel('Payment screenshot (optional)').setInputFiles({
    name: 'payment.png',
    mimeType: 'image/png',
    buffer: await screenshot(),
  });
  await expect(page.getByRole('img', { name: 'Your payment screenshot' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit UTR' }).click();
  await expectToast(page, 'UTR submitted. Your deposit will be credited after it is checked.');
  await expect(page).toHaveURL(/\/imp9$/);
  await expect(pending).toContainText('UTR sent');
  await expect(pending).toContainText(utr);

  const [withUtr] = await operator.deposits(player.mobile);
  expect(withUtr).toMatchObject({ id: request?.id, utr, has_screenshot: true });
  await operator.approveDeposit(request?.id ?? 0);
  await page.reload();
  await expect(page.getByTestId('wallet-amount')).toHaveText('250');
  await expect(pending).toHaveCount(0);
});

test('by QR the player states the amount, sees the code, then enters the UTR; a UTR already used is refused', async ({
  page,
  api,
  player,
}) => {
  const operator = await Operator.login(api);
  await startSession(page, player);
  await page.goto('/qrpay');
  const amount = page.getByLabel('Amount', { exact: true });
  await amount.fill('40');
  await page.getByRole('button', { name: 'Show QR code' }).click();
  await expectFieldError(page, 'Amount', 'Minimum amount to add is 100');
  await expect(page.getByRole('img', { name: /^QR code to pay / })).toHaveCount(0);
  await amount.fill('300');
  await page.getByRole('button', { name: 'Show QR code' }).click();
  await expect(page.getByTestId('qr-request')).toContainText('pay 300 points');
  await page.getByRole('link', { name: 'Enter UTR' }).click();
  await expect(page).toHaveURL(/\/payutr\?request=\d+$/);
  await expect(page.getByTestId('utr-request')).toContainText('300 points');
  const utr = freshUtr();
  await page.getByLabel('UTR number', { exact: true }).fill(utr);
  await page.getByRole('button', { name: 'Submit UTR' }).click();
  await expectToast(page, 'UTR submitted. Your deposit will be credited after it is checked.');

  // The same reference for a second payment: refused in the server's words, under the field.
  await page.goto('/qrpay');
  await page.getByLabel('Amount', { exact: true }).fill('500');
  await page.getByRole('button', { name: 'Show QR code' }).click();
  await page.getByRole('link', { name: 'Enter UTR' }).click();
  await expect(page.getByTestId('utr-request')).toContainText('500 points');
  await page.getByLabel('UTR number', { exact: true }).fill(utr);
  await page.getByRole('button', { name: 'Submit UTR' }).click();
  await expectFieldError(page, 'UTR number', 'This UTR has already been used');
  await expect(page).toHaveURL(/\/payutr\?request=\d+$/);

  const rows = await operator.deposits(player.mobile);
  expect(rows.map((row) => [row.amount, row.utr])).toEqual([
    ['500', null],
    ['300', utr],
  ]);
});
