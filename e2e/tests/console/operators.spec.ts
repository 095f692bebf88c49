import { expect, test } from '../../support/fixtures.ts';
import {
  createOperator,
  isPhone,
  openScreen,
  serverClockOffsetMs,
  shot,
  signIn,
} from '../../support/console.ts';

test('an owner creates an operator, changes the role, resets the password, disables and enables them', async ({
  page,
  browser,
  baseURL,
  api,
}, info) => {
  const owner = await createOperator(baseURL ?? '', 'owner');
  await signIn(page, owner);
  await openScreen(page, info, 'Operators');
  await expect(page.getByRole('heading', { name: 'Operators', level: 1 })).toBeVisible();
  // The top bar's clock is the server's (which started at noon, hours away from this machine's) from the first
  // paint, on a screen whose own answers carry no time (a phone hides the clock).
  if (!isPhone(info)) {
    // A fresh page load: the dashboard the owner landed on set the clock from its own answer already.
    await page.goto('/admin/operators');
    await expect(page.getByRole('heading', { name: 'Operators', level: 1 })).toBeVisible();
    const offset = await serverClockOffsetMs(api);
    const clock = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      hour: '2-digit',
      minute: '2-digit',
    });
    const near = [0, 60_000].map((ahead) => clock.format(new Date(Date.now() + offset + ahead)));
    await expect(page.getByTitle('Market time')).toContainText(new RegExp(near.join('|')));
  }
  // The owner's own row offers a new password only: the server refuses their own disable or role change.
  const mine = page.getByRole('row').filter({ hasText: owner.username });
  await expect(mine.getByRole('button', { name: 'Password' })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Disable' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Role' })).toHaveCount(0);

  const username = `desk-${Math.random().toString(36).slice(2, 8)}`;
  await page.getByRole('button', { name: 'New operator' }).click();
  const create = page.getByRole('dialog', { name: 'New operator' });
  await create.getByLabel('Username').fill(username);
  await create.getByLabel('First password', { exact: true }).fill('short');
  await create.getByRole('button', { name: 'Create operator' }).click();
  await expect(create.getByLabel('First password', { exact: true })).toHaveAccessibleDescription(
    'Operator passwords must be at least 10 characters',
  );
  await create.getByLabel('First password', { exact: true }).fill('first-pass-123');
  await create.getByLabel('Role').selectOption('support');
  await shot(page, info, 'operators-create');
  await create.getByRole('button', { name: 'Create operator' }).click();
  await expect(page.getByText(`${username} can now sign in as Support`)).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Support');
  await expect(row).toContainText('Active');
  await shot(page, info, 'operators-list');

  // A second owner account with the same name is refused in the server's words.
  await page.getByRole('button', { name: 'New operator' }).click();
  await create.getByLabel('Username').fill(username);
  await create.getByLabel('First password', { exact: true }).fill('first-pass-123');
  await create.getByRole('button', { name: 'Create operator' }).click();
  await expect(create.getByRole('alert')).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: 'Role' }).click();
  const roleDialog = page.getByRole('dialog', { name: `Role of ${username}` });
  await roleDialog.getByLabel('New role').selectOption('cashier');
  await roleDialog.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByText(`${username} is now Cashier`)).toBeVisible();
  await expect(row).toContainText('Cashier');

  await row.getByRole('button', { name: 'Password' }).click();
  const passwordDialog = page.getByRole('dialog', { name: `New password for ${username}` });
  await passwordDialog.getByLabel('New password', { exact: true }).fill('second-pass-456');
  await passwordDialog.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText(`New password set for ${username}; their sessions ended`)).toBeVisible();

  // The new password works for them, in another browser.
  const other = await browser.newContext({ baseURL: baseURL ?? '' });
  const theirs = await other.newPage();
  await signIn(theirs, { username, password: 'second-pass-456' });
  await expect(theirs.getByRole('banner').getByText('Cashier', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable operator' });
  await expect(confirm).toContainText(`${username} (Cashier) will be signed out everywhere`);
  // Cancel is where the focus starts: Enter on a fresh confirmation does nothing destructive.
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shot(page, info, 'operators-disable-confirm');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`${username} is disabled`)).toBeVisible();
  await expect(row).toContainText('Disabled');

  // Their session ended: the next thing they do sends them to sign-in, and signing in is refused.
  await theirs.reload();
  await expect(theirs).toHaveURL(/\/admin\/sign-in$/);
  await theirs.getByLabel('Username').fill(username);
  await theirs.getByLabel('Password', { exact: true }).fill('second-pass-456');
  await theirs.getByRole('button', { name: 'Sign in' }).click();
  await expect(theirs.getByRole('alert')).toContainText('disabled');
  await other.close();

  await row.getByRole('button', { name: 'Enable' }).click();
  await page.getByRole('dialog', { name: 'Enable operator' }).getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText(`${username} is enabled`)).toBeVisible();
  await expect(row).toContainText('Active');
});
