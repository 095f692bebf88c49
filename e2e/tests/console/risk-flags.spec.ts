import { expectAccessible } from '../../support/axe.ts';
import { createOperator, openScreen, PHONE, shot, signIn, withdrawalRequest } from '../../support/console.ts';
import { expect, test } from '../../support/fixtures.ts';
import { Operator } from '../../support/funds.ts';
import type { GamaApi, Player } from '../../support/gama-api.ts';

/**
 * Two players who signed in on one phone, the second asking to withdraw: the withdrawal waits with the reason
 * (decision 039). The players register from the test's own address; an address alone raises no flag.
 */
async function linkedPair(
  api: GamaApi,
): Promise<{ first: Player; second: Player; device: string; number: string }> {
  const device = `e2e-phone-${Math.random().toString(36).slice(2, 10)}`;
  const first = await api.registerPlayer();
  const second = await api.registerPlayer();
  for (const p of [first, second]) {
    const login = await api.post('/api-user-login', {
      mobile: p.mobile,
      password: p.password,
      device_id: device,
    });
    expect(login.httpStatus).toBe(200);
  }
  const number = await withdrawalRequest(api, second, 600);
  return { first, second, device, number };
}

test(
  'a withdrawal of a player linked by a shared device waits at the desk with the reason until a cashier clears the hold',
  PHONE,
  async ({ page, api, baseURL }, info) => {
    const { first, second, device, number } = await linkedPair(api);
    const cashier = await createOperator(baseURL ?? '', 'cashier');
    await signIn(page, cashier);
    await openScreen(page, info, 'Withdrawals');
    const row = page.getByRole('row').filter({ hasText: number });
    const hold = row.getByTestId('risk-hold');
    await expect(hold).toContainText('Held for review');
    await expect(hold).toContainText(
      `is linked to ${first.name} (${first.mobile}): same device id ${device}`,
    );
    await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await shot(page, info, 'withdrawals-held');
    await expectAccessible(page, 'withdrawals with a held request');

    await row.getByRole('button', { name: 'Clear hold' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear risk hold' });
    await expect(dialog).toContainText(`by ${second.name} waits because: Flag #`);
    await dialog.getByRole('button', { name: 'Clear hold' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter at least 3 characters');
    await dialog
      .getByLabel('Why it may be paid (kept in the audit log)')
      .fill('Called both: brothers, one phone');
    await shot(page, info, 'withdrawals-clear-hold');
    await dialog.getByRole('button', { name: 'Clear hold' }).click();
    await expect(page.getByText(/^Hold cleared: withdrawal #\d+ can be approved$/)).toBeVisible();
    await expect(hold).toContainText(`Hold cleared by ${cashier.username}: Called both: brothers, one phone`);
    await expect(row.getByRole('button', { name: 'Approve' })).toBeVisible();
    // Clearing is a review: the cashier who cleared it does not also pay it.
    await row.getByRole('button', { name: 'Approve' }).click();
    const pay = page.getByRole('dialog', { name: 'Approve withdrawal' });
    await pay.getByLabel('Payment reference (UPI transaction id)').fill('UPI-HOLD-7788');
    await pay.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(
      page.getByText('You cleared this withdrawal’s risk hold: another operator must approve it'),
    ).toBeVisible();
  },
);

test(
  "the risk queue says why a flag was raised, the player's page shows the link, and dismissing the flag releases the withdrawal",
  PHONE,
  async ({ page, api, baseURL }, info) => {
    const { first, second, device, number } = await linkedPair(api);
    const owner = await createOperator(baseURL ?? '', 'owner');
    const firstId = await (await Operator.login(api)).playerId(first.mobile);
    await signIn(page, owner);

    await page.goto(`/admin/players/${firstId}`);
    const panel = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Links and risk flags', level: 2 }) });
    await expect(panel.getByRole('link', { name: new RegExp(second.name) })).toBeVisible();
    await expect(panel).toContainText(`same device id ${device}`);
    await expect(panel).toContainText('Open');
    await expect(panel).toContainText(`is linked to ${first.name}`);
    await shot(page, info, 'player-links');

    await openScreen(page, info, 'Risk flags');
    await expect(page.getByRole('heading', { name: 'Risk flags', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: `same device id ${device}` });
    await expect(row).toContainText('Linked accounts');
    await expect(row).toContainText(second.name);
    await expect(row).toContainText(first.name);
    await shot(page, info, 'risk-flags');
    await expectAccessible(page, 'risk flags');

    await row.getByRole('button', { name: 'Dismiss' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dismiss flag' });
    await expect(dialog).toContainText(`the withdrawals of ${second.name}, ${first.name} are released`);
    await dialog.getByLabel('Note (kept in the audit log)').fill('Same household, checked by phone');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText(/^Flag #\d+ dismissed$/)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.getByRole('group', { name: 'Show flags' }).getByRole('button', { name: 'Dismissed' }).click();
    await expect(page.getByRole('row').filter({ hasText: `same device id ${device}` })).toContainText(
      `${owner.username}: Same household, checked by phone`,
    );

    await openScreen(page, info, 'Withdrawals');
    await expect(page.getByRole('row').filter({ hasText: number }).getByTestId('risk-hold')).toContainText(
      `Hold cleared by ${owner.username}: Flag #`,
    );
  },
);
