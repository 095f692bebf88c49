import { Operator } from '../../support/bidding.ts';
import { expect, test } from '../../support/fixtures.ts';
import {
  createOperator,
  ownerSettings,
  PHONE,
  shot,
  signIn,
  withdrawalRequest,
} from '../../support/console.ts';

test(
  'a withdrawal above the owner limit needs two cashiers: the first records, only another one pays',
  PHONE,
  async ({ page, browser, api, baseURL }, info) => {
    const base = baseURL ?? '';
    await ownerSettings(base, { withdrawal_two_person_above: 500 });
    // This server gives new players betting off; an owner switches it on for this one so they can withdraw.
    const player = await api.registerPlayer();
    const owner = await Operator.login(base);
    const id = await owner.playerId(player.mobile);
    await owner.call('POST', `/admin-api/players/${id}/betting-status`, { betting_status: '1' });
    const number = await withdrawalRequest(api, player, 600);
    const first = await createOperator(base, 'cashier');
    const second = await createOperator(base, 'cashier');

    await signIn(page, first);
    await page.goto(`/admin/withdrawals?q=${player.mobile}`);
    await expect(page.getByText('Above 500 points two operators must approve.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: player.name });
    await expect(row).toContainText('Two approvals');
    await row.getByRole('button', { name: 'First approval' }).click();
    const confirm = page.getByRole('dialog', { name: 'First approval' });
    await expect(confirm).toContainText('nothing is paid until a second operator approves it');
    await confirm.getByRole('button', { name: 'Record first approval' }).click();
    await expect(page.getByText(/First approval recorded; another operator must approve/)).toBeVisible();
    await expect(row).toContainText('Needs 2nd approval');
    await expect(row).toContainText('Waiting for another operator');
    await expect(row.getByRole('button', { name: /Approve/ })).toHaveCount(0);
    await shot(page, info, 'withdrawals-first-approval');

    const other = await browser.newContext({ baseURL: base });
    const secondPage = await other.newPage();
    await signIn(secondPage, second);
    await secondPage.goto(`/admin/withdrawals?q=${player.mobile}`);
    const theirs = secondPage.getByRole('row').filter({ hasText: player.name });
    await expect(theirs).toContainText(`1st: ${first.username}`);
    await theirs.getByRole('button', { name: 'Approve' }).click();
    const pay = secondPage.getByRole('dialog', { name: 'Approve withdrawal' });
    await expect(pay).toContainText(`at ${number}`);
    await expect(pay).toContainText(`First approval by ${first.username}.`);
    await pay.getByLabel('Payment reference (UPI transaction id)').fill('UPI-2P-4455');
    await pay.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(secondPage.getByText('600.00 points paid out')).toBeVisible();
    await other.close();

    await page.reload();
    await expect(row).toHaveCount(0);
  },
);
