import { expect, expectToast, loginViaUi, openMenu, startSession, test } from '../support/fixtures.ts';

test('Play limits: a stake limit applies at once, a raise waits 24 hours as pending', async ({
  page,
  player,
}) => {
  await loginViaUi(page, player);
  const menu = await openMenu(page);
  await menu.getByRole('link', { name: 'Play limits' }).click();
  await expect(page).toHaveURL(/\/play-limits$/);

  const day = page.getByLabel('Stake limit per day');
  await day.fill('500');
  await page.getByRole('button', { name: 'Save stake limit' }).click();
  await expectToast(page, 'Play limits saved');
  await expect(page.getByText('Now: 500 points')).toBeVisible();

  await day.fill('900');
  await page.getByRole('button', { name: 'Save stake limit' }).click();
  await expect(page.getByText(/Now: 500 points · Pending: 900 points from/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('play-limits.png'), fullPage: true });
});

test('a time-out refuses deposits with a clear message', async ({ page, player }) => {
  await startSession(page, player);
  await page.goto('/play-limits');
  // A break cannot be undone: it asks first, naming its length and end, and Cancel (the first choice) starts none.
  await page.getByLabel('Length').selectOption('5y');
  await page.getByRole('button', { name: 'Start break' }).click();
  let confirm = page.getByRole('dialog', { name: 'Start a self-exclusion?' });
  await expect(confirm.getByTestId('break-confirm')).toHaveText(
    /^Self-exclusion for 5 years, until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}\s[ap]m\.$/,
  );
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('play-break-confirm.png') });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'until' })).toHaveCount(0);

  await page.getByLabel('Length').selectOption('24h');
  await page.getByRole('button', { name: 'Start break' }).click();
  confirm = page.getByRole('dialog', { name: 'Start a time-out?' });
  await expect(confirm.getByTestId('break-confirm')).toContainText('Time-out for 24 hours, until ');
  await confirm.getByRole('button', { name: 'Yes, start it' }).click();
  await expectToast(page, 'Time-out started.');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Time-out until' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('play-timeout.png'), fullPage: true });

  await page.goto('/payviaupi');
  await page.getByLabel('Amount', { exact: true }).fill('250');
  await page.getByRole('radio', { name: 'Google Pay' }).click();
  await page.getByRole('button', { name: 'Add Money' }).click();
  await expectToast(page, 'You are on a time-out until');
  // Refused before any money moves: the UPI app was never asked to open, and no QR code is shown.
  await expect(page.getByTestId('upi-pay-link')).toHaveCount(0);
  await expect(page.getByText('Your UPI app should open to complete the payment.')).toHaveCount(0);
  await page.goto('/qrpay');
  await page.getByLabel('Amount', { exact: true }).fill('250');
  await page.getByRole('button', { name: 'Show QR code' }).click();
  await expectToast(page, 'You are on a time-out until');
  await expect(page.getByRole('img', { name: /^QR code to pay / })).toHaveCount(0);
});
