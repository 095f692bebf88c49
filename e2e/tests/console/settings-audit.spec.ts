import { expect, test } from '../../support/fixtures.ts';
import { createOperator, openScreen, shot, signIn } from '../../support/console.ts';

test('the owner changes a setting after a confirmation that says what it does, and the audit log shows it', async ({
  page,
  baseURL,
}, info) => {
  const owner = await createOperator(baseURL ?? '', 'owner');
  await signIn(page, owner);
  await openScreen(page, info, 'Settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const threshold = page.getByLabel(/Withdrawals above this many points/);
  const before = await threshold.inputValue();
  await shot(page, info, 'settings');

  // A limit no test withdrawal reaches, so the other tests running now see no difference.
  await threshold.fill('9000000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const confirm = page.getByRole('dialog', { name: 'Save settings' });
  await expect(confirm).toContainText(
    "Withdrawals above 90,00,000 points will need a second operator (a player's withdrawals of 24 hours count together).",
  );
  await shot(page, info, 'settings-confirm');
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await page.reload();
  await expect(threshold).toHaveValue('9000000');

  await threshold.fill(before);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('dialog', { name: 'Save settings' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  await openScreen(page, info, 'Audit log');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await page.getByLabel('Operator', { exact: true }).selectOption({ label: owner.username });
  await page.getByRole('button', { name: 'Apply' }).click();
  // The filters live in the URL, so the view can be shared as a link.
  await expect(page).toHaveURL(new RegExp(`operator_id=${owner.id}`));
  const rows = page.getByRole('row').filter({ hasText: owner.username });
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('table')).toContainText(/Settings/i);
  await shot(page, info, 'audit');

  // Reloading the link keeps the filter.
  await page.reload();
  await expect(page.getByLabel('Operator', { exact: true })).toHaveValue(String(owner.id));

  // The sort is one column and a direction, in the link and in what the server is asked, as on every table.
  const asked = page.waitForRequest(
    (r) => /\/admin-api\/audit\?/.test(r.url()) && r.url().includes('dir=asc'),
  );
  await page.goto(`/admin/audit?operator_id=${owner.id}&sort=at&dir=asc`);
  const sorted = new URL((await asked).url()).searchParams;
  expect([sorted.get('sort'), sorted.get('dir')]).toEqual(['at', 'asc']);
  await expect(rows.first()).toBeVisible();

  // A row opens its before and after.
  await rows
    .filter({ hasText: /Settings/i })
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: 'Audit entry' });
  await expect(detail).toContainText('Before');
  await expect(detail).toContainText('withdrawal_two_person_above');
  await shot(page, info, 'audit-detail');
  await page.keyboard.press('Escape');

  // The export is the server's CSV of the same filters.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks).toString('utf8');
  expect(csv).toContain(owner.username);
  expect(csv.split('\n').length).toBeGreaterThan(2);
});

test('my sessions: the operator sees where they are signed in and ends another session', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const support = await createOperator(baseURL ?? '', 'support');
  const other = await browser.newContext({ baseURL: baseURL ?? '' });
  const elsewhere = await other.newPage();
  await signIn(elsewhere, support);
  await signIn(page, support);
  await openScreen(page, info, 'My sessions');
  await expect(page.getByRole('heading', { name: 'My sessions', level: 1 })).toBeVisible();
  await expect(page.getByText('This device')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Chrome' })).toHaveCount(2);
  await shot(page, info, 'sessions');

  await page.getByRole('button', { name: 'End all other sessions' }).click();
  const confirm = page.getByRole('dialog', { name: 'End other sessions' });
  await expect(confirm).toContainText('Sign out 1 other session. This device stays signed in.');
  await confirm.getByRole('button', { name: 'End them' }).click();
  await expect(page.getByText('1 other session ended')).toBeVisible();
  await expect(page.getByRole('button', { name: 'End session' })).toHaveCount(0);

  // The other browser is signed out: its next request answers 401 and it lands on sign-in with the reason.
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/admin\/sign-in$/);
  await other.close();
});
