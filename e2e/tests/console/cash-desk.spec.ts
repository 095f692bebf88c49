import { expect, test } from '../../support/fixtures.ts';
import {
  createOperator,
  depositWithUtr,
  isPhone,
  masked,
  openScreen,
  PHONE,
  shot,
  signIn,
  withdrawalRequest,
} from '../../support/console.ts';

test(
  'deposit queue: the cashier checks the UTR, approves one, rejects one with a reason and approves two in bulk',
  PHONE,
  async ({ page, api, baseURL }, info) => {
    const player = await api.registerPlayer();
    const first = await depositWithUtr(api, player, 1000);
    const second = await depositWithUtr(api, player, 700);
    const third = await depositWithUtr(api, player, 2000);
    const fourth = await depositWithUtr(api, player, 1500);
    const cashier = await createOperator(baseURL ?? '', 'cashier');
    await signIn(page, cashier);
    await openScreen(page, info, 'Deposits');
    await expect(page.getByRole('heading', { name: 'Deposits', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Waiting for you' })).toContainText(/\d+ deposits?/);

    await page.getByLabel('Player (phone, name or id)').fill(player.mobile);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${player.mobile}`));
    const rows = page.getByRole('row').filter({ hasText: player.name });
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: first.utr })).toContainText('+1,000.00');
    await shot(page, info, 'deposits-queue');

    await rows.filter({ hasText: first.utr }).getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve deposit' });
    await expect(approve).toContainText(
      `Credit 1,000.00 points to ${player.name} (${masked(player.mobile)}) for deposit #${first.id}, UTR ${first.utr}.`,
    );
    await expect(approve.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shot(page, info, 'deposits-approve-confirm');
    await approve.getByRole('button', { name: 'Credit points' }).click();
    await expect(page.getByText('1,000.00 points credited')).toBeVisible();
    await expect(rows).toHaveCount(3);
    // Closing, the dialog hands focus back: wait for that before choosing the next row. What opened it left the
    // queue with the approved deposit, so the page's main region takes the focus, not the top of the document.
    await expect(approve).toBeHidden();
    await expect(page.locator('main#main')).toBeFocused();

    if (isPhone(info)) {
      await rows.filter({ hasText: second.utr }).getByRole('button', { name: 'Reject' }).click();
    } else {
      // At the desk a row takes the queue keys: r opens the rejection.
      await rows.filter({ hasText: second.utr }).focus();
      await page.keyboard.press('r');
    }
    const reject = page.getByRole('dialog', { name: 'Reject deposit' });
    await expect(reject).toContainText(`Reject deposit #${second.id} of 700.00 points`);
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(reject.getByRole('alert')).toHaveText('Enter at least 3 characters');
    await reject.getByLabel('Reason (the player sees it)').fill('No payment with this UTR in the bank');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText(`Deposit #${second.id} rejected`)).toBeVisible();
    await expect(rows).toHaveCount(2);

    await page.getByRole('checkbox', { name: 'Select every row on this page' }).check();
    const bulk = page.getByRole('region', { name: 'Selected deposits' });
    await expect(bulk).toContainText('2 selected · 3,500.00 points');
    await shot(page, info, 'deposits-bulk');
    await bulk.getByRole('button', { name: 'Approve selected' }).click();
    const bulkConfirm = page.getByRole('dialog', { name: 'Approve deposit' });
    await expect(bulkConfirm).toContainText('Credit 3,500.00 points in total to 1 player for 2 deposits.');
    await bulkConfirm.getByRole('button', { name: 'Credit 2 deposits' }).click();
    await expect(page.getByText('2 of 2 approved')).toBeVisible();
    await expect(page.getByText('No deposits are waiting. The queue is clear.')).toBeVisible();

    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'All' }).click();
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: third.utr })).toContainText('Approved');
    await expect(rows.filter({ hasText: fourth.utr })).toContainText('Approved');
    await expect(rows.filter({ hasText: second.utr })).toContainText('Rejected');
    await shot(page, info, 'deposits-all');
  },
);

test(
  'withdrawal queue: pay by UPI and approve with the payment reference; reject another with a reason',
  PHONE,
  async ({ page, api, baseURL }, info) => {
    const player = await api.registerPlayer();
    const number = await withdrawalRequest(api, player, 600);
    const other = await api.registerPlayer();
    await withdrawalRequest(api, other, 800);
    const cashier = await createOperator(baseURL ?? '', 'cashier');
    await signIn(page, cashier);
    await openScreen(page, info, 'Withdrawals');
    await expect(page.getByRole('heading', { name: 'Withdrawals', level: 1 })).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: player.name });
    await expect(row).toContainText(number);
    await expect(row).toContainText('Google Pay');
    await expect(row).toContainText('−600.00');
    await shot(page, info, 'withdrawals-queue');

    await row.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve withdrawal' });
    await expect(approve).toContainText(
      `Pay 600.00 points to ${player.name} (${masked(player.mobile)}) by Google Pay at ${number}`,
    );
    await approve.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(approve.getByRole('alert')).toHaveText('Enter at least 4 characters');
    await approve.getByLabel('Payment reference (UPI transaction id)').fill('UPI-998877');
    await shot(page, info, 'withdrawals-approve');
    await approve.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(page.getByText('600.00 points paid out')).toBeVisible();
    await expect(row).toHaveCount(0);

    const otherRow = page.getByRole('row').filter({ hasText: other.name });
    await otherRow.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject withdrawal' });
    await expect(reject).toContainText('The points go back to their wallet.');
    await reject.getByLabel('Reason (the player sees it)').fill('Number does not accept UPI');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText(/rejected; the points are back in the wallet/)).toBeVisible();

    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Paid' }).click();
    await expect(page.getByRole('row').filter({ hasText: player.name })).toContainText('Ref UPI-998877');
  },
);
