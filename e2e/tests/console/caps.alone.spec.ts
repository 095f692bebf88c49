import { expect, test } from '../../support/fixtures.ts';
import { createOperator, openScreen, shot, signIn } from '../../support/console.ts';
import { deskSize } from '../../support/sizes.ts';

// At the desk's size, alone on the clock server (playwright.config.ts: it signs an audit checkpoint and then
// expects no row after it).
test.use({ ...deskSize });

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
  const hint = page.getByRole('listitem').filter({ has: cap }).getByTestId('cap-hint');
  await expect(cap).toHaveValue('');
  await expect(hint).toHaveText('No cap: every amount is taken.');
  // While a value is typed the hint says what it will mean, never the saved state's "No cap".
  await cap.fill('0');
  await expect(hint).toHaveText('Not a cap yet: points with up to two decimals.');
  await cap.fill('25000.50');
  await expect(hint).toHaveText('Not saved yet: at most 25,000.50 points owed on one number of one draw.');
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
  await expect(hint).toHaveText(new RegExp(`^Set by ${owner.username}, `));

  await cap.fill('');
  await expect(hint).toHaveText('Not saved yet: no cap, every amount is taken.');
  await page.getByRole('button', { name: 'Save caps' }).click();
  await expect(page.getByRole('dialog', { name: 'Save caps' })).toContainText('Left Digit: no cap.');
  await page.getByRole('dialog', { name: 'Save caps' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Caps saved')).toBeVisible();

  await openScreen(page, info, 'Audit log');
  await page.getByRole('button', { name: 'Check the chain' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The chain holds' })).toBeVisible();
  // The caps just saved are audit rows not yet signed; signing covers them (and the row asking for it).
  const checkpoints = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Signed checkpoints' }) });
  await checkpoints.getByRole('button', { name: 'Sign a checkpoint now' }).click();
  await expect(checkpoints.getByRole('status')).toContainText(
    'The log still matches its last signed checkpoint.',
  );
  await expect(checkpoints).toContainText('No rows since.');
  await shot(page, info, 'audit-chain');
});
