import { expect, test } from '../../support/fixtures.ts';
import { Operator } from '../../support/bidding.ts';
import { createOperator, depositWithUtr, openScreen, shot, signIn } from '../../support/console.ts';

const randomUtr = () => String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));

test('the cashier uploads a bank statement, reads matched, mismatched and unmatched lines, approves the matched ones in one action, and the same file again changes nothing', async ({
  page,
  api,
  baseURL,
}, info) => {
  const asha = await api.registerPlayer();
  const ravi = await api.registerPlayer();
  const matched = await depositWithUtr(api, asha, 500);
  const mismatched = await depositWithUtr(api, ravi, 800);
  const stranger = randomUtr();
  // An SBI-style export: title lines before the header, Debit/Credit columns, day-first dates.
  const csv = [
    'Statement of account,GAMA ENTERPRISES',
    'Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance',
    `20/11/2026,20/11/2026,UPI/CR/${matched.utr}/ASHA/okaxis,TRANSFER FROM ${matched.utr},,500.00,1000.00`,
    `20/11/2026,20/11/2026,UPI/CR/${mismatched.utr}/RAVI/ybl,TRANSFER FROM ${mismatched.utr},,"1,000.00",2000.00`,
    `20/11/2026,20/11/2026,UPI/CR/${stranger}/STRANGER/ybl,TRANSFER FROM ${stranger},,250.00,2250.00`,
    `20/11/2026,20/11/2026,UPI/DR/${randomUtr()}/RENT,TRANSFER TO SOMEONE,100.00,,2150.00`,
  ].join('\n');
  const file = {
    name: `sbi-${matched.utr}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  };

  const cashier = await createOperator(baseURL ?? '', 'cashier');
  await signIn(page, cashier);
  await openScreen(page, info, 'Reconciliation');
  await expect(page.getByRole('heading', { name: 'Statement reconciliation', level: 1 })).toBeVisible();

  // Nothing chosen yet: said before anything is sent.
  await page.getByRole('button', { name: 'Upload and match' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose the statement file (CSV) first');
  await page.getByLabel('Statement file (CSV)').setInputFiles(file);
  await shot(page, info, 'reconciliation-upload');
  await page.getByRole('button', { name: 'Upload and match' }).click();
  await expect(page.getByText('Statement uploaded: 4 lines, 1 matched')).toBeVisible();
  await expect(page).toHaveURL(/statement=\d+/);
  await expect(page.getByRole('heading', { name: file.name })).toBeVisible();

  const lines = page.getByRole('table', { name: `Lines of ${file.name}` }).getByRole('row');
  const line = (n: number) => lines.filter({ hasText: `Line ${n}` });
  await expect(line(3)).toContainText('Matched');
  await expect(line(3)).toContainText(
    `Deposit #${matched.id} of 500 points by ${asha.name}, pending: approve it`,
  );
  await expect(line(3)).toContainText('+500.00');
  await expect(line(4)).toContainText('Mismatched');
  await expect(line(4)).toContainText(
    `Deposit #${mismatched.id} is for 800 points; the statement says 1000 points`,
  );
  await expect(line(5)).toContainText('Unmatched');
  await expect(line(5)).toContainText('No deposit request has this UTR');
  await expect(line(6)).toContainText('Skipped');
  await shot(page, info, 'reconciliation-lines');

  await page
    .getByRole('group', { name: 'Lines shown' })
    .getByRole('button', { name: 'Mismatched 1' })
    .click();
  await expect(page).toHaveURL(/outcome=mismatched/);
  await expect(lines.filter({ hasText: /Line \d/ })).toHaveCount(1);
  await expect(line(4)).toBeVisible();
  await page.getByRole('group', { name: 'Lines shown' }).getByRole('button', { name: 'All 4' }).click();

  await page.getByRole('button', { name: 'Approve 1 matched line' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve matched deposits' });
  await expect(confirm).toContainText(
    'Credit 500.00 points in total to 1 player for 1 deposit whose UTR and amount match this statement.',
  );
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(page, info, 'reconciliation-approve');
  await confirm.getByRole('button', { name: 'Credit 1 deposit' }).click();
  await expect(page.getByText('1 approved', { exact: true })).toBeVisible();
  await expect(line(3)).toContainText('already approved');
  await expect(line(3)).toContainText('Approved');
  await expect(page.getByRole('button', { name: 'No matched line to approve' })).toBeDisabled();
  // The mismatched request is left for a person on the deposit desk.
  await expect(line(4)).toContainText('Pending');

  // The same file again: the server answers the statement it has, and nothing changes.
  await page.getByRole('button', { name: 'All statements' }).click();
  const listed = page
    .getByRole('table', { name: 'Uploaded statements' })
    .getByRole('row')
    .filter({ hasText: file.name });
  await expect(listed).toHaveCount(1);
  await page.getByLabel('Statement file (CSV)').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload and match' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This file was uploaded before' })).toContainText(
    `by ${cashier.username}. Nothing changed: here it is as it stands now.`,
  );
  await expect(page.getByText('1 matched (0 still pending)')).toBeVisible();
  await expect(line(3)).toContainText('Approved');
  await shot(page, info, 'reconciliation-again');
  await page.getByRole('button', { name: 'All statements' }).click();
  await expect(listed).toHaveCount(1);
});

test('support reads the statements but cannot upload or approve', async ({ page, baseURL }, info) => {
  const utr = randomUtr();
  const owner = await Operator.login(baseURL ?? '');
  await owner.call('POST', '/admin-api/reconciliation/statements', {
    filename: `upi-${utr}.csv`,
    csv: `UTR,Amount,Date,Payer\n${utr},300,20/11/2026,MEENA\n`,
  });
  const support = await createOperator(baseURL ?? '', 'support');
  await signIn(page, support);
  await openScreen(page, info, 'Reconciliation');
  await expect(page.getByRole('heading', { name: 'Uploaded statements' })).toBeVisible();
  await expect(page.getByLabel('Statement file (CSV)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload and match' })).toHaveCount(0);

  await page
    .getByRole('table', { name: 'Uploaded statements' })
    .getByRole('row')
    .filter({ hasText: `upi-${utr}.csv` })
    .getByRole('button', { name: 'Open' })
    .click();
  const lines = page.getByRole('table', { name: `Lines of upi-${utr}.csv` });
  await expect(lines.getByRole('row').filter({ hasText: 'Line 2' })).toContainText(
    'No deposit request has this UTR',
  );
  await expect(page.getByRole('button', { name: /Approve|No matched line/ })).toHaveCount(0);
  await shot(page, info, 'reconciliation-read-only');
});
