import { expect, test } from '../../support/fixtures.ts';
import { Operator } from '../../support/funds.ts';
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
  'deposit queue, first on a phone: the cashier checks the UTR, approves one, rejects one with a reason and approves two in bulk',
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
    // The queue comes first on a phone too: the first request's Approve is on the first screen, the other
    // filters fold away behind one button, and the top bar keeps the market clock.
    await expect(rows.first().getByRole('button', { name: 'Approve' })).toBeInViewport();
    await expect(page.getByTitle(/^Market time/)).toBeVisible();
    if (isPhone(info)) {
      await expect(page.getByLabel('From')).toBeHidden();
      await page.getByRole('button', { name: 'More filters' }).click();
      await expect(page.getByLabel('From')).toBeVisible();
      await page.getByRole('button', { name: 'Fewer filters' }).click();
    }
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
  'a duplicate-UTR flag names the UTR tried, the request holding it and when, in the queue and the approve dialog',
  PHONE,
  async ({ page, api, baseURL }, info) => {
    const holder = await api.registerPlayer();
    const copier = await api.registerPlayer();
    const first = await depositWithUtr(api, holder, 500);
    // The second player first enters the first one's UTR (refused), then a UTR of their own.
    const login = await api.post('/api-user-login', { mobile: copier.mobile, password: copier.password });
    const unique_token = String(login.body.unique_token);
    const added = await api.post(
      '/api-fund-request-add',
      { unique_token, request_amount: '600' },
      { 'idempotency-key': `e2e-${Math.random().toString(36).slice(2)}` },
    );
    const request_id = Number(added.body.request_id);
    const copied = await api.post('/api-fund-request-utr', { unique_token, request_id, utr: first.utr });
    expect(copied.httpStatus).toBe(409);
    const own = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
    const sent = await api.post('/api-fund-request-utr', { unique_token, request_id, utr: own });
    expect(sent.httpStatus).toBe(200);

    const cashier = await createOperator(baseURL ?? '', 'cashier');
    await signIn(page, cashier);
    await openScreen(page, info, 'Deposits');
    await page.getByLabel('Player (phone, name or id)').fill(copier.mobile);
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = page.getByRole('row').filter({ hasText: own });
    await expect(row).toContainText('Duplicate UTR');
    const said = new RegExp(
      `^UTR ${first.utr} entered here \\d{2} [A-Z][a-z]{2} \\d{4}, .+ was refused: already on #${first.id}\\.$`,
    );
    await expect(row.getByTestId('utr-attempts')).toHaveText(said);
    await row.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: 'Approve deposit' });
    await expect(approve.getByRole('note')).toContainText(
      'Duplicate UTR: check the bank app before crediting.',
    );
    await expect(approve.getByTestId('utr-attempts')).toHaveText(said);
    await shot(page, info, 'deposits-duplicate-utr');
    await approve.getByRole('button', { name: 'Cancel' }).click();
    await expect(approve).toBeHidden();
  },
);

test(
  'withdrawal queue: transfers in the last 30 days, pay by UPI and approve with the payment reference; reject another with a reason',
  PHONE,
  async ({ page, api, baseURL }, info) => {
    const player = await api.registerPlayer();
    const number = await withdrawalRequest(api, player, 600);
    const other = await api.registerPlayer();
    const otherNumber = await withdrawalRequest(api, other, 800);
    // Points the player received by transfer count in the desk's last 30 days, with who sent them.
    await (await Operator.login(api)).fund(other.mobile, 200);
    const login = await api.post('/api-user-login', { mobile: other.mobile, password: other.password });
    const sent = await api.post(
      '/api-user-transfer-wallet-balance',
      {
        unique_token: String(login.body.unique_token),
        mobile_no: player.mobile,
        amount: '150',
        transfer_note: '',
      },
      { 'idempotency-key': `e2e-${Math.random().toString(36).slice(2)}` },
    );
    expect(sent.httpStatus).toBe(200);
    const cashier = await createOperator(baseURL ?? '', 'cashier');
    await signIn(page, cashier);
    await openScreen(page, info, 'Withdrawals');
    await expect(page.getByRole('heading', { name: 'Withdrawals', level: 1 })).toBeVisible();

    // Each row names the other player of a transfer: rows are told apart by their payout numbers.
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row).toContainText(player.name);
    await expect(row).toContainText('Google Pay');
    await expect(row).toContainText('−600.00');
    await expect(row.getByTestId('recent-transfers')).toHaveText(
      `From ${other.name} (${masked(other.mobile)}): 150.00 in 1 transfer`,
    );
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

    const otherRow = page.getByRole('row').filter({ hasText: otherNumber });
    await otherRow.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject withdrawal' });
    await expect(reject).toContainText('The points go back to their wallet.');
    await reject.getByLabel('Reason (the player sees it)').fill('Number does not accept UPI');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText(/rejected; the points are back in the wallet/)).toBeVisible();

    await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Paid' }).click();
    await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Ref UPI-998877');
  },
);
