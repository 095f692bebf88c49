import { expect, test } from '../../support/fixtures.ts';
import { createOperator, openScreen, shot, signIn } from '../../support/console.ts';

test('the owner sets a Gali liability cap after a confirmation, removes it, and the audit chain holds', async ({
  page,
  baseURL,
}, info) => {
  const owner = await createOperator(baseURL ?? '', 'owner');
  await signIn(page, owner);
  await openScreen(page, info, 'Liability caps');
  await expect(page.getByRole('heading', { name: 'Liability caps', level: 1 })).toBeVisible();
  // Gali: the group no other console test bids on.
  await page.getByRole('button', { name: 'Gali Disawar' }).click();
  const cap = page.getByLabel('Left Digit cap (points)');
  await expect(cap).toHaveValue('');
  await cap.fill('25000.50');
  await shot(page, info, 'caps');
  await page.getByRole('button', { name: 'Save caps' }).click();
  const confirm = page.getByRole('dialog', { name: 'Save caps' });
  await expect(confirm).toContainText('Left Digit: at most 25,000.50 points owed on one number of one draw.');
  await shot(page, info, 'caps-confirm');
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Caps saved')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Gali Disawar' }).click();
  await expect(cap).toHaveValue('25000.50');
  await expect(page.getByText(new RegExp(`Set by ${owner.username}`))).toBeVisible();

  await cap.fill('');
  await page.getByRole('button', { name: 'Save caps' }).click();
  await expect(page.getByRole('dialog', { name: 'Save caps' })).toContainText('Left Digit: no cap.');
  await page.getByRole('dialog', { name: 'Save caps' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Caps saved')).toBeVisible();

  await openScreen(page, info, 'Audit log');
  await page.getByRole('button', { name: 'Check the chain' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The chain holds' })).toBeVisible();
  await shot(page, info, 'audit-chain');
});
